/**
 * Calendar dates as ISO 'YYYY-MM-DD' strings. All arithmetic is done on UTC midnights so a
 * device's own time zone never shifts a day; "today" is taken in the cooperative's zone.
 */
import { MS_PER_DAY } from './constants';
import { dateTimeFormatOf } from './intl-formats';

export type IsoDate = string;

export const DEFAULT_TIME_ZONE = 'America/Mexico_City';

const ISO_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Today's calendar date in `timeZone` (default the cooperative's, America/Mexico_City). */
export function todayIn(timeZone: string = DEFAULT_TIME_ZONE, now: Date = new Date()): IsoDate {
  const parts = dateTimeFormatOf('date', timeZone, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const get = (type: string): string => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** Days in a month (month 1–12), leap years included (Gregorian rule). */
export function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : (MONTH_DAYS[month - 1] ?? Number.NaN);
}

/** True for a real calendar date written 'YYYY-MM-DD' (2026-02-30 is not one). */
export function isIsoDate(value: unknown): value is IsoDate {
  if (typeof value !== 'string') return false;
  const m = ISO_RE.exec(value);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/**
 * Dates already read, with their parts: sorting and computing over tens of thousands of
 * payments compares the same few thousand dates again and again. Cleared when it grows large.
 */
const readDates = new Map<string, readonly [number, number, number]>();
const READ_DATES_MAX = 50_000;

function parts(iso: IsoDate): readonly [number, number, number] {
  const known = readDates.get(iso);
  if (known) return known;
  if (!isIsoDate(iso)) throw new RangeError(`Not an ISO date: ${String(iso)}`);
  const read = [
    Number(iso.slice(0, 4)),
    Number(iso.slice(5, 7)),
    Number(iso.slice(8, 10)),
  ] as const;
  if (readDates.size >= READ_DATES_MAX) readDates.clear();
  readDates.set(iso, read);
  return read;
}

function toIso(year: number, month: number, day: number): IsoDate {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** UTC midnight of an ISO date in milliseconds. */
export function isoToUtcMs(iso: IsoDate): number {
  const [y, m, d] = parts(iso);
  const date = new Date(0);
  date.setUTCFullYear(y, m - 1, d);
  return date.getTime();
}

/** Negative when a < b, 0 when equal, positive when a > b. */
export function compareIsoDates(a: IsoDate, b: IsoDate): number {
  parts(a);
  parts(b);
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Add calendar months; a day that does not exist in the target month is clamped to its last
 * day (2026-01-31 + 1 → 2026-02-28; 2024-01-31 + 1 → 2024-02-29). `n` may be negative.
 */
export function addMonths(iso: IsoDate, n: number): IsoDate {
  if (!Number.isInteger(n)) throw new RangeError(`Months must be an integer: ${String(n)}`);
  const [y, m, d] = parts(iso);
  const index = y * 12 + (m - 1) + n;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return toIso(year, month, Math.min(d, daysInMonth(year, month)));
}

/** Add days (may be negative). */
export function addDays(iso: IsoDate, n: number): IsoDate {
  if (!Number.isInteger(n)) throw new RangeError(`Days must be an integer: ${String(n)}`);
  const date = new Date(isoToUtcMs(iso) + n * MS_PER_DAY);
  return toIso(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

/** Whole days from a to b (b − a), 86400000 ms per day on UTC midnights; negative if b < a. */
export function daysBetween(a: IsoDate, b: IsoDate): number {
  return Math.round((isoToUtcMs(b) - isoToUtcMs(a)) / MS_PER_DAY);
}

/**
 * Completed calendar months from a to b (docs/business-rules.md#debt-arithmetic): the largest m ≥ 0
 * such that a + m months (clamped to that month's last day) ≤ b. 25 Jun → 24 Sep = 2, → 25 Sep = 3;
 * 31 Jan → 28 Feb = 1, → 30 Mar = 1 (31 Mar not yet reached). 0 when b is before a.
 */
export function completedMonthsBetween(a: IsoDate, b: IsoDate): number {
  const [ya, ma] = parts(a);
  const [yb, mb] = parts(b);
  // The anniversary in b's own month is reached or not: that decides the last month.
  const calendarMonths = (yb - ya) * 12 + (mb - ma);
  const months =
    compareIsoDates(addMonths(a, calendarMonths), b) <= 0 ? calendarMonths : calendarMonths - 1;
  return Math.max(0, months);
}

/** Completed years of age at date `at` (a birthday on Feb 29 completes on Mar 1 in common years). */
export function ageInYears(birth: IsoDate, at: IsoDate): number {
  const [yb, mb, db] = parts(birth);
  const [ya, ma, da] = parts(at);
  let age = ya - yb;
  if (ma < mb || (ma === mb && da < db)) age -= 1;
  return age;
}
