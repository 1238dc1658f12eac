/**
 * Visit coverage (docs/community-visit.md#coverage): per promoter and month, the communities
 * visited, the members seen, what was collected against what fell due in those communities,
 * and the promises to pay kept or broken.
 *
 * - A **visit** is a community on a day on which the promoter marked one of its members or
 *   captured a payment, a savings movement or a collection for one.
 * - **Seen**: a member with a capture or a "visitado" / promise mark that month; **absent**: a
 *   member only marked "no vino".
 * - **Collected**: the promoter's loan payments of the month (shared funds aside).
 * - **Due**: for every loan of the communities visited that month, what fell due in the month
 *   as it stood on its first day — the debt on its due date when that date is in the month, all
 *   it owed on the 1st when already overdue; payments of the month itself are not subtracted,
 *   they are what the promoter collected against it.
 * - A promise is **kept** when the member paid any amount to any loan between the visit and the
 *   promised date (both included), **broken** when that date has passed without a payment,
 *   **pending** otherwise. A promise counts in the month it was made.
 */
import { addDays, compareIsoDates, type IsoDate } from '#domain/dates';
import { debtAt, DebtDateError, dueDate, type DebtContract, type DebtPayment } from '#domain/debt';
import type { Cents } from '#domain/money';
import { monthEnd, monthOf, type MonthKey } from './months';
import { percentOf } from './portfolio-at-risk';

export type CoverageEventKind = 'ausente' | 'promesa' | 'visitado' | 'captura';

/** Something a promoter did for a member of a community on a day. */
export interface CoverageEvent {
  promotor: number;
  comunidad: number;
  clave_socio: number;
  fecha: IsoDate;
  kind: CoverageEventKind;
}

export interface CoverageCollected {
  promotor: number;
  fecha_pago: IsoDate;
  cantidad: Cents;
}

export interface CoveragePromise {
  promotor: number;
  clave_socio: number;
  fecha: IsoDate;
  fecha_promesa: IsoDate;
}

export interface CoverageMemberPayment {
  clave_socio: number;
  fecha_pago: IsoDate;
}

export interface CoverageLoan {
  comunidad: number;
  contract: DebtContract;
  payments: readonly DebtPayment[];
}

export interface CoverageInput {
  events: readonly CoverageEvent[];
  collected: readonly CoverageCollected[];
  promises: readonly CoveragePromise[];
  /** Payments of the promised members (any author), to tell kept from broken. */
  memberPayments: readonly CoverageMemberPayment[];
  /** Loans (no shared funds) of the communities visited. */
  loans: readonly CoverageLoan[];
  /** The promoters' names by user id. */
  names: ReadonlyMap<number, string>;
  months: readonly MonthKey[];
  today: IsoDate;
}

export interface CoverageRow {
  mes: MonthKey;
  promotor: number;
  nombre_promotor: string;
  comunidades: number;
  /** Community-days: the same community on two days is two visits. */
  visitas: number;
  socios_vistos: number;
  ausentes: number;
  cobrado: Cents;
  por_cobrar: Cents;
  /** Collected over due in percent (two decimals); null when nothing fell due. */
  cobertura: number | null;
  promesas: number;
  cumplidas: number;
  incumplidas: number;
  pendientes: number;
}

/** What `loan` had to pay in `month`, as it stood on the month's first day (see above). */
export function dueInMonth(loan: CoverageLoan, month: MonthKey): Cents {
  const first: IsoDate = `${month}-01`;
  const due = dueDate(loan.contract);
  if (due === null || compareIsoDates(due, monthEnd(month)) > 0) return 0;
  const before = loan.payments.filter((p) => compareIsoDates(p.fecha_pago, first) < 0);
  try {
    // Settled (or not yet started) by the 1st: nothing falls due.
    const open = debtAt(loan.contract, before, first, { asOfDate: true });
    if (open === null) return 0;
    if (compareIsoDates(due, first) < 0) return open.total_deuda;
    // Still owing on the 1st: what settles it on its due date, whatever happened after the 1st.
    const owing: DebtContract = { ...loan.contract, estatus: 'DP' };
    return debtAt(owing, before, due)?.total_deuda ?? 0;
  } catch (error) {
    if (error instanceof DebtDateError) return 0;
    throw error;
  }
}

