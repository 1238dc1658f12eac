/**
 * The five figures of a balance row: previous balance, income,
 * expenses, period total and final total, in integer cents. A figure built from a value that is
 * not a number is `null`, which the table shows as 'ERR'.
 */
import type { Cents } from '#domain/money';

export interface BalanceInput {
  tot_ingresos_prev: number | null;
  tot_egresos_prev: number | null;
  tot_ingresos: number | null;
  tot_egresos: number | null;
}

export interface BalanceFigures {
  anterior: Cents | null;
  ingresos: Cents | null;
  egresos: Cents | null;
  periodo: Cents | null;
  final: Cents | null;
}

export const FIGURE_KEYS = ['anterior', 'ingresos', 'egresos', 'periodo', 'final'] as const;
export type FigureKey = (typeof FIGURE_KEYS)[number];

/** Pesos as the API answers them → cents (2 decimals, no binary-float drift). */
const toCents = (value: number | null): Cents | null =>
  value === null || !Number.isFinite(value) ? null : Math.round(value * 100);

const minus = (a: Cents | null, b: Cents | null) => (a === null || b === null ? null : a - b);
const plus = (a: Cents | null, b: Cents | null) => (a === null || b === null ? null : a + b);

export function balanceFigures(row: BalanceInput): BalanceFigures {
  const anterior = minus(toCents(row.tot_ingresos_prev), toCents(row.tot_egresos_prev));
  const ingresos = toCents(row.tot_ingresos);
  const egresos = toCents(row.tot_egresos);
  const periodo = minus(ingresos, egresos);
  return { anterior, ingresos, egresos, periodo, final: plus(anterior, periodo) };
}

/** Column totals; one 'ERR' cell makes its column total 'ERR' too. */
export function totalFigures(rows: readonly BalanceFigures[]): BalanceFigures {
  const sum = (key: FigureKey) =>
    rows.reduce<Cents | null>((total, row) => plus(total, row[key]), 0);
  return {
    anterior: sum('anterior'),
    ingresos: sum('ingresos'),
    egresos: sum('egresos'),
    periodo: sum('periodo'),
    final: sum('final'),
  };
}
