/**
 * Columns of the two loan tables of /carteras (id, names, region,
 * start date, status, execution status, amount, bank date, bank reference), plus the capital
 * each loan adds to its side and, for overdue loans, the days past due.
 */
import type { TFunction } from 'i18next';
import { codeLabelKey } from '#domain/codes';
import type { Cents } from '#domain/money';
import { createColumns, type DataTableColumn } from '#ui/data-table-features.ts';
import { DateText } from '#ui/date-text.tsx';
import { Currency } from '#ui/money.tsx';
import type { CarteraLoan } from './cartera-figures.ts';

const col = createColumns<CarteraLoan>();

const money = (header: string) => ({
  header,
  cell: (info: { getValue: () => Cents }) => <Currency cents={info.getValue()} />,
  enableGlobalFilter: false,
  meta: { align: 'end' as const },
});

/** Shown on request (the columns chooser) so the default set fits 1366 px. */
export const CARTERA_COLUMNS_HIDDEN_BY_DEFAULT: readonly string[] = [
  'estatus_ejecucion',
  'fecha_banco',
  'referencia_banco',
];
/** The overdue table adds the days overdue, so the start date waits in the chooser too. */
export const OVERDUE_CARTERA_COLUMNS_HIDDEN_BY_DEFAULT: readonly string[] = [
  'fecha_inicio',
  ...CARTERA_COLUMNS_HIDDEN_BY_DEFAULT,
];

export function carteraColumns(t: TFunction, overdue: boolean): DataTableColumn<CarteraLoan>[] {
  return col.columns([
    col.accessor('id', { header: t('carteras.columns.id'), meta: { align: 'end' } }),
    col.accessor('nombres', { header: t('carteras.columns.nombres') }),
    col.accessor('nombre_region', { header: t('carteras.columns.region') }),
    col.accessor('fecha_inicio', {
      header: t('carteras.columns.fecha_inicio'),
      cell: (info) => <DateText iso={info.getValue()} />,
    }),
    col.accessor((row) => t(codeLabelKey('contractStatuses', row.estatus)), {
      id: 'estatus',
      header: t('carteras.columns.estatus'),
    }),
    col.accessor((row) => t(codeLabelKey('executionStatuses', row.estatus_ejecucion)), {
      id: 'estatus_ejecucion',
      header: t('carteras.columns.estatus_ejecucion'),
    }),
    col.accessor('monto', money(t('carteras.columns.monto'))),
    col.accessor('capital', money(t('carteras.columns.capital'))),
    ...(overdue
      ? [
          col.accessor('dias_vencidos', {
            header: t('carteras.columns.dias_vencidos'),
            enableGlobalFilter: false,
            meta: { align: 'end' as const },
          }),
        ]
      : []),
    col.accessor('fecha_banco', {
      header: t('carteras.columns.fecha_banco'),
      cell: (info) => <DateText iso={info.getValue()} />,
    }),
    col.accessor('referencia_banco', { header: t('carteras.columns.referencia_banco') }),
  ]);
}
