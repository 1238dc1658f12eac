/**
 * Disbursements and recoveries per month: the amounts lent, by the month of
 * each contract's start date (disbursed: execution CO), and the payments received, by the
 * month of their payment date, split into capital, ordinary and late interest.
 */
import type { ExecutionStatus } from '#domain/codes';
import type { IsoDate } from '#domain/dates';
import type { Cents } from '#domain/money';
import { monthOf, type MonthKey } from './months';

export interface FlowContract {
  fecha_inicio: IsoDate | null;
  estatus_ejecucion: ExecutionStatus;
  monto: Cents;
}

export interface FlowPayment {
  fecha_pago: IsoDate;
  abono_capital: Cents;
  interes_ord: Cents;
  interes_mor: Cents;
}

export interface CreditFlowRow {
  mes: MonthKey;
  desembolsos: number;
  desembolsado: Cents;
  pagos: number;
  capital: Cents;
  interes_ordinario: Cents;
  interes_moratorio: Cents;
  /** Everything received: capital plus both interests. */
  recuperado: Cents;
}

const emptyRow = (mes: MonthKey): CreditFlowRow => ({
  mes,
  desembolsos: 0,
  desembolsado: 0,
  pagos: 0,
  capital: 0,
  interes_ordinario: 0,
  interes_moratorio: 0,
  recuperado: 0,
});

/** One row per month of `months` (zeros included); records outside them are ignored. */
export function creditFlows(
  contracts: readonly FlowContract[],
  payments: readonly FlowPayment[],
  months: readonly MonthKey[],
): CreditFlowRow[] {
  const rows = new Map(months.map((m) => [m, emptyRow(m)]));
  for (const c of contracts) {
    if (!c.fecha_inicio || c.estatus_ejecucion !== 'CO') continue;
    const row = rows.get(monthOf(c.fecha_inicio));
    if (!row) continue;
    row.desembolsos += 1;
    row.desembolsado += c.monto;
  }
  for (const p of payments) {
    const row = rows.get(monthOf(p.fecha_pago));
    if (!row) continue;
    row.pagos += 1;
    row.capital += p.abono_capital;
    row.interes_ordinario += p.interes_ord;
    row.interes_moratorio += p.interes_mor;
    row.recuperado += p.abono_capital + p.interes_ord + p.interes_mor;
  }
  return [...rows.values()];
}
