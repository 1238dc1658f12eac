/**
 * Portfolio at risk: at each month's last day, the loan portfolio of
 * docs/business-rules.md#portfolios (`#domain/portfolio`, each contract's pending capital from
 * `#domain/debt`) and the share of it held by loans more than 30 and more than 90 days past
 * their due date. PAR n = capital of loans over n days late ÷ outstanding capital.
 */
import { compareIsoDates, type IsoDate } from '#domain/dates';
import type { Cents } from '#domain/money';
import { portfolioEntry, type PortfolioInput } from '#domain/portfolio';
import { monthEnd, type MonthKey } from './months';

export interface PortfolioAtRiskRow {
  mes: MonthKey;
  /** The day measured: the month's last day, or today for the month in course. */
  fecha: IsoDate;
  contratos: number;
  /** Outstanding capital of every loan in the portfolio. */
  cartera: Cents;
  contratos_30: number;
  vencida_30: Cents;
  contratos_90: number;
  vencida_90: Cents;
  /** Percent (0–100, two decimals); null without outstanding capital. */
  par30: number | null;
  par90: number | null;
}

/** `part` over `whole` in percent with two decimals (null when nothing is outstanding). */
export function percentOf(part: Cents, whole: Cents): number | null {
  return whole === 0 ? null : Math.round((part / whole) * 10_000) / 100;
}

/**
 * One row per month of `months` that has begun by `today` (a month yet to come has no
 * portfolio), measured at its last day or at `today` when that is earlier. Shared funds are
 * left out, as in the portfolio screens.
 */
export function portfolioAtRisk(
  items: readonly PortfolioInput[],
  months: readonly MonthKey[],
  today: IsoDate,
): PortfolioAtRiskRow[] {
  const loans = items.filter((item) => !item.fondo_comun);
  const rows: PortfolioAtRiskRow[] = [];
  for (const mes of months) {
    if (compareIsoDates(`${mes}-01`, today) > 0) continue;
    const end = monthEnd(mes);
    const fecha = compareIsoDates(end, today) > 0 ? today : end;
    const row: PortfolioAtRiskRow = {
      mes,
      fecha,
      contratos: 0,
      cartera: 0,
      contratos_30: 0,
      vencida_30: 0,
      contratos_90: 0,
      vencida_90: 0,
      par30: null,
      par90: null,
    };
    for (const item of loans) {
      const entry = portfolioEntry(item, fecha);
      if (!entry) continue;
      row.contratos += 1;
      row.cartera += entry.capital;
      if (entry.dias_vencidos > 30) {
        row.contratos_30 += 1;
        row.vencida_30 += entry.capital;
      }
      if (entry.dias_vencidos > 90) {
        row.contratos_90 += 1;
        row.vencida_90 += entry.capital;
      }
    }
    row.par30 = percentOf(row.vencida_30, row.cartera);
    row.par90 = percentOf(row.vencida_90, row.cartera);
    rows.push(row);
  }
  return rows;
}
