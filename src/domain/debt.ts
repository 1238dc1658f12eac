/**
 * Debt arithmetic of docs/business-rules.md#debt-arithmetic: due date, status at a date, and the
 * debt of a contract at a date for fixed (FI) and variable (VA) rates. One pure function used by
 * the server for every answer and by the phone offline, so both always agree to the cent.
 *
 * Exactness: money is integer cents, rates are exact decimals with up to 4 places (monthly
 * percent). Every intermediate figure is a BigInt numerator over one common denominator
 * DEN = 365 × 10^6 (so `monto × tasa% × months` and `pending × tasa% × 12/365 × days` are both
 * exact), and each money figure of the answer is truncated (rounded down) to cents only at the
 * end. `total_deuda` is the sum of the three truncated parts, so paying exactly `total_deuda`
 * split into its parts settles the contract to zero.
 */
import type { ContractStatus, ExecutionStatus, RateType } from './codes';
import {
  addMonths,
  compareIsoDates,
  completedMonthsBetween,
  daysBetween,
  type IsoDate,
} from './dates';
import { msg } from './messages';
import type { Cents } from './money';
import { parseFixed } from './rules';

export interface DebtContract {
  monto: Cents;
  /** Monthly ordinary rate in percent, up to 4 decimals ("2.5" = 2.5 % a month). */
  tasa: string | number;
  /** Monthly late (arrears) rate in percent, up to 4 decimals. */
  tasa_moratoria: string | number;
  tipo_tasa: RateType | null;
  /** Term in months. */
  plazo: number;
  /** Extension in months (0 without one). */
  prorroga: number;
  fecha_inicio: IsoDate | null;
  /** Stored status: DP (debt pending), PA (paid), CN (forgiven). */
  estatus: ContractStatus;
  estatus_ejecucion: ExecutionStatus;
  /** Date the contract was settled (PA/CN); null while pending. */
  fecha_final: IsoDate | null;
}

export interface DebtPayment {
  fecha_pago: IsoDate;
  cantidad: Cents;
  abono_capital: Cents;
  interes_ord: Cents;
  interes_mor: Cents;
  /** Debt snapshot at fecha_pago before this payment (stored with the payment). */
  deuda_prev_int_ord: Cents;
  deuda_prev_int_mor: Cents;
  /** Order among payments of the same day (id or capture sequence); higher = later. */
  orden: number;
}

export interface Debt {
  fecha: IsoDate;
  estatus_detail: ContractStatus;
  monto_original: Cents;
  capital_abonado: Cents;
  interes_ordinario_abonado: Cents;
  interes_moratorio_abonado: Cents;
  total_abonado: Cents;
  capital_por_pagar: Cents;
  interes_ordinario_deuda: Cents;
  interes_moratorio_deuda: Cents;
  total_deuda: Cents;
}

/** The asked date is before the contract's start (docs/business-rules.md#debt-arithmetic: 400 naming both dates). */
export class DebtDateError extends Error {
  readonly messageKey: string;
  constructor(fecha: IsoDate, fechaInicio: IsoDate) {
    const key = msg('validation.debtBeforeStart', { fecha, fecha_inicio: fechaInicio });
    super(key);
    this.name = 'DebtDateError';
    this.messageKey = key;
  }
}

const PERCENT_UNITS = 1_000_000n; // a rate in 10^-4 percent units → fraction: units / 10^6
const DAYS_IN_YEAR = 365n;
const DEN = DAYS_IN_YEAR * PERCENT_UNITS;

/** A monthly percent with ≤ 4 decimals as integer units of 10^-4 percent ("2.5" → 25000). */
export function rateUnits(rate: string | number): bigint {
  const units = parseFixed(rate, 4);
  if (typeof units !== 'number' || units < 0) throw new RangeError(`invalid rate: ${rate}`);
  return BigInt(units);
}

function fromCents(cents: Cents): bigint {
  return BigInt(cents) * DEN;
}

/** Floor of an exact figure to cents ("truncated, rounded down"). */
function truncToCents(value: bigint): Cents {
  const q = value / DEN;
  const floored = value < 0n && q * DEN !== value ? q - 1n : q;
  return Number(floored);
}

export function totalTerm(c: Pick<DebtContract, 'plazo' | 'prorroga'>): number {
  return c.plazo + c.prorroga;
}

