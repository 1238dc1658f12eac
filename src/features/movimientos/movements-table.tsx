/**
 * The movements table: A/R marker, date, amount, process, type, ordinary or
 * extraordinary, bank date and reference, delivery responsible — and, in the group view, the
 * member, its community and region. Records still waiting for the server carry the pending
 * badge.
 */
import type { TFunction } from 'i18next';
import { codeLabelKey, type MovementType, type Process } from '#domain/codes';
import { parseMoney } from '#domain/money';
import { Badge } from '#ui/badge.tsx';
import { createColumns, type DataTableColumn } from '#ui/data-table-features.ts';
import { DateText } from '#ui/date-text.tsx';
import { Currency } from '#ui/money.tsx';
import { ReceiptNumber } from '#components/receipt-ref.tsx';
import { isLocalKey, type MovimientoRow } from '#db/replica-rows';
import type { PendingMovimientos } from './use-movimientos-data.ts';

/** One line of a movements table. */
export interface MovementTableRow {
  key: string;
  id: number | null;
  record: MovimientoRow;
  /** 'A' contribution, 'R' withdrawal. */
  marca: 'A' | 'R';
  clave_socio: number;
  nombre_socio: string;
  nombre_comunidad: string;
  nombre_region: string;
  fecha_entrega: string;
  monto: number | null;
  proceso: Process;
  procesoLabel: string;
  tipo: MovementType;
  tipoLabel: string;
  ordinarioLabel: string;
  fecha_banco: string | null;
  referencia_banco: string | null;
  responsable_entrega: string | null;
  /** The receipt number a phone gave it ('' for office captures and imports). */
  recibo: string;
  pending: boolean;
  attention: boolean;
}

/** The record id whose outbox rows concern a movement (create: its UUID; edit: movimiento-<id>). */
export function recordIdOf(record: MovimientoRow): string {
  return record._localId ?? `movimiento-${String(record.id)}`;
}

export function toMovementTableRow(
  record: MovimientoRow,
  pending: PendingMovimientos,
  t: TFunction,
): MovementTableRow {
  const { id } = record;
  const local = isLocalKey(id);
  const recordId = recordIdOf(record);
  return {
    key: String(id),
    id: local ? null : id,
    record,
    marca: record.aportacion ? 'A' : 'R',
    clave_socio: record.clave_socio,
    nombre_socio: record.nombre_socio,
    nombre_comunidad: record.nombre_comunidad,
    nombre_region: record.nombre_region,
    fecha_entrega: record.fecha_entrega,
    monto: parseMoney(record.monto),
    proceso: record.proceso,
    procesoLabel: t(codeLabelKey('processes', record.proceso)),
    tipo: record.tipo_de_movimiento,
    tipoLabel: t(codeLabelKey('movementTypes', record.tipo_de_movimiento)),
    ordinarioLabel: record.ordinario
      ? t('movimientos.ordinary.true')
      : t('movimientos.ordinary.false'),
    fecha_banco: record.fecha_banco,
    referencia_banco: record.referencia_banco,
    responsable_entrega: record.responsable_entrega,
    recibo: record.recibo ?? '',
    pending: local || pending.waiting.has(recordId),
    attention: pending.attention.has(recordId),
  };
}

export function DirectionMark({ marca, t }: { marca: 'A' | 'R'; t: TFunction }) {
  const label = t(codeLabelKey('movementDirections', marca));
  return (
    <span
      className={`movement-mark is-${marca}`}
      title={label}
      aria-label={label}
      role="img"
      data-testid="movement-mark"
    >
      {marca}
    </span>
  );
}

const col = createColumns<MovementTableRow>();

function IdCell({ row, t }: { row: MovementTableRow; t: TFunction }) {
  return (
    <span className="movement-id">
      {row.id !== null ? <span>{row.id}</span> : null}
      {row.attention ? (
        <Badge tone="danger">{t('movimientos.attentionBadge')}</Badge>
      ) : row.pending ? (
        <Badge tone="warning">{t('movimientos.pendingBadge')}</Badge>
      ) : null}
    </span>
  );
}

export function movementColumns(t: TFunction, group: boolean): DataTableColumn<MovementTableRow>[] {
  const c = (key: string) => t(`movimientos.columns.${key}`);
  const memberColumns = group
    ? [
        col.accessor('clave_socio', { header: c('clave'), meta: { align: 'end' } }),
        col.accessor('nombre_socio', { header: c('nombre') }),
        col.accessor('nombre_comunidad', { header: c('comunidad') }),
        col.accessor('nombre_region', { header: c('region') }),
      ]
    : [];
  return col.columns([
    col.accessor('id', {
      header: c('id'),
      cell: (info) => <IdCell row={info.row.original} t={t} />,
      meta: { align: 'end' },
    }),
    col.accessor('marca', {
      header: c('marca'),
      cell: (info) => <DirectionMark marca={info.getValue()} t={t} />,
      meta: { filterLabel: c('marca') },
      enableGlobalFilter: false,
    }),
    ...memberColumns,
    col.accessor('fecha_entrega', {
      header: c('fecha_entrega'),
      cell: (info) => <DateText iso={info.getValue()} />,
    }),
    col.accessor('monto', {
      header: c('monto'),
      cell: (info) => <Currency cents={info.getValue()} />,
      meta: { align: 'end' },
      enableGlobalFilter: false,
    }),
    col.accessor('procesoLabel', { header: c('proceso') }),
    col.accessor('tipoLabel', { header: c('tipo') }),
    col.accessor('ordinarioLabel', { header: c('ordinario') }),
    col.accessor('fecha_banco', {
      header: c('fecha_banco'),
      cell: (info) => <DateText iso={info.getValue()} />,
    }),
    col.accessor('referencia_banco', { header: c('referencia_banco') }),
    col.accessor('responsable_entrega', { header: c('responsable_entrega') }),
    col.accessor('recibo', {
      header: t('recibos.field'),
      cell: (info) => <ReceiptNumber recibo={info.getValue()} />,
    }),
  ]);
}
