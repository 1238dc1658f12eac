/**
 * The amortisation table printed with a contract: months 1 to twice the term
 * (term = plazo + prorroga), simple interest = amount × monthly rate % × months, and months past
 * the term add the late rate on the months past it. Figures are cumulative (what is owed if
 * everything is paid at the end of that month), truncated to cents like the debt calculator.
 */
import { addMonths, type IsoDate } from './dates';
import { rateUnits, totalTerm, type DebtContract } from './debt';
import type { Cents } from './money';

export interface AmortizationRow {
  mes: number;
  /** End of that month from the start date; null before the contract starts. */
  fecha: IsoDate | null;
  interes_ordinario: Cents;
  interes_moratorio: Cents;
  total: Cents;
}

export interface AmortizationTable {
  rows: AmortizationRow[];
  /** Ordinary interest over the whole term plus extension. */
  interes_total: Cents;
  /** Amount plus that interest: what the member owes paying on time. */
  total_a_pagar: Cents;
}

type AmortizationContract = Pick<
  DebtContract,
  'monto' | 'tasa' | 'tasa_moratoria' | 'plazo' | 'prorroga' | 'fecha_inicio'
>;

/** monto (cents) × rate (10^-4 %) × months, truncated to cents. */
function simpleInterest(monto: Cents, units: bigint, months: number): Cents {
  return Number((BigInt(monto) * units * BigInt(months)) / 1_000_000n);
}

export function amortizationTable(c: AmortizationContract): AmortizationTable {
  const term = totalTerm(c);
  const tasa = rateUnits(c.tasa);
  const mor = rateUnits(c.tasa_moratoria);
  const rows: AmortizationRow[] = [];
  for (let mes = 1; mes <= 2 * term; mes += 1) {
    const ordinario = simpleInterest(c.monto, tasa, mes);
    const moratorio = mes > term ? simpleInterest(c.monto, mor, mes - term) : 0;
    rows.push({
      mes,
      fecha: c.fecha_inicio ? addMonths(c.fecha_inicio, mes) : null,
      interes_ordinario: ordinario,
      interes_moratorio: moratorio,
      total: c.monto + ordinario + moratorio,
    });
  }
  const interes_total = simpleInterest(c.monto, tasa, term);
  return { rows, interes_total, total_a_pagar: c.monto + interes_total };
}
