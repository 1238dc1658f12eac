/**
 * The collections table: id, member key, name, region, community, date,
 * income, product as its pictogram, kilos — plus the "pendiente de enviar" badge of
 * collections still waiting for the server.
 */
import type { TFunction } from 'i18next';
import { codeLabelKey, type Process } from '#domain/codes';
import { parseMoney } from '#domain/money';
import { parseFixed } from '#domain/rules';
import { formatKg } from '#domain/format';
import { Badge } from '#ui/badge.tsx';
import { Currency } from '#ui/money.tsx';
import { ReceiptNumber } from '#components/receipt-ref.tsx';
import { DateText } from '#ui/date-text.tsx';
import { createColumns, type DataTableColumn } from '#ui/data-table-features.ts';
import { ProcessArt } from '#components/process-icon-art.tsx';
import { isLocalKey, type AcopioRow } from '#db/replica-rows';
import type { PendingAcopios } from './use-acopios-data.ts';

/** One line of the collections table. */
export interface AcopioTableRow {
  /** The replica key as text (table row id). */
  key: string;
  /** null while the server has not numbered it. */
  id: number | null;
  clave_socio: number;
  nombre_socio: string;
  nombre_region: string;
  nombre_comunidad: string;
  region: number;
  comunidad: number;
  fecha: string;
  ingreso: number | null;
  tipo_de_producto: Process;
  /** The product's name, for the search box and the column filter. */
  producto: string;
  /** Kilos as a number (sorting), null for JA and SL. */
  kilos: number | null;
  /** The receipt number a phone gave it ('' for office captures and imports). */
  recibo: string;
  pending: boolean;
  attention: boolean;
}

function kilosOf(value: string | null): number | null {
  if (value == null) return null;
  const hundredths = parseFixed(value, 2);
  return typeof hundredths === 'number' ? hundredths / 100 : null;
}

/** Shown on request (the columns chooser) so the default set fits 1366 px. */
export const ACOPIO_COLUMNS_HIDDEN_BY_DEFAULT: readonly string[] = ['clave_socio', 'nombre_region'];
export function toAcopioTableRow(
  record: AcopioRow,
  pending: PendingAcopios,
  productLabel: (p: Process) => string,
): AcopioTableRow {
  const { id } = record;
  const local = isLocalKey(id);
  const recordId = record._localId;
  return {
    key: String(id),
    id: local ? null : id,
    clave_socio: record.clave_socio,
    nombre_socio: record.nombre_socio,
    nombre_region: record.nombre_region,
    nombre_comunidad: record.nombre_comunidad,
    region: record.region,
    comunidad: record.comunidad,
    fecha: record.fecha,
    ingreso: parseMoney(record.ingreso),
    tipo_de_producto: record.tipo_de_producto,
    producto: productLabel(record.tipo_de_producto),
    kilos: kilosOf(record.kilos_de_producto),
    recibo: record.recibo ?? '',
    pending: local || (recordId !== undefined && pending.waiting.has(recordId)),
    attention: recordId !== undefined && pending.attention.has(recordId),
  };
}

const col = createColumns<AcopioTableRow>();

function IdCell({ row, t }: { row: AcopioTableRow; t: TFunction }) {
  return (
    <span className="acopio-id">
      {row.id !== null ? <span>{row.id}</span> : null}
      {row.attention ? (
        <Badge tone="danger">{t('acopios.attentionBadge')}</Badge>
      ) : row.pending ? (
        <Badge tone="warning">{t('acopios.pendingBadge')}</Badge>
      ) : null}
    </span>
  );
}

export function acopioColumns(t: TFunction): DataTableColumn<AcopioTableRow>[] {
  return col.columns([
    col.accessor('id', {
      header: t('acopios.columns.id'),
      cell: (info) => <IdCell row={info.row.original} t={t} />,
      meta: { align: 'end' },
    }),
    col.accessor('clave_socio', { header: t('acopios.columns.clave'), meta: { align: 'end' } }),
    col.accessor('nombre_socio', { header: t('acopios.columns.nombre') }),
    col.accessor('nombre_region', { header: t('acopios.columns.region') }),
    col.accessor('nombre_comunidad', { header: t('acopios.columns.comunidad') }),
    col.accessor('fecha', {
      header: t('acopios.columns.fecha'),
      cell: (info) => <DateText iso={info.getValue()} />,
    }),
    col.accessor('ingreso', {
      header: t('acopios.columns.ingreso'),
      cell: (info) => <Currency cents={info.getValue()} />,
      meta: { align: 'end' },
      enableGlobalFilter: false,
    }),
    col.accessor('producto', {
      header: t('acopios.columns.producto'),
      cell: (info) => (
        <span
          className={`process-icon acopio-product is-${info.row.original.tipo_de_producto}`}
          role="img"
          aria-label={info.getValue()}
          title={info.getValue()}
        >
          <ProcessArt process={info.row.original.tipo_de_producto} />
        </span>
      ),
    }),
    col.accessor('kilos', {
      header: t('acopios.columns.kilos'),
      cell: (info) => {
        const kilos = info.getValue();
        return <span className="num">{kilos === null ? '—' : formatKg(kilos)}</span>;
      },
      meta: { align: 'end' },
      enableGlobalFilter: false,
    }),
    col.accessor('recibo', {
      header: t('recibos.field'),
      cell: (info) => <ReceiptNumber recibo={info.getValue()} />,
    }),
  ]);
}

/** The product's label key, for callers that translate it. */
export const productLabelKey = (p: Process) => codeLabelKey('processes', p);
