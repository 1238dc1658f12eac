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
  wholeMonthsBetween,
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
          expect(wholeMonthsBetween(iso, moved)).toBe(n);
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
  it('wholeMonthsBetween ignores days', () => {
    expect(wholeMonthsBetween('2026-01-31', '2026-02-01')).toBe(1);
    expect(wholeMonthsBetween('2026-01-01', '2026-01-31')).toBe(0);
    expect(wholeMonthsBetween('2025-11-15', '2027-01-14')).toBe(14);
    expect(wholeMonthsBetween('2026-05-01', '2026-03-31')).toBe(-2);
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