interface Acc {
  communities: Set<number>;
  visits: Set<string>;
  seen: Set<number>;
  marked: Set<number>;
  collected: Cents;
  promises: number;
  kept: number;
  broken: number;
  pending: number;
}

const keyOf = (mes: MonthKey, promotor: number) => `${mes}|${promotor}`;

function promiseKept(p: CoveragePromise, payments: readonly CoverageMemberPayment[]): boolean {
  return payments.some(
    (m) =>
      m.clave_socio === p.clave_socio &&
      compareIsoDates(m.fecha_pago, p.fecha) >= 0 &&
      compareIsoDates(m.fecha_pago, p.fecha_promesa) <= 0,
  );
}

/**
 * One row per promoter and month of `months` with at least one visit, by month then by the
 * promoter's name.
 */
export function visitCoverage(input: CoverageInput): CoverageRow[] {
  const inPeriod = new Set(input.months);
  const accs = new Map<string, Acc>();
  const accOf = (mes: MonthKey, promotor: number): Acc => {
    const key = keyOf(mes, promotor);
    let acc = accs.get(key);
    if (!acc) {
      acc = {
        communities: new Set(),
        visits: new Set(),
        seen: new Set(),
        marked: new Set(),
        collected: 0,
        promises: 0,
        kept: 0,
        broken: 0,
        pending: 0,
      };
      accs.set(key, acc);
    }
    return acc;
  };

  for (const e of input.events) {
    const mes = monthOf(e.fecha);
    if (!inPeriod.has(mes)) continue;
    const acc = accOf(mes, e.promotor);
    acc.communities.add(e.comunidad);
    acc.visits.add(`${e.comunidad}|${e.fecha}`);
    if (e.kind === 'ausente') acc.marked.add(e.clave_socio);
    else acc.seen.add(e.clave_socio);
  }
  for (const c of input.collected) {
    const acc = accs.get(keyOf(monthOf(c.fecha_pago), c.promotor));
    if (acc) acc.collected += c.cantidad;
  }
  for (const p of input.promises) {
    const acc = accs.get(keyOf(monthOf(p.fecha), p.promotor));
    if (!acc) continue;
    acc.promises += 1;
    if (promiseKept(p, input.memberPayments)) acc.kept += 1;
    // The promised day itself is still the member's: broken only from the next day.
    else if (compareIsoDates(addDays(p.fecha_promesa, 1), input.today) <= 0) acc.broken += 1;
    else acc.pending += 1;
  }

  // Due per community and month, each computed once however many promoters visited it.
  const loansOf = new Map<number, CoverageLoan[]>();
  for (const loan of input.loans) {
    const list = loansOf.get(loan.comunidad) ?? [];
    list.push(loan);
    loansOf.set(loan.comunidad, list);
  }
  const dueCache = new Map<string, Cents>();
  const dueOf = (comunidad: number, mes: MonthKey): Cents => {
    const key = `${comunidad}|${mes}`;
    let due = dueCache.get(key);
    if (due === undefined) {
      due = (loansOf.get(comunidad) ?? []).reduce((s, loan) => s + dueInMonth(loan, mes), 0);
      dueCache.set(key, due);
    }
    return due;
  };

  const rows: CoverageRow[] = [];
  for (const [key, acc] of accs) {
    const [mes, id] = key.split('|') as [MonthKey, string];
    const promotor = Number(id);
    let due = 0;
    for (const comunidad of acc.communities) due += dueOf(comunidad, mes);
    rows.push({
      mes,
      promotor,
      nombre_promotor: input.names.get(promotor) ?? '',
      comunidades: acc.communities.size,
      visitas: acc.visits.size,
      socios_vistos: acc.seen.size,
      ausentes: [...acc.marked].filter((m) => !acc.seen.has(m)).length,
      cobrado: acc.collected,
      por_cobrar: due,
      cobertura: percentOf(acc.collected, due),
      promesas: acc.promises,
      cumplidas: acc.kept,
      incumplidas: acc.broken,
      pendientes: acc.pending,
    });
  }
  return rows.sort(
    (a, b) =>
      a.mes.localeCompare(b.mes) ||
      a.nombre_promotor.localeCompare(b.nombre_promotor, 'es') ||
      a.promotor - b.promotor,
  );
}
