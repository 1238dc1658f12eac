/**
 * Credit requests (/solicitudes): the requests of the replica (offline
 * too; a promoter's replica holds only its own), recent (evaluation in review and not rejected,
 * as GET /solic-creditos.json) or all, newest first, with the pending badge of requests that
 * still wait for the server. A row opens its detail with its chat and the buttons its status
 * and the role allow; the control desk and the evaluation receive the request through the
 * shared selection `solicitud`.
 */
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useStore } from 'zustand';
import { can } from '#domain/permissions';
import { sessionStore } from '#api/session-store';
import { Button } from '#ui/button.tsx';
import { DataTable } from '#ui/data-table.tsx';
import { ExportXlsxButton } from '#ui/export-xlsx-button.tsx';
import { Spinner } from '#ui/spinner.tsx';
import {
  compareNewestFirst,
  isRecent,
  solicitudActions,
  type SolicitudAction,
} from './solicitud-list.ts';
import { SolicitudDetailModal } from './solicitud-detail-modal.tsx';
import { selectSolicitud } from './solicitud-selection.ts';
import { SOLICITUD_EXPORT, SOLICITUD_SHEET, solicitudExportRows } from './solicitudes-export.ts';
import {
  SOLICITUD_COLUMNS_HIDDEN_BY_DEFAULT,
  solicitudColumns,
  toSolicitudRow,
  type SolicitudTableRow,
} from './solicitudes-table.tsx';
import { recordIdOf, usePendingSolicitudes, useSolicitudRecords } from './use-solicitudes-data.ts';
import './solicitudes.css';

export interface SolicitudesScreenProps {
  /** i18n key of the route's title (`routes.*`). */
  titleKey: string;
}

type View = 'recientes' | 'todas';
const VIEW_PARAM = 'vista';

function ViewToggle({ view, onChange }: { view: View; onChange: (view: View) => void }) {
  const { t } = useTranslation();
  return (
    <div className="solicitudes-view" role="group" aria-label={t('solicitudes.view.label')}>
      {(['recientes', 'todas'] as const).map((option) => (
        <Button
          key={option}
          variant={view === option ? 'primary' : 'secondary'}
          aria-pressed={view === option}
          onClick={() => onChange(option)}
          data-testid={`solicitudes-view-${option}`}
        >
          {t(`solicitudes.view.${option}`)}
        </Button>
      ))}
    </div>
  );
}

export function SolicitudesScreen({ titleKey }: SolicitudesScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const role = useStore(sessionStore, (s) => s.role);
  const userId = useStore(sessionStore, (s) => s.userId);
  const canCreate = can(role, 'solicitudes', 'create');
  const canExport = can(role, 'xlsx', 'read');
  const view: View = params.get(VIEW_PARAM) === 'todas' ? 'todas' : 'recientes';

  const records = useSolicitudRecords();
  const pending = usePendingSolicitudes();
  const [openKey, setOpenKey] = useState<string | null>(null);

  const shown = useMemo(
    () =>
      (records ?? [])
        .filter((record) => view === 'todas' || isRecent(record))
        .sort(compareNewestFirst),
    [records, view],
  );
  const rows = useMemo(
    () => shown.map((record) => toSolicitudRow(record, pending, t)),
    [shown, pending, t],
  );
  const columns = useMemo(() => solicitudColumns(t), [t]);
  const onRowClick = useCallback((row: SolicitudTableRow) => setOpenKey(row.key), []);

  const setView = (next: View) => {
    const query = new URLSearchParams(params);
    if (next === 'todas') query.set(VIEW_PARAM, 'todas');
    else query.delete(VIEW_PARAM);
    setParams(query, { replace: true });
  };

  // The opened request is read live, so a sync that answers while it is open shows at once.
  const opened =
    openKey === null ? undefined : records?.find((r) => String(r.folio_solicitud) === openKey);
  const openedId = opened ? recordIdOf(opened) : null;
  const openedWaits = openedId !== null && pending.waiting.has(openedId);
  const openedAttention = openedId !== null && pending.attention.has(openedId);

  function act(action: SolicitudAction) {
    if (!opened || typeof opened.folio_solicitud !== 'number') return;
    const folio = opened.folio_solicitud;
    switch (action) {
      case 'mesaControl':
        selectSolicitud(folio);
        navigate(`/mesa-control/${folio}`);
        break;
      case 'evaluacion':
        selectSolicitud(folio);
        navigate(`/evaluacion/${folio}`);
        break;
      case 'renegociar':
        navigate(`/solicitud-formato?renegociar=${folio}`);
        break;
      case 'reenviar':
        navigate(`/solicitud-formato?reenviar=${folio}`);
        break;
    }
  }

  const toolbar = (
    <>
      <ViewToggle view={view} onChange={setView} />
      {canExport ? (
        <ExportXlsxButton
          testId="solicitudes-export"
          file={() => ({
            filename: SOLICITUD_EXPORT.file,
            spec: SOLICITUD_SHEET,
            rows: solicitudExportRows(shown),
          })}
        />
      ) : null}
      {canCreate ? (
        <Button
          variant="primary"
          onClick={() => navigate('/solicitud-formato')}
          data-testid="solicitud-new"
        >
          {t('solicitudes.new')}
        </Button>
      ) : null}
    </>
  );

  return (
    <section className="screen solicitudes-screen">
      <h1 className="screen-title">{t(titleKey)}</h1>
      {records === undefined ? (
        <Spinner />
      ) : (
        <DataTable
          id="solicitudes"
          data={rows}
          columns={columns}
          defaultHidden={SOLICITUD_COLUMNS_HIDDEN_BY_DEFAULT}
          getRowId={(row) => row.key}
          onRowClick={onRowClick}
          caption={t('solicitudes.caption')}
          emptyText={t(view === 'todas' ? 'solicitudes.empty' : 'solicitudes.emptyRecent')}
          toolbar={toolbar}
        />
      )}
      {opened ? (
        <SolicitudDetailModal
          record={opened}
          actions={solicitudActions(opened, { role, userId }, openedWaits || openedAttention)}
          pending={openedWaits}
          attention={openedAttention}
          onAction={act}
          onClose={() => setOpenKey(null)}
        />
      ) : null}
    </section>
  );
}
