/**
 * Members (/socios, spec part 1 §2 screens 2–3): the members table read from the replica
 * (offline too), with a status dot per area and the pending badge; Excel export (built on the
 * device, same columns as GET /sociosXLSX/) and "Nuevo socio" for the roles that may; a row
 * opens the member form. A member (SO) only has its own record in its replica, so it sees only
 * itself. `?corregir=<mutation id>` reopens a refused save in the form (sync center).
 */
import { useCallback, useMemo, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useStore } from 'zustand';
import type { Process } from '#domain/codes';
import { can } from '#domain/permissions';
import { sessionStore } from '#api/session-store';
import { getDb } from '#db/database';
import { EDITABLE_STATUSES, type OutboxRow } from '#sync/types';
import { DataTable } from '#ui/data-table.tsx';
import { Spinner } from '#ui/spinner.tsx';
import { Button } from '#ui/button.tsx';

import { SocioFormModal, type SocioSaveResult } from './socio-form-modal.tsx';
import type { SocioRecord } from './socio-record.ts';
import { ExportSociosButton } from './export-socios-button.tsx';
import { memberLabels, socioColumns, toSocioRow, type SocioRow } from './socios-table.tsx';
import { useSociosData } from './use-socios-data.ts';
import './socios.css';

export interface SociosScreenProps {
  /** i18n key of the route's title (`routes.*`). */
  titleKey: string;
}

type Opened = { kind: 'new' } | { kind: 'record'; key: string } | { kind: 'fix'; row: OutboxRow };

function isSocioRow(row: OutboxRow | undefined): row is OutboxRow {
  return (
    row !== undefined &&
    (row.kind === 'socio.create' || row.kind === 'socio.update') &&
    EDITABLE_STATUSES.includes(row.status)
  );
}

function SaveAlert({ result, onClose }: { result: SocioSaveResult; onClose: () => void }) {
  const { t } = useTranslation();
  const text =
    result.outcome === 'queued'
      ? t('socios.queued')
      : t(result.kind === 'create' ? 'socios.created' : 'socios.updated', { id: result.id });
  return (
    <div
      className={`socios-alert is-${result.outcome}`}
      role="status"
      data-testid="socios-alert"
      data-outcome={result.outcome}
    >
      <span>{text}</span>
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

export function SociosScreen({ titleKey }: SociosScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const role = useStore(sessionStore, (s) => s.role);
  const canCreate = can(role, 'socios', 'create');
  const canEdit = can(role, 'socios', 'update');
  const canExport = can(role, 'xlsx', 'read');
  // The member evaluation is for the privileged roles (its route is guarded the same way).
  const canEvaluate = can(role, 'socios', 'update');

  const { records, references, pending } = useSociosData();
  const [opened, setOpened] = useState<Opened | null>(null);
  const [result, setResult] = useState<SocioSaveResult | null>(null);

  const fixId = params.get('corregir');
  const fix = useLiveQuery(
    async () => ({ row: fixId ? await getDb().outbox.get(fixId) : undefined }),
    [fixId],
  );
  const fixRow = fix && isSocioRow(fix.row) ? fix.row : null;

  const labels = useMemo(
    () => memberLabels(references.cargos, references.cargosCoop),
    [references.cargos, references.cargosCoop],
  );
  const rows = useMemo(
    () => (records ?? []).map((record) => toSocioRow(record, labels, pending)),
    [records, labels, pending],
  );
  const byKey = useMemo(
    () => new Map((records ?? []).map((record) => [String(record.clave_socio), record])),
    [records],
  );
  const columns = useMemo(() => socioColumns(t), [t]);

  const closeForm = useCallback(() => {
    setOpened(null);
    if (params.has('corregir')) {
      const next = new URLSearchParams(params);
      next.delete('corregir');
      setParams(next, { replace: true });
    }
  }, [params, setParams]);

  const onSaved = useCallback(
    (saved: SocioSaveResult) => {
      setResult(saved);
      closeForm();
    },
    [closeForm],
  );

  const onRowClick = useCallback(
    (row: SocioRow) => setOpened({ kind: 'record', key: row.key }),
    [],
  );

  const onEvaluate = (clave: number, process: Process | null) => {
    const query = new URLSearchParams({ socio: String(clave) });
    if (process) query.set('proceso', process);
    navigate(`/evaluacion-socio?${query.toString()}`);
  };

  // The refused item named in the address opens the form once; the form then follows the
  // correction's own row (the refused one leaves the outbox when it is sent again).
  const [fixOpenedFor, setFixOpenedFor] = useState<string | null>(null);
  if (fixRow && fixOpenedFor !== fixRow.id) {
    setFixOpenedFor(fixRow.id);
    setOpened({ kind: 'fix', row: fixRow });
  }
  const current = opened;
  const fixRecordKey =
    current?.kind === 'fix'
      ? String(
          'clave' in (current.row.payload as object)
            ? (current.row.payload as { clave: number | string }).clave
            : current.row.recordId,
        )
      : null;
  const record: SocioRecord | null =
    current?.kind === 'record'
      ? (byKey.get(current.key) ?? null)
      : fixRecordKey !== null
        ? (byKey.get(fixRecordKey) ?? null)
        : null;

  const toolbar = (
    <>
      {canExport ? <ExportSociosButton records={records ?? []} labels={labels} /> : null}
      {canCreate ? (
        <Button
          variant="primary"
          onClick={() => setOpened({ kind: 'new' })}
          data-testid="socio-new"
        >
          {t('socios.new')}
        </Button>
      ) : null}
    </>
  );

  return (
    <section className="screen socios-screen">
      <h1 className="screen-title">{t(titleKey)}</h1>
      {result ? <SaveAlert result={result} onClose={() => setResult(null)} /> : null}
      {/* The replica reads in key order, so 6,000 rows need no sort before the first page. */}
      {records === undefined ? (
        <Spinner />
      ) : (
        <DataTable
          id="socios"
          data={rows}
          columns={columns}
          getRowId={(row) => row.key}
          onRowClick={onRowClick}
          caption={t('socios.caption')}
          emptyText={t('socios.empty')}
          toolbar={toolbar}
        />
      )}
      {current && (current.kind !== 'record' || record) ? (
        <SocioFormModal
          key={
            current.kind === 'fix'
              ? current.row.id
              : current.kind === 'record'
                ? current.key
                : 'new'
          }
          record={record}
          references={references}
          canEdit={canEdit}
          canEvaluate={canEvaluate}
          fixRow={current.kind === 'fix' ? current.row : null}
          onClose={closeForm}
          onSaved={onSaved}
          onEvaluate={onEvaluate}
        />
      ) : null}
    </section>
  );
}
