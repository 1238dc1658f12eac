import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addDays,
  addMonths,
  ageInYears,
  compareIsoDates,
  daysBetween,
  daysInMonth,
  isIsoDate,
  todayIn,
  completedMonthsBetween,
} from '#domain/dates';

describe('todayIn', () => {
  it('gives the calendar date of the time zone', () => {
    // 03:00 UTC on Nov 22 is still Nov 21 in Mexico City (UTC-6).
    const now = new Date('2026-11-22T03:00:00Z');
    expect(todayIn('America/Mexico_City', now)).toBe('2026-11-21');
    expect(todayIn('UTC', now)).toBe('2026-11-22');
    expect(isIsoDate(todayIn())).toBe(true);
  });
});

describe('isIsoDate', () => {
  it('accepts real dates only', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('1900-02-29')).toBe(false);
    expect(isIsoDate('2000-02-29')).toBe(true);
    expect(isIsoDate('2026-04-31')).toBe(false);
    expect(isIsoDate('2026-4-1')).toBe(false);
    expect(isIsoDate('2026-11-21T00:00:00Z')).toBe(false);
    expect(isIsoDate(20261121)).toBe(false);
  });
});

describe('addMonths', () => {
  it('clamps to the end of shorter months', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2026-03-31', 1)).toBe('2026-04-30');
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
    expect(addMonths('2024-02-29', 48)).toBe('2028-02-29');
  });
  it('crosses years both ways', () => {
    expect(addMonths('2026-11-15', 14)).toBe('2028-01-15');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-15');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonths('2026-05-10', 0)).toBe('2026-05-10');
  });
  it('rejects bad input', () => {
    expect(() => addMonths('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addMonths('2026-02-01', 1.5)).toThrow(RangeError);
  });
  it('moves by exactly n calendar months (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1990, max: 2100 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        fc.integer({ min: -240, max: 240 }),
        (y, m, d, n) => {
          const day = Math.min(d, daysInMonth(y, m));
          const iso = `${y}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
          const moved = addMonths(iso, n);
          expect(isIsoDate(moved)).toBe(true);
          if (n >= 0) expect(completedMonthsBetween(iso, moved)).toBe(n);
          else expect(completedMonthsBetween(moved, iso)).toBe(-n);
          expect(Number(moved.slice(8))).toBeLessThanOrEqual(day);
        },
      ),
    );
  });
});

describe('day and month counts', () => {
  it('daysBetween counts whole days, across DST and leap days', () => {
    expect(daysBetween('2026-01-01', '2026-01-31')).toBe(30);
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2025-02-28', '2025-03-01')).toBe(1);
    expect(daysBetween('2026-03-01', '2026-04-01')).toBe(31);
    expect(daysBetween('2026-02-01', '2026-01-01')).toBe(-31);
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
  it('completedMonthsBetween counts a month only once its anniversary is reached', () => {
    // docs/business-rules.md#debt-arithmetic examples.
    expect(completedMonthsBetween('2026-06-25', '2026-09-24')).toBe(2);
    expect(completedMonthsBetween('2026-06-25', '2026-09-25')).toBe(3);
    expect(completedMonthsBetween('2026-06-25', '2026-10-03')).toBe(3);
    expect(completedMonthsBetween('2026-01-31', '2026-02-28')).toBe(1);
    expect(completedMonthsBetween('2026-01-31', '2026-03-30')).toBe(1);
    // Same day, the day before and after, across a year end, b before a.
    expect(completedMonthsBetween('2026-01-15', '2026-01-15')).toBe(0);
    expect(completedMonthsBetween('2026-01-01', '2026-01-31')).toBe(0);
    expect(completedMonthsBetween('2025-11-15', '2027-01-14')).toBe(13);
    expect(completedMonthsBetween('2025-11-15', '2027-01-15')).toBe(14);
    expect(completedMonthsBetween('2026-05-01', '2026-03-31')).toBe(0);
  });
  it('completedMonthsBetween for start days 25–31, before, on and after the anniversary', () => {
    // [start, date, completed months], worked out on a calendar.
    const cases: [string, string, number][] = [
      ['2026-01-25', '2026-02-24', 0],
      ['2026-01-25', '2026-02-25', 1],
      ['2026-01-25', '2026-02-28', 1],
      ['2026-01-25', '2026-03-24', 1],
      ['2026-01-25', '2026-03-25', 2],
      ['2026-05-26', '2026-06-25', 0],
      ['2026-05-26', '2026-06-26', 1],
      ['2026-05-26', '2026-06-30', 1],
      ['2026-08-27', '2026-09-26', 0],
      ['2026-08-27', '2026-09-27', 1],
      ['2026-08-27', '2026-10-26', 1],
      ['2026-01-28', '2026-02-27', 0],
      ['2026-01-28', '2026-02-28', 1],
      ['2026-01-28', '2026-03-27', 1],
      ['2026-01-28', '2026-03-28', 2],
      // Start day missing in February: the anniversary is February's last day.
      ['2026-01-29', '2026-02-27', 0],
      ['2026-01-29', '2026-02-28', 1],
      ['2026-01-29', '2026-03-28', 1],
      ['2026-01-29', '2026-03-29', 2],
      ['2024-01-29', '2024-02-28', 0],
      ['2024-01-29', '2024-02-29', 1],
      ['2026-01-30', '2026-02-27', 0],
      ['2026-01-30', '2026-02-28', 1],
      ['2026-01-30', '2026-03-29', 1],
      ['2026-01-30', '2026-03-30', 2],
      ['2026-01-31', '2026-02-27', 0],
      ['2026-01-31', '2026-02-28', 1],
      ['2026-01-31', '2026-03-30', 1],
      ['2026-01-31', '2026-03-31', 2],
      ['2026-01-31', '2026-04-29', 2],
      ['2026-01-31', '2026-04-30', 3],
      ['2026-01-31', '2026-05-30', 3],
      ['2026-01-31', '2026-05-31', 4],
      ['2025-12-31', '2026-01-30', 0],
      ['2025-12-31', '2026-01-31', 1],
      ['2026-03-31', '2026-04-30', 1],
      ['2026-03-31', '2026-05-30', 1],
      ['2026-03-31', '2026-05-31', 2],
      ['2026-10-31', '2026-11-30', 1],
      ['2026-10-31', '2026-12-30', 1],
      ['2026-10-31', '2026-12-31', 2],
    ];
    for (const [start, date, months] of cases)
      expect([start, date, completedMonthsBetween(start, date)]).toEqual([start, date, months]);
  });
  it('completedMonthsBetween is the largest m with start + m months ≤ date (property)', () => {
    const day = fc.integer({ min: 0, max: 3000 }).map((n) => addDays('2020-01-01', n));
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 1500 }), (start, gap) => {
        const date = addDays(start, gap);
        const m = completedMonthsBetween(start, date);
        expect(addMonths(start, m) <= date).toBe(true);
        expect(addMonths(start, m + 1) > date).toBe(true);
      }),
    );
  });
  it('compareIsoDates orders dates', () => {
    expect(compareIsoDates('2026-01-01', '2026-01-02')).toBeLessThan(0);
    expect(compareIsoDates('2026-01-02', '2026-01-02')).toBe(0);
    expect(compareIsoDates('2027-01-01', '2026-12-31')).toBeGreaterThan(0);
  });
  it('ageInYears counts completed years', () => {
    expect(ageInYears('1980-05-04', '2026-05-03')).toBe(45);
    expect(ageInYears('1980-05-04', '2026-05-04')).toBe(46);
    expect(ageInYears('2000-02-29', '2025-02-28')).toBe(24);
    expect(ageInYears('2000-02-29', '2025-03-01')).toBe(25);
    expect(ageInYears('2000-02-29', '2024-02-29')).toBe(24);
  });
});
