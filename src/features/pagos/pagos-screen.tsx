/**
 * Payments (/pagos): the payments read from the replica (offline too) with the
 * pending badge of captures not sent yet, the Excel export for the office (built on the
 * device, same columns as GET /pagosXLSX/) and "Nuevo pago" for the roles that may capture;
 * a row opens its detail, where the bank data can be filled in while the bank date is empty.
 */
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useStore } from 'zustand';
import { can } from '#domain/permissions';
import { sessionStore } from '#api/session-store';
import { Button } from '#ui/button.tsx';
import { DataTable } from '#ui/data-table.tsx';
import { Spinner } from '#ui/spinner.tsx';
import { ExportPagosButton } from './export-pagos-button.tsx';
import { PagoDetailModal, type PagoEditResult } from './pago-detail-modal.tsx';
import { noticeOf, PagoNoticeAlert, type PagoNotice } from './pago-notice.tsx';
import {
  PAGO_COLUMNS_HIDDEN_BY_DEFAULT,
  pagoColumns,
  toPagoRows,
  type PagoRow,
} from './pagos-table.tsx';
import { usePagosData } from './use-pagos-data.ts';
import './pagos.css';
import { usePhoneWidth } from '#ui/use-phone-width.ts';

export interface PagosScreenProps {
  /** i18n key of the route's title (`routes.*`). */
  titleKey: string;
}

export function PagosScreen({ titleKey }: PagosScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const role = useStore(sessionStore, (s) => s.role);
  const canCreate = can(role, 'pagos', 'create');
  const canEditBank = can(role, 'pagos', 'bank-edit');
  const canExport = can(role, 'xlsx', 'read');

  const { records, pending } = usePagosData();
  // `?abrir=<id>` opens that payment's detail (the office's field inbox links here).
  const [openKey, setOpenKey] = useState<string | null>(() =>
    new URLSearchParams(location.search).get('abrir'),
  );
  // The payment form's notice arrives once with the navigation; later ones come from the modal.
  const [notice, setNotice] = useState<PagoNotice | null>(() => noticeOf(location.state));

  const rows = useMemo(() => toPagoRows(records ?? [], pending, t), [records, pending, t]);
  const byKey = useMemo(
    () => new Map((records ?? []).map((record) => [String(record.id), record])),
    [records],
  );
  const phone = usePhoneWidth();
  const columns = useMemo(() => pagoColumns(t, phone), [t, phone]);
  const opened = openKey === null ? null : (byKey.get(openKey) ?? null);
  const openedRow = openKey === null ? null : rows.find((row) => row.key === openKey);

  const onRowClick = useCallback((row: PagoRow) => setOpenKey(row.key), []);
  const closeNotice = useCallback(() => {
    setNotice(null);
    if (location.state) navigate(location.pathname, { replace: true, state: null });
  }, [location.pathname, location.state, navigate]);
  const onEdited = useCallback((result: PagoEditResult) => {
    setOpenKey(null);
    setNotice(result.outcome === 'sent' ? { kind: 'edited', id: result.id } : { kind: 'queued' });
  }, []);

  const toolbar = (
    <>
      {canExport ? <ExportPagosButton records={records ?? []} /> : null}
      {canCreate ? (
        <Button variant="primary" onClick={() => navigate('/pago-formato')} data-testid="pago-new">
          {t('pagos.new')}
        </Button>
      ) : null}
    </>
  );

  return (
    <section className="screen pagos-screen">
      <h1 className="screen-title">{t(titleKey)}</h1>
      {notice ? <PagoNoticeAlert notice={notice} onClose={closeNotice} /> : null}
      {records === undefined ? (
        <Spinner />
      ) : (
        <DataTable
          id="pagos"
          data={rows}
          columns={columns}
          defaultHidden={PAGO_COLUMNS_HIDDEN_BY_DEFAULT}
          getRowId={(row) => row.key}
          onRowClick={onRowClick}
          caption={t('pagos.caption')}
          emptyText={t('pagos.empty')}
          toolbar={toolbar}
        />
      )}
      {opened ? (
        <PagoDetailModal
          key={openKey}
          record={opened}
          pending={openedRow?.pending ?? false}
          canEditBank={canEditBank}
          onClose={() => setOpenKey(null)}
          onEdited={onEdited}
        />
      ) : null}
    </section>
  );
}
