/**
 * Collections (/acopios): the list over the replica (works offline) with its
 * columns and filters, the community/region filter block, the Excel export per product
 * (CO, GE, VI), each row opening its detail (with its receipt), the new-collection button for
 * the roles that capture (PR for its region, CO, GE), and the yearly charts of the four
 * processes.
 */
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useStore } from 'zustand';
import { codeLabelKey, PROCESSES, type Process } from '#domain/codes';
import { can } from '#domain/permissions';
import { sessionStore } from '#api/session-store';
import { Button } from '#ui/button.tsx';
import { DataTable } from '#ui/data-table.tsx';
import { Spinner } from '#ui/spinner.tsx';
import { AcopioDetailModal } from './acopio-detail-modal.tsx';
import { AcopiosPlaceFilter, inPlace, NO_PLACE_FILTER } from './acopios-place-filter.tsx';
import {
  ACOPIO_COLUMNS_HIDDEN_BY_DEFAULT,
  acopioColumns,
  toAcopioTableRow,
  type AcopioTableRow,
} from './acopios-table.tsx';
import { AcopiosYearCharts } from './acopios-year-charts.tsx';
import { ExportAcopiosButton } from './export-acopios-button.tsx';
import { useAcopioRecords, usePendingAcopios, usePlaces } from './use-acopios-data.ts';
import './acopios.css';

export interface AcopiosScreenProps {
  /** i18n key of the route's title (`routes.*`). */
  titleKey: string;
}

export function AcopiosScreen({ titleKey }: AcopiosScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const role = useStore(sessionStore, (s) => s.role);
  const canCreate = can(role, 'acopios', 'create');
  const canExport = can(role, 'xlsx', 'read');

  const records = useAcopioRecords();
  const pending = usePendingAcopios();
  const places = usePlaces();
  const [place, setPlace] = useState(NO_PLACE_FILTER);

  const inFilter = useMemo(
    () => (records ?? []).filter((record) => inPlace(place, record)),
    [records, place],
  );
  const rows = useMemo(() => {
    // Four products: each label translated once, not once per collection.
    const labels = new Map(PROCESSES.map((p) => [p, t(codeLabelKey('processes', p))]));
    const productLabel = (p: Process) => labels.get(p) ?? p;
    return inFilter.map((record) => toAcopioTableRow(record, pending, productLabel));
  }, [inFilter, pending, t]);
  const columns = useMemo(() => acopioColumns(t), [t]);
  const location = useLocation();
  // The collection whose detail is open (its list key); `?abrir=<id>` opens one at once (the
  // office's field inbox links to the record itself, not to the whole list).
  const [openKey, setOpenKey] = useState<string | null>(() =>
    new URLSearchParams(location.search).get('abrir'),
  );
  const onRowClick = useCallback((row: AcopioTableRow) => setOpenKey(row.key), []);
  const opened =
    openKey === null ? null : ((records ?? []).find((r) => String(r.id) === openKey) ?? null);

  const toolbar = (
    <>
      {canExport ? <ExportAcopiosButton records={records ?? []} /> : null}
      {canCreate ? (
        <Button
          variant="primary"
          onClick={() => navigate('/acopio-formato')}
          data-testid="acopio-new"
        >
          {t('acopios.new')}
        </Button>
      ) : null}
    </>
  );

  return (
    <section className="screen acopios-screen">
      <h1 className="screen-title">{t(titleKey)}</h1>
      <AcopiosPlaceFilter
        value={place}
        onChange={setPlace}
        regiones={places.regiones}
        comunidades={places.comunidades}
      />
      {records === undefined ? (
        <Spinner />
      ) : (
        <>
          <DataTable<AcopioTableRow>
            id="acopios"
            data={rows}
            columns={columns}
            defaultHidden={ACOPIO_COLUMNS_HIDDEN_BY_DEFAULT}
            getRowId={(row) => row.key}
            onRowClick={onRowClick}
            caption={t('acopios.caption')}
            emptyText={t('acopios.empty')}
            toolbar={toolbar}
          />
          <AcopiosYearCharts records={inFilter} />
        </>
      )}
      {opened ? (
        <AcopioDetailModal
          key={openKey}
          record={opened}
          row={rows.find((row) => row.key === openKey)}
          onClose={() => setOpenKey(null)}
        />
      ) : null}
    </section>
  );
}
