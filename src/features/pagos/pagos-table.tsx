/**
 * The payments table (it also shows the credit type, names and region): one row per replica payment
 * with money in cents, the credit type's label, and the "pendiente de enviar" badge of payments
 * that still wait for the server.
 */
import type { TFunction } from 'i18next';
import { codeLabelKey, CREDIT_TYPES } from '#domain/codes';
import { replicaCents } from '#domain/credit-replica';
import type { Cents } from '#domain/money';
import { Badge } from '#ui/badge.tsx';
import { createColumns, type DataTableColumn } from '#ui/data-table-features.ts';
import { DateText } from '#ui/date-text.tsx';
import { Currency } from '#ui/money.tsx';
import { ReceiptNumber } from '#components/receipt-ref.tsx';
import { isLocalKey, type PagoRow as PagoRecord } from '#db/replica-rows';
import type { PendingRecords } from './use-pagos-data.ts';

export interface PagoRow {
  /** The replica key as text (table row id). */
  key: string;
  /** null for a payment the server has not numbered yet. */
  id: number | null;
  credito: number;
  tipo: string;
  clave_socio: number;
  nombres: string;
  nombre_region: string;
  fecha_pago: string;
  cantidad: Cents;
  abono_capital: Cents;
  interes_ord: Cents;
  interes_mor: Cents;
  fecha_banco: string;
  referencia_banco: string;
  /** The receipt number a phone gave it ('' for office captures and imports). */
  recibo: string;
  pending: boolean;
  attention: boolean;
}

/** Shown on request (the columns chooser) so the default set fits 1366 px. */
export const PAGO_COLUMNS_HIDDEN_BY_DEFAULT: readonly string[] = [
  'nombre_region',
  'abono_capital',
  'interes_ord',
  'interes_mor',
  'fecha_banco',
  'referencia_banco',
];
/**
 * The table's rows. A credit type's label is translated once per type, not once per row: the
 * office's list holds tens of thousands of payments.
 */
export function toPagoRows(
  records: readonly PagoRecord[],
  pending: PendingRecords,
  t: TFunction,
): PagoRow[] {
  const labels = new Map(CREDIT_TYPES.map((c) => [c, t(codeLabelKey('creditTypes', c))]));
  return records.map((record) =>
    toPagoRow(record, pending, labels.get(record.tipo) ?? record.tipo),
  );
}

function toPagoRow(record: PagoRecord, pending: PendingRecords, tipo: string): PagoRow {
  const recordId = record._localId;
  return {
    key: String(record.id),
    id: isLocalKey(record.id) ? null : record.id,
    credito: record.credito,
    tipo,
    clave_socio: record.clave_socio,
    nombres: record.nombres,
    nombre_region: record.nombre_region,
    fecha_pago: record.fecha_pago,
    cantidad: replicaCents(record.cantidad),
    abono_capital: replicaCents(record.abono_capital),
    interes_ord: replicaCents(record.interes_ord),
    interes_mor: replicaCents(record.interes_mor),
    fecha_banco: record.fecha_banco ?? '',
    referencia_banco: record.referencia_banco ?? '',
    recibo: record.recibo ?? '',
    pending: recordId !== undefined && pending.waiting.has(recordId),
    attention: recordId !== undefined && pending.attention.has(recordId),
  };
}

const col = createColumns<PagoRow>();

function IdCell({ row, t }: { row: PagoRow; t: TFunction }) {
  return (
    <span className="pago-id">
      <span>{row.id ?? t('pagos.newId')}</span>
      {row.pending ? <Badge tone="warning">{t('pagos.pendingBadge')}</Badge> : null}
      {row.attention ? <Badge tone="danger">{t('pagos.attentionBadge')}</Badge> : null}
    </span>
  );
}

const money = (header: string) => ({
  header,
  cell: (info: { getValue: () => Cents }) => <Currency cents={info.getValue()} />,
  enableGlobalFilter: false,
  meta: { align: 'end' as const },
});

/**
 * The payments' columns. On a phone (`phone`), the member and the amount come first: at 360 px
 * only the first three columns fit, and a payment is recognised by who paid and how much.
 */
export function pagoColumns(t: TFunction, phone = false): DataTableColumn<PagoRow>[] {
  const columns = [
    col.accessor('id', {
      header: t('pagos.columns.id'),
      cell: (info) => <IdCell row={info.row.original} t={t} />,
      meta: { align: 'end' },
    }),
    col.accessor('credito', { header: t('pagos.columns.credito'), meta: { align: 'end' } }),
    col.accessor('tipo', { header: t('pagos.columns.tipo') }),
    col.accessor('nombres', { header: t('pagos.columns.nombres') }),
    col.accessor('nombre_region', { header: t('pagos.columns.region') }),
    col.accessor('fecha_pago', {
      header: t('pagos.columns.fecha_pago'),
      cell: (info) => <DateText iso={info.getValue()} />,
    }),
    col.accessor('cantidad', money(t('pagos.columns.cantidad'))),
    col.accessor('abono_capital', money(t('pagos.columns.abono_capital'))),
    col.accessor('interes_ord', money(t('pagos.columns.interes_ord'))),
    col.accessor('interes_mor', money(t('pagos.columns.interes_mor'))),
    col.accessor('fecha_banco', {
      header: t('pagos.columns.fecha_banco'),
      cell: (info) => <DateText iso={info.getValue() || null} />,
    }),
    col.accessor('referencia_banco', { header: t('pagos.columns.referencia_banco') }),
    col.accessor('recibo', {
      header: t('recibos.field'),
      cell: (info) => <ReceiptNumber recibo={info.getValue()} />,
    }),
  ];
  const ordered = phone
    ? [
        ...PHONE_FIRST.flatMap((name) => columns.filter((c) => c.accessorKey === name)),
        ...columns.filter((c) => !PHONE_FIRST.includes(c.accessorKey)),
      ]
    : columns;
  return col.columns(ordered) as DataTableColumn<PagoRow>[];
}

/** The columns a phone shows first. */
const PHONE_FIRST: readonly string[] = ['nombres', 'cantidad'];
