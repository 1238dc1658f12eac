/**
 * New contribution or withdrawal (/movimiento-formato): the form over the
 * replica's members and movements, offline or not. `?socio=<key>` starts with the member the
 * member tab showed; `?corregir=<mutation id>` (the sync center's "Corregir") opens a refused
 * movement with the server's reasons under its fields.
 */
import { useCallback } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useStore } from 'zustand';
import { can } from '#domain/permissions';
import { sessionStore } from '#api/session-store';
import { fixableRow, outboxRowOf } from '#commands/outbox';
import { EmptyState } from '#ui/empty-state.tsx';
import { Spinner } from '#ui/spinner.tsx';
import { MovementForm } from './movement-form.tsx';
import { useMovimientoMembers, useMovimientoRecords } from './use-movimientos-data.ts';
import './movimientos.css';

export interface MovimientoFormatoScreenProps {
  /** i18n key of the route's title (`routes.*`). */
  titleKey: string;
}

export function MovimientoFormatoScreen({ titleKey }: MovimientoFormatoScreenProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const role = useStore(sessionStore, (s) => s.role);
  const fixId = params.get('corregir');
  const fix = useLiveQuery(
    async () => ({
      id: fixId,
      row: fixId ? await outboxRowOf('movimiento.create', fixId) : undefined,
    }),
    [fixId],
  );
  const members = useMovimientoMembers();
  const records = useMovimientoRecords();

  const onOpenFix = useCallback(
    (mutationId: string) => setParams({ corregir: mutationId }),
    [setParams],
  );

  const ready =
    fix !== undefined && fix.id === fixId && members !== undefined && records !== undefined;
  // Visitors read what the office reads and capture nothing
  // (docs/business-rules.md#roles-and-scope).
  const canCapture = can(role, 'movimientos', 'contribute');
  return (
    <section className="screen movimiento-formato-screen">
      <h1 className="screen-title">{t(titleKey)}</h1>
      {!canCapture ? (
        <EmptyState title={t('server.auth.visitorReadOnly')} />
      ) : !ready ? (
        <Spinner />
      ) : (
        // Keyed by the item being corrected: opening another one starts a fresh form.
        <MovementForm
          key={fixId ?? 'new'}
          members={members}
          records={records}
          canWithdraw={can(role, 'movimientos', 'withdraw')}
          fixRow={fixableRow(fix.row, 'movimiento.create')}
          initialSocio={params.get('socio') ?? ''}
          onOpenFix={onOpenFix}
        />
      )}
    </section>
  );
}
