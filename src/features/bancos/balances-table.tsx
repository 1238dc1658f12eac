/**
 * The balances table shared by /bancos (one row per bank account) and /subcuentas (one row per
 * sub-account): previous balance, income, expenses, period total and final total, with a
 * footer of totals. A cell whose inputs are not numbers reads 'ERR'. A handful of rows, so a
 * plain table: on a phone each row becomes a card of labelled figures (bancos.css).
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Currency } from '#ui/money.tsx';
import {
  balanceFigures,
  FIGURE_KEYS,
  totalFigures,
  type BalanceFigures,
  type BalanceInput,
} from './balance-figures.ts';

/** A money cell, or 'ERR' when the figure could not be computed. */
export function FigureCell({ cents }: { cents: number | null }) {
  if (cents === null)
    return (
      <span className="num bank-err" data-testid="balance-err">
        ERR
      </span>
    );
  return (
    <span className={cents < 0 ? 'bank-negative' : undefined}>
      <Currency cents={cents} />
    </span>
  );
}

export interface BalancesTableProps<Row extends BalanceInput> {
  rows: readonly Row[];
  keyOf: (row: Row) => string | number;
  nameOf: (row: Row) => string;
  /** Header of the name column, already translated. */
  nameHeader: string;
  /** Accessible name of the table, already translated. */
  caption: string;
}

function Figures({ figures }: { figures: BalanceFigures }) {
  const { t } = useTranslation();
  return FIGURE_KEYS.map((key) => (
    <td key={key} className="is-end" data-label={t(`bancos.balances.${key}`)}>
      <FigureCell cents={figures[key]} />
    </td>
  ));
}

export function BalancesTable<Row extends BalanceInput>(props: BalancesTableProps<Row>) {
  const { t } = useTranslation();
  const { rows, keyOf, nameOf } = props;
  const views = useMemo(
    () =>
      rows.map((row) => ({ key: String(keyOf(row)), name: nameOf(row), ...balanceFigures(row) })),
    [rows, keyOf, nameOf],
  );
  const total = useMemo(() => totalFigures(views), [views]);
  return (
    <div className="card bank-balances">
      <table className="bank-balance-table">
        <caption className="sr-only">{props.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{props.nameHeader}</th>
            {FIGURE_KEYS.map((key) => (
              <th key={key} scope="col" className="is-end">
                {t(`bancos.balances.${key}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {views.length === 0 ? (
            <tr>
              <td colSpan={FIGURE_KEYS.length + 1}>{t('bancos.balances.empty')}</td>
            </tr>
          ) : (
            views.map((view) => (
              <tr key={view.key}>
                <th scope="row">{view.name}</th>
                <Figures figures={view} />
              </tr>
            ))
          )}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('bancos.balances.totals')}</th>
            <Figures figures={total} />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
