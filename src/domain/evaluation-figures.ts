/**
 * The figures the manager sees on /evaluacion (docs/business-rules.md#member-evaluation-figures),
 * computed from the member's deliveries, contracts and contribution balance. Pure, so the phone
 * shows them offline from its replica and the server computes the same.
 *
 * Risk rule (also shown as help text in the UI, `evaluation.riskHelp`):
 *   Alto  — the member has an overdue contract, or solvency > 1 (asks more than this year's
 *           deliveries);
 *   Medio — the region's delinquency > 10 %, or solvency > 0.5, or no deliveries this year
 *           (solvency NA: nothing to measure the request against);
 *   Bajo  — otherwise.
 */
import { compareIsoDates, type IsoDate } from './dates';
import { contractDays, debtAt, statusAt } from './debt';
import type { ContractStatus } from './codes';
import type { Cents } from './money';
import { portfolioEntry, type PortfolioInput } from './portfolio';

export interface Delivery {
  fecha: IsoDate;
  /** Income of the delivery (acopio ingreso), any process. */
  ingreso: Cents;
}

export interface EvaluationInputs {
  today: IsoDate;
  monto_solicitado: Cents;
  /** The member's deliveries (acopios) of every process. */
  deliveries: readonly Delivery[];
  memberContracts: readonly PortfolioInput[];
  communityContracts: readonly PortfolioInput[];
  regionContracts: readonly PortfolioInput[];
  /** Contribution balance; null when the member has no movements. */
  saldo: Cents | null;
}

export type RiskLevel = 'Bajo' | 'Medio' | 'Alto';

export interface LastCredit {
  id: number;
  monto: Cents;
  estatus: ContractStatus;
  /** Days since its start (null when never started). */
  vida: number | null;
}

export interface EvaluationFigures {
  /** Requested ÷ this year's delivery income; 'NA' without deliveries this year. */
  solvencia: number | 'NA';
  ingresos_este_anio: Cents;
  ingresos_anio_pasado: Cents;
  ultimo_credito: LastCredit | null;
  /** Total pending debt today over all the member's contracts. */
  deuda_total: Cents;
  /** Overdue pending capital ÷ all pending capital, as a fraction 0–1 (0 without contracts). */
  morosidad_socio: number;
  morosidad_comunidad: number;
  morosidad_region: number;
  /** 30 % and 50 % of the contribution balance (0 without a balance). */
  sugerido_30: Cents;
  sugerido_50: Cents;
  riesgo: RiskLevel;
  tiene_vencido: boolean;
}

/** Delivery income per calendar year. */
function incomeOfYear(deliveries: readonly Delivery[], year: number): Cents {
  const prefix = `${year}-`;
  return deliveries.reduce((sum, d) => (d.fecha.startsWith(prefix) ? sum + d.ingreso : sum), 0);
}

/** Portfolio at risk of a set of contracts at a date (shared funds included). */
export function delinquency(items: readonly PortfolioInput[], d: IsoDate): number {
  let overdue = 0;
  let all = 0;
  for (const item of items) {
    const entry = portfolioEntry(item, d);
    if (!entry) continue;
    all += entry.capital;
    if (entry.estatus === 'VE') overdue += entry.capital;
  }
  return all === 0 ? 0 : overdue / all;
}

function lastCredit(items: readonly PortfolioInput[], today: IsoDate): LastCredit | null {
  // Most recent by start date; a contract not started yet is the newest of all.
  const sorted = [...items].sort((a, b) => {
    const sa = a.contract.fecha_inicio;
    const sb = b.contract.fecha_inicio;
    if (sa === sb) return b.id - a.id;
    if (!sa) return -1;
    if (!sb) return 1;
    return compareIsoDates(sb, sa);
  });
  const last = sorted[0];
  if (!last) return null;
  return {
    id: last.id,
    monto: last.contract.monto,
    estatus: statusAt(last.contract, today),
    vida: contractDays(last.contract, today)?.vida ?? null,
  };
}

export function riskLevel(f: {
  tiene_vencido: boolean;
  solvencia: number | 'NA';
  morosidad_region: number;
}): RiskLevel {
  if (f.tiene_vencido || (f.solvencia !== 'NA' && f.solvencia > 1)) return 'Alto';
  if (f.morosidad_region > 0.1 || f.solvencia === 'NA' || f.solvencia > 0.5) return 'Medio';
  return 'Bajo';
}

export function evaluationFigures(input: EvaluationInputs): EvaluationFigures {
  const year = Number(input.today.slice(0, 4));
  const thisYear = incomeOfYear(input.deliveries, year);
  const solvencia = thisYear === 0 ? 'NA' : input.monto_solicitado / thisYear;
  const deuda_total = input.memberContracts.reduce(
    (sum, item) => sum + (debtAt(item.contract, item.payments, input.today)?.total_deuda ?? 0),
    0,
  );
  const tiene_vencido = input.memberContracts.some(
    (item) => portfolioEntry(item, input.today)?.estatus === 'VE',
  );
  const morosidad_region = delinquency(input.regionContracts, input.today);
  const saldo = Math.max(0, input.saldo ?? 0);
  return {
    solvencia,
    ingresos_este_anio: thisYear,
    ingresos_anio_pasado: incomeOfYear(input.deliveries, year - 1),
    ultimo_credito: lastCredit(input.memberContracts, input.today),
    deuda_total,
    morosidad_socio: delinquency(input.memberContracts, input.today),
    morosidad_comunidad: delinquency(input.communityContracts, input.today),
    morosidad_region,
    sugerido_30: Math.floor((saldo * 30) / 100),
    sugerido_50: Math.floor((saldo * 50) / 100),
    riesgo: riskLevel({ tiene_vencido, solvencia, morosidad_region }),
    tiene_vencido,
  };
}
