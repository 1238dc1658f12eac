/**
 * Delivery rows as the pure calculators read them: a replicated collection as an input of
 * `yearSums` (#domain/deliveries), a replicated movement as an input of `balanceOf`
 * (#domain/balance), and the yearly sums in the units `GET /acopios/year_sum/` answers (pesos
 * or kg), so the phone's charts show the very figures the server would.
 */
import type { Process } from './codes';
import type { AcopioForSum, YearSum } from './deliveries';
import type { MovementForBalance } from './balance';
import { parseMoney } from './money';
import { parseFixed } from './rules';

/** A collection as `yearSums` reads it; null when a stored figure is unreadable. */
export function acopioForSum(row: {
  fecha: string;
  tipo_de_producto: Process;
  ingreso: string;
  kilos_de_producto: string | null;
}): AcopioForSum | null {
  const ingreso = parseMoney(row.ingreso);
  if (ingreso === null) return null;
  let kilosMilli: number | null = null;
  if (row.kilos_de_producto != null && row.kilos_de_producto !== '') {
    const hundredths = parseFixed(row.kilos_de_producto, 2);
    if (typeof hundredths !== 'number') return null;
    kilosMilli = hundredths * 10;
  }
  return {
    fecha: row.fecha,
    tipo_de_producto: row.tipo_de_producto,
    ingreso,
    kilos_milli: kilosMilli,
  };
}

/** Every readable collection as a `yearSums` input. */
export function acopiosForSum(rows: readonly Parameters<typeof acopioForSum>[0][]): AcopioForSum[] {
  const out: AcopioForSum[] = [];
  for (const row of rows) {
    const item = acopioForSum(row);
    if (item) out.push(item);
  }
  return out;
}

/** A movement as `balanceOf` reads it; null when its amount is unreadable. */
export function movementForBalance(row: {
  monto: string;
  aportacion: boolean;
}): MovementForBalance | null {
  const monto = parseMoney(row.monto);
  return monto === null ? null : { monto, aportacion: row.aportacion };
}

/**
 * Yearly sums in the units of the API answer: income in pesos (cents ÷ 100), kilos in kg
 * (already kg). `yearSums` gives income in cents.
 */
export function yearSumsInAnswerUnits(rows: readonly YearSum[], kg: boolean): YearSum[] {
  if (kg) return rows.map((row) => ({ ...row }));
  return rows.map((row) => ({
    fecha__year: row.fecha__year,
    year_sum_cf: row.year_sum_cf / 100,
    year_sum_mi: row.year_sum_mi / 100,
    year_sum_ja: row.year_sum_ja / 100,
    year_sum_sl: row.year_sum_sl / 100,
  }));
}