/** fecha_vencimiento = fecha_inicio + (plazo + prorroga) calendar months. */
export function dueDate(
  c: Pick<DebtContract, 'fecha_inicio' | 'plazo' | 'prorroga'>,
): IsoDate | null {
  return c.fecha_inicio ? dueDateFrom(c.fecha_inicio, c) : null;
}

/** The due date of a started contract, its start date already at hand. */
export function dueDateFrom(inicio: IsoDate, c: Pick<DebtContract, 'plazo' | 'prorroga'>): IsoDate {
  return addMonths(inicio, totalTerm(c));
}

/**
 * The stored status as it stood at date d: a contract settled (PA/CN) after d was still DP
 * at d — the portfolio of a past date counts it as pending.
 */
function storedStatusAt(c: DebtContract, d: IsoDate): ContractStatus {
  if (
    (c.estatus === 'PA' || c.estatus === 'CN') &&
    c.fecha_final &&
    compareIsoDates(d, c.fecha_final) < 0
  )
    return 'DP';
  return c.estatus;
}

/**
 * `estatus_detail` at d (docs/business-rules.md#contracts): a started DP contract is VI (current)
 * up to its due date and VE (overdue) after; otherwise its stored status (PA, CN); never started →
 * DP.
 */
export function statusAt(c: DebtContract, d: IsoDate): ContractStatus {
  const stored = storedStatusAt(c, d);
  if (!c.fecha_inicio || stored !== 'DP') return stored;
  const due = dueDateFrom(c.fecha_inicio, c);
  return compareIsoDates(d, due) <= 0 ? 'VI' : 'VE';
}

function sortPayments(payments: readonly DebtPayment[]): DebtPayment[] {
  return [...payments].sort(
    (a, b) => compareIsoDates(a.fecha_pago, b.fecha_pago) || a.orden - b.orden,
  );
}

interface Sums {
  cap: Cents;
  ord: Cents;
  mor: Cents;
  total: Cents;
}

function sumPayments(payments: readonly DebtPayment[]): Sums {
  return payments.reduce<Sums>(
    (s, p) => ({
      cap: s.cap + p.abono_capital,
      ord: s.ord + p.interes_ord,
      mor: s.mor + p.interes_mor,
      total: s.total + p.cantidad,
    }),
    { cap: 0, ord: 0, mor: 0, total: 0 },
  );
}

/** Exact ordinary and late interest still owed at d, before truncation. */
function exactInterest(
  c: DebtContract,
  inicio: IsoDate,
  paid: readonly DebtPayment[],
  sums: Sums,
  d: IsoDate,
): { ordinary: bigint; late: bigint } {
  const due = dueDateFrom(inicio, c);
  const overdue = compareIsoDates(d, due) > 0;
  const tasa = rateUnits(c.tasa);
  const tasaMor = rateUnits(c.tasa_moratoria);

  if (c.tipo_tasa === 'VA') {
    // Daily interest on the pending capital since the last payment, plus what that payment
    // left unpaid (carried).
    const pending = BigInt(c.monto - sums.cap);
    const last = paid.at(-1);
    const base = last ? last.fecha_pago : inicio;
    const carryOrd = last ? fromCents(last.deuda_prev_int_ord - last.interes_ord) : 0n;
    const carryMor = last ? fromCents(last.deuda_prev_int_mor - last.interes_mor) : 0n;
    const days = BigInt(daysBetween(base, d));
    // pending × (tasa × 12 / 365)% × days, over DEN = 365 × 10^6.
    const ordinary = pending * tasa * 12n * days + carryOrd;
    let late = carryMor;
    if (overdue) {
      const lateDays = BigInt(
        compareIsoDates(base, due) < 0 ? daysBetween(due, d) : daysBetween(base, d),
      );
      late += pending * tasaMor * 12n * lateDays;
    }
    return { ordinary, late };
  }

  // Fixed rate: simple interest on the original amount over completed months (a month is
  // charged on its anniversary, never before).
  const months = BigInt(completedMonthsBetween(inicio, d));
  const monto = BigInt(c.monto);
  const ordinaryTotal = monto * tasa * months * DAYS_IN_YEAR;
  const lateMonths = overdue ? months - BigInt(totalTerm(c)) : 0n;
  const lateTotal = lateMonths > 0n ? monto * tasaMor * lateMonths * DAYS_IN_YEAR : 0n;
  return { ordinary: ordinaryTotal - fromCents(sums.ord), late: lateTotal - fromCents(sums.mor) };
}

