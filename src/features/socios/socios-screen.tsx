/**
 * Members (/socios): the members table read from the replica
 * (offline too), with a status dot per area and the pending badge; Excel export (built on the
 * device, same columns as GET /sociosXLSX/) and "Nuevo socio" for the roles that may; a row
 * opens the member form. A member (SO) only has its own record in its replica, so it sees only
 * itself. `?corregir=<mutation id>` reopens a refused save in the form (sync center).
 */
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useStore } from 'zustand';
import type { Process } from '#domain/codes';
import { can } from '#domain/permissions';
import { sessionStore } from '#api/session-store';
import { DataTable } from '#ui/data-table.tsx';
import { Spinner } from '#ui/spinner.tsx';
import { Button } from '#ui/button.tsx';
import { SocioFormModal, type SocioSaveResult } from './socio-form-modal.tsx';
import { ExportSociosButton } from './export-socios-button.tsx';
import { SaveAlert } from './socios-alert.tsx';
import {
  memberLabels,
  SOCIO_COLUMNS_HIDDEN_BY_DEFAULT,
  socioColumns,
  toSocioTableRow,
  type SocioTableRow,
} from './socios-table.tsx';
import { formKeyOf, useOpenedSocio } from './use-opened-socio.ts';
import { useSociosData } from './use-socios-data.ts';
import { MemberReceipts } from './member-receipts.tsx';
import './socios.css';

const INCOMPLETE_PARAM = 'por_completar';

export interface SociosScreenProps {
  /** i18n key of the route's title (`routes.*`). */
  titleKey: string;
}

export function SociosScreen({ titleKey }: SociosScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const role = useStore(sessionStore, (s) => s.role);
  const canEdit = can(role, 'socios', 'update');
  // The member evaluation is for the privileged roles (its route is guarded the same way).
  const canEvaluate = can(role, 'socios', 'update');

  const { records, references, pending } = useSociosData();
  const [result, setResult] = useState<SocioSaveResult | null>(null);

  const labels = useMemo(
    () => memberLabels(references.cargos, references.cargosCoop),
    [references.cargos, references.cargosCoop],
  );
  const allRows = useMemo(
    () => (records ?? []).map((record) => toSocioTableRow(record, labels, pending)),
    [records, labels, pending],
  );
  // `?por_completar=1`: the work list of members imported with required data missing.
  const [params, setParams] = useSearchParams();
  const onlyIncomplete = params.get(INCOMPLETE_PARAM) === '1';
  const incompleteCount = useMemo(
    () => allRows.filter((row) => row.incomplete.length > 0).length,
    [allRows],
  );
  const rows = useMemo(
    () => (onlyIncomplete ? allRows.filter((row) => row.incomplete.length > 0) : allRows),
    [allRows, onlyIncomplete],
  );
  const toggleIncomplete = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (onlyIncomplete) next.delete(INCOMPLETE_PARAM);
        else next.set(INCOMPLETE_PARAM, '1');
        return next;
      },
      { replace: true },
    );
  const byKey = useMemo(
    () => new Map((records ?? []).map((record) => [String(record.clave_socio), record])),
    [records],
  );
  const columns = useMemo(() => socioColumns(t), [t]);
  const { opened, record, open, close } = useOpenedSocio(byKey);

  const onSaved = useCallback(
    (saved: SocioSaveResult) => {
      setResult(saved);
      close();
    },
    [close],
  );

  const onRowClick = useCallback(
    (row: SocioTableRow) => open({ kind: 'record', key: row.key }),
    [open],
  );

  const onEvaluate = (clave: number, process: Process | null) => {
    const query = new URLSearchParams({ socio: String(clave) });
    if (process) query.set('proceso', process);
    navigate(`/evaluacion-socio?${query.toString()}`);
  };

  const toolbar = (
    <>
      {incompleteCount > 0 || onlyIncomplete ? (
        <Button
          variant={onlyIncomplete ? 'primary' : 'secondary'}
          aria-pressed={onlyIncomplete}
          onClick={toggleIncomplete}
          data-testid="socios-incomplete-filter"
        >
          {t('socios.incomplete.filter', { count: incompleteCount })}
        </Button>
      ) : null}
      {can(role, 'xlsx', 'read') ? (
        <ExportSociosButton records={records ?? []} labels={labels} />
      ) : null}
      {can(role, 'socios', 'create') ? (
        <Button variant="primary" onClick={() => open({ kind: 'new' })} data-testid="socio-new">
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
          defaultHidden={SOCIO_COLUMNS_HIDDEN_BY_DEFAULT}
          getRowId={(row) => row.key}
          onRowClick={onRowClick}
          caption={t('socios.caption')}
          emptyText={t('socios.empty')}
          toolbar={toolbar}
        />
      )}
      {role === 'SO' ? <MemberReceipts /> : null}
      {opened && (opened.kind !== 'record' || record) ? (
        <SocioFormModal
          key={formKeyOf(opened)}
          record={record}
          references={references}
          canEdit={canEdit}
          canEvaluate={canEvaluate}
          fixRow={opened.kind === 'fix' ? opened.row : null}
          onClose={close}
          onSaved={onSaved}
          onEvaluate={onEvaluate}
        />
      ) : null}
    </section>
  );
}
