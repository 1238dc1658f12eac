/**
 * Yearly delivery sums (docs/business-rules.md#collections `GET /acopios/year_sum/`): one row per
 * year, oldest first, each process column on only when asked for (0 otherwise), summing kilos
 * (`kg`) or income. Pure, so the phone draws the charts offline from its replica with the same
 * numbers the server answers.
 */
import type { Process } from './codes';
import type { IsoDate } from './dates';
import type { Cents } from './money';

export interface AcopioForSum {
  fecha: IsoDate;
  tipo_de_producto: Process;
  ingreso: Cents;
  /** Kilos in thousandths (kg × 1000) to stay exact; null for JA and SL. */
  kilos_milli: number | null;
}

export interface YearSum {
  fecha__year: number;
  year_sum_cf: number;
  year_sum_mi: number;
  year_sum_ja: number;
  year_sum_sl: number;
}

const COLUMN: Record<Process, keyof Omit<YearSum, 'fecha__year'>> = {
  CF: 'year_sum_cf',
  MI: 'year_sum_mi',
  JA: 'year_sum_ja',
  SL: 'year_sum_sl',
};

export interface YearSumOptions {
  /** Sum kilos (in kg, up to 3 decimals) instead of income (in cents). */
  kg: boolean;
  /** Processes whose column is on; the others stay 0. */
  processes: readonly Process[];
}

/**
 * Rows per year with at least one delivery of an enabled process. Income sums are cents;
 * kilo sums are kg (exact to the gram: summed in grams, divided once).
 */
export function yearSums(acopios: readonly AcopioForSum[], options: YearSumOptions): YearSum[] {
  const on = new Set(options.processes);
  const byYear = new Map<number, YearSum>();
  for (const a of acopios) {
    if (!on.has(a.tipo_de_producto)) continue;
    const year = Number(a.fecha.slice(0, 4));
    let row = byYear.get(year);
    if (!row) {
      row = { fecha__year: year, year_sum_cf: 0, year_sum_mi: 0, year_sum_ja: 0, year_sum_sl: 0 };
      byYear.set(year, row);
    }
    row[COLUMN[a.tipo_de_producto]] += options.kg ? (a.kilos_milli ?? 0) : a.ingreso;
  }
  const rows = [...byYear.values()].sort((a, b) => a.fecha__year - b.fecha__year);
  if (options.kg) {
    for (const row of rows)
      for (const column of Object.values(COLUMN)) row[column] = row[column] / 1000;
  }
  return rows;
}
