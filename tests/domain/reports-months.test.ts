/** Months of the reports and the funnel's median. */
import { describe, expect, it } from 'vitest';
import { median } from '#domain/reports/funnel';
import { addMonthsToKey, isMonthKey, monthEnd, monthsFromTo } from '#domain/reports/months';

describe('report months', () => {
  it('knows month ends, leap years included', () => {
    expect(monthEnd('2024-02')).toBe('2024-02-29');
    expect(monthEnd('2025-02')).toBe('2025-02-28');
    expect(monthEnd('2025-12')).toBe('2025-12-31');
  });

  it('moves across years both ways', () => {
    expect(addMonthsToKey('2025-01', -1)).toBe('2024-12');
    expect(addMonthsToKey('2024-11', 23)).toBe('2026-10');
    expect(addMonthsToKey('2026-11', -23)).toBe('2024-12');
  });

  it('lists a period with both ends, and nothing backwards', () => {
    expect(monthsFromTo('2024-11', '2025-02')).toEqual([
      '2024-11',
      '2024-12',
      '2025-01',
      '2025-02',
    ]);
    expect(monthsFromTo('2025-02', '2025-01')).toEqual([]);
  });

  it('accepts only YYYY-MM', () => {
    expect(['2025-01', '2025-12'].every(isMonthKey)).toBe(true);
    expect(['2025-13', '2025-1', '2025-00', '202501', 202501].some(isMonthKey)).toBe(false);
  });
});

describe('median', () => {
  it('is the middle value, or the mean of the two middle ones', () => {
    expect(median([])).toBeNull();
    expect(median([9, 1, 5])).toBe(5);
    expect(median([4, 1, 10, 2])).toBe(3);
  });
});
