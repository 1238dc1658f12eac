/**
 * Calendar months of the reports as 'YYYY-MM' keys: a month's last day (where the portfolio
 * is measured), the month a date falls in, and the inclusive list of months of a period.
 */
import { daysInMonth, type IsoDate } from '#domain/dates';

export type MonthKey = string;

const MONTH_RE = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** Longest period a report covers (ten years of months). */
export const MAX_REPORT_MONTHS = 120;

export function isMonthKey(value: unknown): value is MonthKey {
  return typeof value === 'string' && MONTH_RE.test(value) && value >= '0001-01';
}

function split(month: MonthKey): [number, number] {
  if (!isMonthKey(month)) throw new RangeError(`Not a month: ${String(month)}`);
  return [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
}

const key = (year: number, month: number): MonthKey =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;

/** The month of a date: '2025-03-17' → '2025-03'. */
export function monthOf(date: IsoDate): MonthKey {
  return date.slice(0, 7);
}

/** The last day of a month: '2024-02' → '2024-02-29'. */
export function monthEnd(month: MonthKey): IsoDate {
  const [y, m] = split(month);
  return `${month}-${String(daysInMonth(y, m)).padStart(2, '0')}`;
}

/** `month` moved by `n` months (negative goes back). */
export function addMonthsToKey(month: MonthKey, n: number): MonthKey {
  const [y, m] = split(month);
  const index = y * 12 + (m - 1) + n;
  return key(Math.floor(index / 12), (index % 12) + 1);
}

/** Months from `from` to `to`, both included; empty when `from` is after `to`. */
export function monthsFromTo(from: MonthKey, to: MonthKey): MonthKey[] {
  const months: MonthKey[] = [];
  for (let m = from; m <= to; m = addMonthsToKey(m, 1)) months.push(m);
  return months;
}
