/**
 * The frame of the pages that work on one contract (activation, waiver, extension, printing),
 * each at `<page>/<contract id>` (see use-contract.ts): without a contract the page goes to
 * /creditos, where contracts are chosen; a contract the replica
 * does not hold shows 'Error al buscar información del crédito'; otherwise the page gets the
 * contract with its figures today, under a header naming it.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { RECORD_LISTS, type RecordRoute } from '#domain/record-routes';
import type { OutboxRowOf } from '#commands/command-map';
import { EmptyState } from '#ui/empty-state.tsx';
import { Spinner } from '#ui/spinner.tsx';
import type { CreditRow } from './contract-figures.ts';
import { ContractBadges } from './contract-detail-modal.tsx';
import { useContractData, useContractTarget, type CreditoKind } from './use-contract.ts';
import './creditos.css';

export interface ContractPageContext<K extends CreditoKind = CreditoKind> {
  row: CreditRow;
  pending: boolean;
  /** A refused item of this page's kind reopened from the sync center. */
  fixRow: OutboxRowOf<K> | null;
}

export interface ContractPageProps<K extends CreditoKind> {
  titleKey: string;
  /** The page's own path (its address is `<route>/<contract id>`). */
  route: RecordRoute;
  /** The command kind this page queues (to reopen a refused one); null when it writes none. */
  kind: K | null;
  className?: string;
  children: (context: ContractPageContext<K>) => ReactNode;
}

/** The contract's number and member, with its status badges. */
export function ContractHeader({ row, pending }: { row: CreditRow; pending: boolean }) {
  const { t } = useTranslation();
  return (
    <header className="credito-header card" data-testid="contract-header">
      <p className="credito-header-title">
        {t('creditos.detail.title', { id: row.id })}
        <span className="credito-header-member">
          {t('creditos.header.member', { clave: row.clave_socio, nombre: row.nombres })}
        </span>
      </p>
      <ContractBadges row={row} pending={pending} />
    </header>
  );
}

function ContractLoaded<K extends CreditoKind>({
  id,
  fixRow,
  children,
}: {
  id: number;
  fixRow: OutboxRowOf<K> | null;
  children: ContractPageProps<K>['children'];
}) {
  const { t } = useTranslation();
  const { row, pending } = useContractData(id);
  if (row === undefined) return <Spinner />;
  if (row === null)
    return (
      <div role="alert" data-testid="contract-not-found">
        <EmptyState title={t('creditos.history.error')} />
      </div>
    );
  return <>{children({ row, pending, fixRow })}</>;
}

export function ContractPage<K extends CreditoKind>({
  titleKey,
  route,
  kind,
  className,
  children,
}: ContractPageProps<K>) {
  const { t } = useTranslation();
  const target = useContractTarget(kind, route);
  if (target.state === 'none') return <Navigate to={RECORD_LISTS[route]} replace />;
  if (target.state === 'moving') return <Navigate to={target.address} replace />;
  return (
    <section className={`screen credito-page${className ? ` ${className}` : ''}`}>
      <h1 className="screen-title">{t(titleKey)}</h1>
      {target.state === 'loading' ? (
        <Spinner />
      ) : (
        <ContractLoaded id={target.id} fixRow={target.fixRow}>
          {children}
        </ContractLoaded>
      )}
    </section>
  );
}
