/**
 * The requests table: folio with the pending badge of requests
 * that still wait for the server, member, requested amount, both statuses, date, community,
 * process, credit type, term and promoter — what a phone shows without scrolling first. Code columns hold their translated labels,
 * so the search box finds "Negociación" as the user reads it.
 */
import type { TFunction } from 'i18next';
import { codeLabelKey } from '#domain/codes';
import { parseMoney } from '#domain/money';
import { Badge } from '#ui/badge.tsx';
import { createColumns, type DataTableColumn } from '#ui/data-table-features.ts';
import { Currency } from '#ui/money.tsx';
import { DateText } from '#ui/date-text.tsx';
import type { SolicitudRow } from '#db/replica-rows';
import { recordIdOf, type PendingSolicitudes } from './use-solicitudes-data.ts';

export interface SolicitudTableRow {
  /** Replica key as text (row id). */
  key: string;
  /** null while the server has not numbered it (shown as NUEVA). */
  folio: number | null;
  fecha: string;
  socio: string;
  clave_socio: number;
  comunidad: string;
  proceso: string;
  tipo: string;
  /** Cents. */
  monto: number | null;
  plazo: number;
  estatus: string;
  evaluacion: string;
  promotor: string;
  pending: boolean;
  attention: boolean;
}

/** Shown on request (the columns chooser) so the default set fits 1366 px. */
export const SOLICITUD_COLUMNS_HIDDEN_BY_DEFAULT: readonly string[] = [
  'proceso',
  'tipo',
  'plazo',
  'promotor',
];

export function toSolicitudRow(
  record: SolicitudRow,
  pending: PendingSolicitudes,
  t: TFunction,
): SolicitudTableRow {
  const id = recordIdOf(record);
  return {
    key: String(record.folio_solicitud),
    folio: typeof record.folio_solicitud === 'number' ? record.folio_solicitud : null,
    fecha: record.fecha_solicitud,
    socio: record.nombre_socio,
    clave_socio: record.clave_socio,
    comunidad: record.nombre_comunidad,
    proceso: t(codeLabelKey('processes', record.proceso)),
    tipo: t(codeLabelKey('creditTypes', record.tipo_credito)),
    monto: parseMoney(record.monto_solicitado),
    plazo: record.plazo_de_pago_solicitado,
    estatus: t(codeLabelKey('requestStatuses', record.estatus_solicitud)),
    evaluacion: t(codeLabelKey('evaluationStatuses', record.estatus_evaluacion)),
    promotor: record.promotor_nombre,
    pending: pending.waiting.has(id),
    attention: pending.attention.has(id),
  };
}

const col = createColumns<SolicitudTableRow>();

function FolioCell({ row, t }: { row: SolicitudTableRow; t: TFunction }) {
  return (
    <span className="solicitud-folio">
      <span>{row.folio ?? t('solicitudes.newFolio')}</span>
      {row.pending ? <Badge tone="warning">{t('solicitudes.pendingBadge')}</Badge> : null}
      {row.attention ? <Badge tone="danger">{t('solicitudes.attentionBadge')}</Badge> : null}
    </span>
  );
}

export function solicitudColumns(t: TFunction): DataTableColumn<SolicitudTableRow>[] {
  const c = (key: string) => t(`solicitudes.columns.${key}`);
  return col.columns([
    col.accessor((row) => row.folio ?? '', {
      id: 'folio',
      header: c('folio'),
      cell: (info) => <FolioCell row={info.row.original} t={t} />,
      meta: { align: 'end' },
    }),
    col.accessor('socio', {
      header: c('socio'),
      cell: (info) => (
        <span className="solicitud-socio">
          <span>{info.getValue()}</span>
          <span className="solicitud-socio-key">{info.row.original.clave_socio}</span>
        </span>
      ),
    }),
    col.accessor('monto', {
      header: c('monto'),
      cell: (info) => <Currency cents={info.getValue()} />,
      enableGlobalFilter: false,
      meta: { align: 'end' },
    }),
    col.accessor('estatus', { header: c('estatus') }),
    col.accessor('evaluacion', { header: c('evaluacion') }),
    col.accessor('fecha', {
      header: c('fecha'),
      cell: (info) => <DateText iso={info.getValue()} />,
    }),
    col.accessor('comunidad', { header: c('comunidad') }),
    col.accessor('proceso', { header: c('proceso') }),
    col.accessor('tipo', { header: c('tipo') }),
    col.accessor('plazo', { header: c('plazo'), meta: { align: 'end' } }),
    col.accessor('promotor', { header: c('promotor') }),
  ]);
}
