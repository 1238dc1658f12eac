/**
 * Savings: contributions against withdrawals per month, by the month of each
 * movement's delivery date (docs/business-rules.md#contributions-and-withdrawals).
 */
import type { IsoDate } from '#domain/dates';
import type { Cents } from '#domain/money';
import { monthOf, type MonthKey } from './months';

export interface SavingsMovement {
  fecha_entrega: IsoDate;
  /** true = contribution (aportación), false = withdrawal (retiro). */
  aportacion: boolean;
  monto: Cents;
}

export interface SavingsRow {
  mes: MonthKey;
  n_aportaciones: number;
  aportaciones: Cents;
  n_retiros: number;
  retiros: Cents;
  /** Contributions minus withdrawals. */
  neto: Cents;
}

/** One row per month of `months` (zeros included). */
export function savingsByMonth(
  movements: readonly SavingsMovement[],
  months: readonly MonthKey[],
): SavingsRow[] {
  const rows = new Map<MonthKey, SavingsRow>(
    months.map((mes) => [
      mes,
      { mes, n_aportaciones: 0, aportaciones: 0, n_retiros: 0, retiros: 0, neto: 0 },
    ]),
  );
  for (const m of movements) {
    const row = rows.get(monthOf(m.fecha_entrega));
    if (!row) continue;
    if (m.aportacion) {
      row.n_aportaciones += 1;
      row.aportaciones += m.monto;
      row.neto += m.monto;
    } else {
      row.n_retiros += 1;
      row.retiros += m.monto;
      row.neto -= m.monto;
    }
  }
  return [...rows.values()];
}
