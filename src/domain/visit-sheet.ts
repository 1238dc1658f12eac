/**
 * The figures of the community visit sheet (docs/community-visit.md), computed on the phone
 * from the replica with the same debt calculator the server answers with, so the sheet shows
 * the server's figures to the cent once everything is sent:
 *
 * - **debt today**: `debtAt(today)` of each loan (`deuda_al_dia.total_deuda` of the server);
 * - **days overdue**: days past the due date (`dias_vencidos`), 0 while current;
 * - **falls due this month**: by the contract's terms a loan is paid in one sum at its due date
 *   (simple interest, docs/business-rules.md#debt-arithmetic), so what falls due this month is,
 *   for a loan due by the end of this month, the debt on its due date (what settles it on time,
 *   payments so far counted) — or, once the due date has passed, everything it owes today; 0
 *   for a loan due in a later month.
 */
import type { ContractStatus } from './codes';
import {
  debtContractOf,
  debtPaymentOf,
  type DebtContractSource,
  type DebtPaymentSource,
} from './credit-replica';
import { daysInMonth, compareIsoDates, type IsoDate } from './dates';
import { contractDays, debtAt, DebtDateError, dueDate, statusAt } from './debt';
import type { Cents } from './money';

export interface LoanSheet {
  id: number;
  /** Status today: VI current, VE overdue, PA paid, CN forgiven, DP not started. */
  estatus: ContractStatus;
  fecha_vencimiento: IsoDate | null;
  /** Debt today in cents; null when the loan owes nothing today (not started, paid…). */
  deuda: Cents | null;
  dias_vencidos: number;
  /** What falls due by the end of this month (cents). */
  vence_este_mes: Cents;
}

/** The last day of `today`'s month. */
export function endOfMonth(today: IsoDate): IsoDate {
  const [y, m] = today.split('-').map(Number) as [number, number];
  return `${today.slice(0, 8)}${String(daysInMonth(y, m)).padStart(2, '0')}`;
}

/** One loan's line on the sheet, from its replica row and its counted payments. */
export function loanSheet(
  contract: DebtContractSource & { id: number },
  payments: readonly DebtPaymentSource[],
  today: IsoDate,
): LoanSheet {
  const c = debtContractOf(contract);
  const paid = payments.map(debtPaymentOf);
  const due = dueDate(c);
  let debt = null;
  try {
    debt = debtAt(c, paid, today);
  } catch (error) {
    // A loan starting after today owes nothing yet.
    if (!(error instanceof DebtDateError)) throw error;
  }
  const deuda = debt?.total_deuda ?? null;
  let vence = 0;
  if (deuda !== null && due !== null && compareIsoDates(due, endOfMonth(today)) <= 0) {
    vence = compareIsoDates(due, today) < 0 ? deuda : (debtAt(c, paid, due)?.total_deuda ?? 0);
  }
  return {
    id: contract.id,
    estatus: statusAt(c, today),
    fecha_vencimiento: due,
    deuda,
    dias_vencidos: deuda === null ? 0 : (contractDays(c, today)?.vencidos ?? 0),
    vence_este_mes: vence,
  };
}

export interface MemberDebtFigures {
  /** Sum of the loans' debt today. */
  deuda: Cents;
  /** Sum of what falls due this month. */
  vence_este_mes: Cents;
  /** The most days overdue of any loan. */
  dias_vencidos: number;
}

export function memberDebtFigures(loans: readonly LoanSheet[]): MemberDebtFigures {
  let deuda = 0;
  let vence = 0;
  let dias = 0;
  for (const loan of loans) {
    deuda += loan.deuda ?? 0;
    vence += loan.vence_este_mes;
    dias = Math.max(dias, loan.dias_vencidos);
  }
  return { deuda, vence_este_mes: vence, dias_vencidos: dias };
}

export const VISIT_SORTS = ['nombre', 'adeudo', 'vencidos'] as const;
export type VisitSort = (typeof VISIT_SORTS)[number];

export interface SortableMember {
  nombre: string;
  figures: MemberDebtFigures;
}

const collator = new Intl.Collator('es', { sensitivity: 'base' });

/**
 * The sheet in the chosen order: by name; by amount due (this month's, then the whole debt),
 * most first; by days overdue, most first. Ties go by name.
 */
export function sortVisitSheet<M extends SortableMember>(rows: readonly M[], by: VisitSort): M[] {
  const byName = (a: M, b: M) => collator.compare(a.nombre, b.nombre);
  const order: Record<VisitSort, (a: M, b: M) => number> = {
    nombre: byName,
    adeudo: (a, b) =>
      b.figures.vence_este_mes - a.figures.vence_este_mes ||
      b.figures.deuda - a.figures.deuda ||
      byName(a, b),
    vencidos: (a, b) => b.figures.dias_vencidos - a.figures.dias_vencidos || byName(a, b),
  };
  return [...rows].sort(order[by]);
}

/** Lower case without accents: "José" and "jose" are found alike. */
export function searchKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}
