/** Columns of the unlinked items on each tab of /banco-form. */
import type { TFunction } from 'i18next';
import { codeLabelKey } from '#domain/codes';
import { createColumns, type DataTableColumn } from '#ui/data-table-features.ts';
import { DateText } from '#ui/date-text.tsx';
import { Currency } from '#ui/money.tsx';
import type { ContractItem, MovementItem, PaymentItem, Selectable } from './pending-rows.ts';

const money = <Row extends Selectable>(t: TFunction, key: string) => {
  const col = createColumns<Row>();
  return col.accessor((row) => row.amountCents, {
    id: 'amount',
    header: t(key),
    cell: (info) => <Currency cents={info.row.original.amountCents} />,
    enableGlobalFilter: false,
    meta: { align: 'end' },
  });
};

const reference = <Row extends Selectable>(t: TFunction) => {
  const col = createColumns<Row>();
  return col.accessor((row) => row.referencia_banco ?? '', {
    id: 'referencia_banco',
    header: t('bancos.items.referencia_banco'),
    cell: (info) => info.row.original.referencia_banco ?? '—',
  });
};

const movementCol = createColumns<MovementItem>();

/** The process waits in the columns chooser, so the amount is in view at 1366 px. */
export const MOVEMENT_ITEM_COLUMNS_HIDDEN_BY_DEFAULT: readonly string[] = ['proceso'];

export function movementColumns(t: TFunction): DataTableColumn<MovementItem>[] {
  return movementCol.columns([
    movementCol.accessor('id', { header: t('bancos.items.id'), meta: { align: 'end' } }),
    movementCol.accessor('fecha_entrega', {
      header: t('bancos.items.fecha'),
      cell: (info) => <DateText iso={info.getValue()} />,
    }),
    movementCol.accessor('nombre_socio', { header: t('bancos.items.socio') }),
    movementCol.accessor(
      (row) => t(codeLabelKey('movementDirections', row.aportacion ? 'A' : 'R')),
      { id: 'direccion', header: t('bancos.items.direccion') },
    ),
    movementCol.accessor((row) => t(codeLabelKey('processes', row.proceso)), {
      id: 'proceso',
      header: t('bancos.items.proceso'),
    }),
    movementCol.accessor(
      (row) => (row.ordinario ? t('bancos.items.ordinario') : t('bancos.items.extraordinario')),
      { id: 'ordinario', header: t('bancos.items.tipo') },
    ),
    reference<MovementItem>(t),
    money<MovementItem>(t, 'bancos.items.monto'),
  ]);
}

const paymentCol = createColumns<PaymentItem>();

export function paymentColumns(t: TFunction): DataTableColumn<PaymentItem>[] {
  return paymentCol.columns([
    paymentCol.accessor('id', { header: t('bancos.items.id'), meta: { align: 'end' } }),
    paymentCol.accessor('credito', { header: t('bancos.items.credito'), meta: { align: 'end' } }),
    paymentCol.accessor('fecha_pago', {
      header: t('bancos.items.fecha'),
      cell: (info) => <DateText iso={info.getValue()} />,
    }),
    paymentCol.accessor('nombres', { header: t('bancos.items.socio') }),
    paymentCol.accessor((row) => t(codeLabelKey('contractStatuses', row.estatus_previo)), {
      id: 'estatus_previo',
      header: t('bancos.items.estatus_previo'),
    }),
    reference<PaymentItem>(t),
    money<PaymentItem>(t, 'bancos.items.cantidad'),
  ]);
}

const contractCol = createColumns<ContractItem>();

export function contractColumns(t: TFunction): DataTableColumn<ContractItem>[] {
  return contractCol.columns([
    contractCol.accessor('id', { header: t('bancos.items.credito'), meta: { align: 'end' } }),
    contractCol.accessor((row) => row.fecha_inicio ?? '', {
      id: 'fecha_inicio',
      header: t('bancos.items.fecha_inicio'),
      cell: (info) => <DateText iso={info.row.original.fecha_inicio} />,
    }),
    contractCol.accessor('nombres', { header: t('bancos.items.socio') }),
    contractCol.accessor((row) => t(codeLabelKey('processes', row.proceso)), {
      id: 'proceso',
      header: t('bancos.items.proceso'),
    }),
    reference<ContractItem>(t),
    money<ContractItem>(t, 'bancos.items.monto'),
  ]);
}
