/**
 * The contract detail: its data, the debt today, due date, amount paid, life,
 * current and overdue portfolio days, status badges, the credit history, and the buttons of
 * the caller's role for the contract's status. A button puts the contract in the `contrato`
 * selection and opens its screen.
 */
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useStore } from 'zustand';
import { codeLabelKey } from '#domain/codes';
import { todayIn } from '#domain/dates';
import { sessionStore } from '#api/session-store';
import { Badge } from '#ui/badge.tsx';
import { Button } from '#ui/button.tsx';
import { DateText } from '#ui/date-text.tsx';
import { Modal } from '#ui/modal.tsx';
import { Currency } from '#ui/money.tsx';
import { Percent } from '#ui/percent.tsx';
import { actionRoute, contractActions, type ContractAction } from './contract-actions.ts';
import type { CreditRow } from './contract-figures.ts';
import { CreditHistoryTable } from './credit-history-table.tsx';
import { creditHistory } from './credit-history.ts';
import { ExecutionBadge, StatusBadge } from './creditos-columns.tsx';
import { selectContract } from './use-contract.ts';

/** The facts the buttons depend on, from a list row. */
export function actionFacts(row: CreditRow) {
  return {
    estatus: row.estatus,
    estatusContrato: row.record.estatus_contrato,
    estatusEjecucion: row.estatus_ejecucion,
    started: row.fecha_inicio !== null,
    prorroga: row.record.prorroga,
  };
}

/** Status badges of a contract: status today, execution, shared fund, waiting to be sent. */
export function ContractBadges({ row, pending }: { row: CreditRow; pending: boolean }) {
  const { t } = useTranslation();
  return (
    <p className="credito-badges" data-testid="contract-badges">
      <StatusBadge status={row.estatus} t={t} />
      <ExecutionBadge status={row.estatus_ejecucion} t={t} />
      {row.record.fondo_comun ? <Badge tone="neutral">{t('creditos.sharedFund')}</Badge> : null}
      {pending ? <Badge tone="warning">{t('creditos.pendingBadge')}</Badge> : null}
    </p>
  );
}

/** Debt today and the day counts (also shown by the waiver and extension screens). */
export function ContractFiguresList({ row }: { row: CreditRow }) {
  const { t } = useTranslation();
  const f = (key: string) => t(`creditos.detail.figures.${key}`);
  const item = (key: string, value: ReactNode) => (
    <div key={key} data-figure={key}>
      <dt>{f(key)}</dt>
      <dd>{value}</dd>
    </div>
  );
  const days = (value: number | null) =>
    value === null ? '—' : t('creditos.detail.days', { count: value });
  return (
    <dl className="detail-list credito-figures" data-testid="contract-figures">
      {item('total_deuda', <Currency cents={row.total_deuda} />)}
      {item('capital_por_pagar', <Currency cents={row.capital_por_pagar} />)}
      {item('interes_ordinario_deuda', <Currency cents={row.interes_ordinario_deuda} />)}
      {item('interes_moratorio_deuda', <Currency cents={row.interes_moratorio_deuda} />)}
      {item('pagado', <Currency cents={row.pagado} />)}
      {item('fecha_vencimiento', <DateText iso={row.fecha_vencimiento} />)}
      {item('dias_vida', days(row.dias_vida))}
      {item('dias_cartera_vigente', days(row.dias_cartera_vigente))}
      {item('dias_vencidos', days(row.dias_vencidos))}
    </dl>
  );
}

function ContractData({ row }: { row: CreditRow }) {
  const { t } = useTranslation();
  const r = row.record;
  const f = (key: string) => t(`creditos.detail.fields.${key}`);
  const rows: [string, ReactNode][] = [
    ['socio', `${r.clave_socio} — ${r.nombres}`],
    ['comunidad', r.nombre_comunidad],
    ['region', r.nombre_region],
    ['proceso', t(codeLabelKey('processes', r.proceso))],
    ['tipo_credito', t(codeLabelKey('creditTypes', r.tipo_credito))],
    ['monto', <Currency key="m" cents={row.monto} />],
    ['plazo', t('creditos.detail.months', { plazo: row.plazo_disp })],
    ['tasa', <Percent key="t" value={r.tasa} />],
    ['tasa_moratoria', <Percent key="tm" value={r.tasa_moratoria} />],
    ['tipo_tasa', r.tipo_tasa ? t(codeLabelKey('rateTypes', r.tipo_tasa)) : '—'],
    ['fecha_inicio', <DateText key="fi" iso={r.fecha_inicio} />],
    ['fecha_banco', <DateText key="fb" iso={r.fecha_banco} />],
    ['referencia_banco', r.referencia_banco || '—'],
  ];
  if (r.prorroga > 0) rows.push(['prorroga_justificacion', r.prorroga_justificacion || '—']);
  return (
    <dl className="detail-list credito-data" data-testid="contract-data">
      {rows.map(([key, value]) => (
        <div key={key}>
          <dt>{f(key)}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export interface ContractDetailModalProps {
  row: CreditRow;
  pending: boolean;
  onClose: () => void;
}

export function ContractDetailModal({ row, pending, onClose }: ContractDetailModalProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const role = useStore(sessionStore, (s) => s.role);
  const today = todayIn();
  const events = useMemo(
    () => creditHistory(row.record, row.payments, row.figures, today),
    [row, today],
  );
  const actions = contractActions(role, actionFacts(row));

  function go(action: ContractAction) {
    selectContract(row.id);
    navigate(actionRoute(action, row.id));
  }

  return (
    <Modal
      open
      size="lg"
      title={t('creditos.detail.title', { id: row.id })}
      onClose={onClose}
      footer={
        <div className="credito-actions" data-testid="contract-actions">
          {actions.map(({ action, enabled }) => (
            <Button
              key={action}
              variant={action === 'pay' ? 'primary' : 'secondary'}
              disabled={!enabled}
              onClick={() => go(action)}
              data-testid={`contract-${action}`}
            >
              {t(`creditos.actions.${action}`)}
            </Button>
          ))}
          <Button variant="ghost" onClick={onClose}>
            {t('creditos.detail.close')}
          </Button>
        </div>
      }
    >
      <div className="credito-detail" data-testid="contract-detail">
        <ContractBadges row={row} pending={pending} />
        <section aria-labelledby="credito-figures-title">
          <h3 id="credito-figures-title" className="credito-section-title">
            {t('creditos.detail.debtToday')}
          </h3>
          <ContractFiguresList row={row} />
        </section>
        <section aria-labelledby="credito-data-title">
          <h3 id="credito-data-title" className="credito-section-title">
            {t('creditos.detail.data')}
          </h3>
          <ContractData row={row} />
        </section>
        <section aria-labelledby="credito-history-title">
          <h3 id="credito-history-title" className="credito-section-title">
            {t('creditos.history.title')}
          </h3>
          <CreditHistoryTable events={events} />
        </section>
      </div>
    </Modal>
  );
}
