/**
 * Contributions and withdrawals (/movimientos): a member tab (search by key or
 * popup; balance, active processes, movements with the A/R marker, new-movement button) and a
 * group tab (exactly one of community, region, company, source, process; Excel export). Both
 * read the replica, so they work offline. A row opens its detail, whose bank data can be
 * edited while the bank date is empty; `?corregir=<mutation id>` reopens a refused bank edit.
 */
import { useCallback, useMemo, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useStore } from 'zustand';
import { can } from '#domain/permissions';
import { sessionStore } from '#api/session-store';
import { fixableRow, outboxRowOf } from '#commands/outbox';
import { Button } from '#ui/button.tsx';
import { Spinner } from '#ui/spinner.tsx';
import { onTabListKeyDown } from '#ui/tab-keys.ts';
import type { MovimientoRow } from '#db/replica-rows';
import { GroupTab } from './group-tab.tsx';
import { MemberTab } from './member-tab.tsx';
import { MovementDetailModal, type BankSaveResult } from './movement-detail-modal.tsx';
import { recordIdOf, type MovementTableRow } from './movements-table.tsx';
import {
  useGroupReferences,
  useMovimientoMembers,
  useMovimientoRecords,
  usePendingMovimientos,
} from './use-movimientos-data.ts';
import './movimientos.css';

export interface MovimientosScreenProps {
  /** i18n key of the route's title (`routes.*`). */
  titleKey: string;
}

type Tab = 'socio' | 'grupo';

function SaveAlert({ result, onClose }: { result: BankSaveResult; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      className={`movement-alert is-${result.outcome}`}
      role="status"
      data-testid="movimientos-alert"
      data-outcome={result.outcome}
    >
      <span>
        {result.outcome === 'sent'
          ? t('movimientos.updated', { id: result.id })
          : t('movimientos.queuedEdit')}
      </span>
      <Button
        variant="ghost"
        className="btn-icon"
        aria-label={t('ui.modal.close')}
        onClick={onClose}
      >
        ×
      </Button>
    </div>
  );
}

export function MovimientosScreen({ titleKey }: MovimientosScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const role = useStore(sessionStore, (s) => s.role);
  const canContribute = can(role, 'movimientos', 'contribute');
  const canEditBank = can(role, 'movimientos', 'bank-edit');
  const canExport = can(role, 'xlsx', 'read');

  const records = useMovimientoRecords();
  const members = useMovimientoMembers();
  const references = useGroupReferences();
  const pending = usePendingMovimientos();

  const socioParam = params.get('socio');
  const socio = socioParam !== null && /^\d+$/.test(socioParam) ? Number(socioParam) : null;
  const [tab, setTab] = useState<Tab>(params.get('tab') === 'grupo' ? 'grupo' : 'socio');
  // `?abrir=<id>` opens that movement's detail (the office's field inbox links here).
  const [openedKey, setOpenedKey] = useState<string | null>(() => params.get('abrir'));
  const [result, setResult] = useState<BankSaveResult | null>(null);

  const fixId = params.get('corregir');
  const fix = useLiveQuery(
    async () => ({
      id: fixId,
      row: fixId ? await outboxRowOf('movimiento.bank', fixId) : undefined,
    }),
    [fixId],
  );
  const fixRow = fix && fix.id === fixId ? fixableRow(fix.row, 'movimiento.bank') : null;

  const byKey = useMemo(() => new Map((records ?? []).map((r) => [String(r.id), r])), [records]);
  const fixPayload = fixRow ? fixRow.payload : null;
  const opened: MovimientoRow | null = fixPayload
    ? (byKey.get(String(fixPayload.id)) ?? fixPayload.before)
    : openedKey !== null
      ? (byKey.get(openedKey) ?? null)
      : null;

  const setSocio = useCallback(
    (clave: number) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set('socio', String(clave));
        return next;
      }),
    [setParams],
  );

  const closeDetail = useCallback(() => {
    setOpenedKey(null);
    if (params.has('corregir')) {
      const next = new URLSearchParams(params);
      next.delete('corregir');
      setParams(next, { replace: true });
    }
  }, [params, setParams]);

  const onSaved = useCallback(
    (saved: BankSaveResult) => {
      setResult(saved);
      closeDetail();
    },
    [closeDetail],
  );

  const onRowClick = useCallback((row: MovementTableRow) => {
    setResult(null);
    setOpenedKey(row.key);
  }, []);

  const ready = records !== undefined && members !== undefined;

  return (
    <section className="screen movimientos-screen">
      <h1 className="screen-title">{t(titleKey)}</h1>
      {result ? <SaveAlert result={result} onClose={() => setResult(null)} /> : null}
      <div
        className="movement-tabs"
        role="tablist"
        aria-label={t('movimientos.tabs.label')}
        onKeyDown={onTabListKeyDown}
      >
        {(['socio', 'grupo'] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`movement-tab-${name}`}
            aria-selected={tab === name}
            tabIndex={tab === name ? 0 : -1}
            aria-controls={`movement-panel-${name}`}
            className={`btn ${tab === name ? 'btn-primary' : 'btn-ghost'}`}
            onClick={() => setTab(name)}
            data-testid={`movement-tab-${name}`}
          >
            {t(`movimientos.tabs.${name}`)}
          </button>
        ))}
      </div>
      {!ready ? (
        <Spinner />
      ) : (
        <div role="tabpanel" id={`movement-panel-${tab}`} aria-labelledby={`movement-tab-${tab}`}>
          {tab === 'socio' ? (
            <MemberTab
              key={socio ?? 'none'}
              socio={socio}
              onSocio={setSocio}
              members={members}
              records={records}
              pending={pending}
              canCreate={canContribute}
              onNewMovement={(clave) => navigate(`/movimiento-formato?socio=${clave}`)}
              onRowClick={onRowClick}
            />
          ) : (
            <GroupTab
              records={records}
              members={members}
              references={references}
              pending={pending}
              canExport={canExport}
              onRowClick={onRowClick}
            />
          )}
        </div>
      )}
      {opened ? (
        <MovementDetailModal
          key={fixRow?.id ?? String(opened.id)}
          record={opened}
          canEditBank={canEditBank}
          pending={pending.waiting.has(recordIdOf(opened))}
          fixRow={fixRow}
          onClose={closeDetail}
          onSaved={onSaved}
        />
      ) : null}
    </section>
  );
}
