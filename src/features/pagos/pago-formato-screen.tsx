/**
 * New payment (/pago-formato): the payment form, or — with
 * `?corregir=<mutation id>` from the sync center — the form holding that refused capture with
 * the server's messages. The contract detail of /creditos preselects its contract (selection
 * `contrato`), the community visit names it (`?contrato=<id>&volver=/visita…`).
 */
import { useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useStore } from 'zustand';
import { cachedConfig } from '#api/config';
import { sessionStore } from '#api/session-store';
import { todayIn } from '#domain/dates';
import { can } from '#domain/permissions';
import { fixableRow, outboxRowOf } from '#commands/outbox';
import { EmptyState } from '#ui/empty-state.tsx';
import { getSelection } from '#ui/selection-store.ts';
import { Spinner } from '#ui/spinner.tsx';
import { CONTRACT_SELECTION, PagoForm, type PagoFixRow } from './pago-form.tsx';
import './pagos.css';

export { CONTRACT_SELECTION };

export interface PagoFormatoScreenProps {
  /** i18n key of the route's title (`routes.*`). */
  titleKey: string;
}

function today(): string {
  return todayIn(cachedConfig()?.timezone);
}

/** The folio named by `?contrato=` (the community visit) or selected by the contract detail. */
function selectedContract(named: string | null): string {
  const id = named ?? getSelection(CONTRACT_SELECTION).ids[0];
  return id && /^\d+$/.test(id) ? id : '';
}

export function PagoFormatoScreen({ titleKey }: PagoFormatoScreenProps) {
  const { t } = useTranslation();
  const role = useStore(sessionStore, (s) => s.role);
  const [params] = useSearchParams();
  const fixId = params.get('corregir');
  const fix = useLiveQuery(
    async () => ({ row: fixId ? await outboxRowOf('pago.create', fixId) : undefined }),
    [fixId],
  );
  // The refused item named in the address opens the form once; the form then follows the
  // correction's own row (the refused one leaves the outbox when it is sent again).
  const [opened, setOpened] = useState<{ fixId: string | null; row: PagoFixRow | null } | null>(
    null,
  );
  if (fixId !== null && fix !== undefined && (opened === null || opened.fixId !== fixId)) {
    setOpened({ fixId, row: fixableRow(fix.row, 'pago.create') });
  }

  let body;
  if (!can(role, 'pagos', 'create')) {
    body = <EmptyState title={t('pagos.form.notAllowed')} />;
  } else if (fixId === null) {
    body = (
      <PagoForm
        key="new"
        fixRow={null}
        initialCredito={selectedContract(params.get('contrato'))}
        today={today()}
      />
    );
  } else if (opened === null || opened.fixId !== fixId) {
    body = <Spinner />;
  } else {
    body = (
      <PagoForm
        key={opened.row?.id ?? 'new'}
        fixRow={opened.row}
        initialCredito={selectedContract(params.get('contrato'))}
        today={today()}
      />
    );
  }
  return (
    <section className="screen pago-formato-screen">
      <h1 className="screen-title">{t(titleKey)}</h1>
      {body}
    </section>
  );
}