export interface DebtOptions {
  /**
   * Compute even when the contract is settled today (the portfolio of a past date asks for
   * the debt as it stood then). The status at d still decides; this only skips the check of
   * today's stored status.
   */
  asOfDate?: boolean;
}

/**
 * Debt of a contract at date d from its payments dated ≤ d
 * (docs/business-rules.md#debt-arithmetic). `null` = no debt: never started, execution not CO
 * (collected), or not DP at d. Throws DebtDateError when d is before fecha_inicio.
 */
export function debtAt(
  c: DebtContract,
  payments: readonly DebtPayment[],
  d: IsoDate,
  options: DebtOptions = {},
): Debt | null {
  if (!c.fecha_inicio || c.estatus_ejecucion !== 'CO') return null;
  const stored = options.asOfDate ? storedStatusAt(c, d) : c.estatus;
  if (stored !== 'DP') return null;
  if (compareIsoDates(d, c.fecha_inicio) < 0) throw new DebtDateError(d, c.fecha_inicio);

  const paid = sortPayments(payments.filter((p) => compareIsoDates(p.fecha_pago, d) <= 0));
  const sums = sumPayments(paid);
  const { ordinary, late } = exactInterest(c, c.fecha_inicio, paid, sums, d);

  const capital = c.monto - sums.cap;
  const ordinaryDebt = truncToCents(ordinary);
  const lateDebt = truncToCents(late);
  return {
    fecha: d,
    estatus_detail: statusAt(c, d),
    monto_original: c.monto,
    capital_abonado: sums.cap,
    interes_ordinario_abonado: sums.ord,
    interes_moratorio_abonado: sums.mor,
    total_abonado: sums.total,
    capital_por_pagar: capital,
    interes_ordinario_deuda: ordinaryDebt,
    interes_moratorio_deuda: lateDebt,
    total_deuda: capital + ordinaryDebt + lateDebt,
  };
}

/**
 * Pending capital at d, under exactly the conditions of `debtAt(c, payments, d, { asOfDate:
 * true })` (null when that is null), without its interest: the portfolio at each month end
 * needs only the capital, and the interest walk dominated the portfolio-at-risk report.
 */
export function pendingCapitalAt(
  c: DebtContract,
  payments: readonly DebtPayment[],
  d: IsoDate,
): Cents | null {
  if (!c.fecha_inicio || c.estatus_ejecucion !== 'CO') return null;
  if (storedStatusAt(c, d) !== 'DP') return null;
  if (compareIsoDates(d, c.fecha_inicio) < 0) throw new DebtDateError(d, c.fecha_inicio);
  let paid = 0;
  for (const p of payments) if (compareIsoDates(p.fecha_pago, d) <= 0) paid += p.abono_capital;
  return c.monto - paid;
}

export interface ContractDays {
  /** Days since the start date (up to today, or to the settlement date when settled). */
  vida: number;
  /** Days in the current portfolio: life minus overdue days. */
  cartera_vigente: number;
  /** Days since the due date when past it, else 0. */
  vencidos: number;
}

/** Life, current-portfolio and overdue days; null when never started. */
export function contractDays(c: DebtContract, today: IsoDate): ContractDays | null {
  if (!c.fecha_inicio) return null;
  const end = c.fecha_final && compareIsoDates(c.fecha_final, today) < 0 ? c.fecha_final : today;
  const vida = Math.max(0, daysBetween(c.fecha_inicio, end));
  const due = dueDateFrom(c.fecha_inicio, c);
  const vencidos = compareIsoDates(end, due) > 0 ? daysBetween(due, end) : 0;
  return { vida, cartera_vigente: vida - vencidos, vencidos };
}

/** `plazo_disp`: "6", or "6+2" when extended (docs/business-rules.md#contracts). */
export function termLabel(c: Pick<DebtContract, 'plazo' | 'prorroga'>): string {
  return c.prorroga > 0 ? `${c.plazo}+${c.prorroga}` : String(c.plazo);
}
