import { describe, expect, it } from 'vitest';
import {
  formatCurrency,
  formatDate,
  formatDateTime,
  formatKg,
  formatNumber,
  formatPercent,
  formatRate,
} from '#domain/format';

describe('formatCurrency', () => {
  it('shows cents as US currency in every language', () => {
    expect(formatCurrency(104050)).toBe('$1,040.50');
    expect(formatCurrency(104050, 'tz')).toBe('$1,040.50');
    expect(formatCurrency(0)).toBe('$0.00');
    expect(formatCurrency(5)).toBe('$0.05');
    expect(formatCurrency(-123456789)).toBe('-$1,234,567.89');
    expect(formatCurrency(999_999_900)).toBe('$9,999,999.00');
  });
  it('shows ERR for what is not cents', () => {
    expect(formatCurrency(10.5)).toBe('ERR');
    expect(formatCurrency(null)).toBe('ERR');
    expect(formatCurrency(Number.NaN)).toBe('ERR');
  });
});

describe('formatPercent', () => {
  it('shows a percentage with up to 2 decimals', () => {
    expect(formatPercent(19.38041)).toBe('19.38%');
    expect(formatPercent('2.5000')).toBe('2.5%');
    expect(formatPercent(2.5)).toBe('2.5%');
    expect(formatPercent('100.0000')).toBe('100%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent('0.0100')).toBe('0.01%');
    expect(formatPercent(12.345)).toBe('12.35%');
    expect(formatPercent('12.3449')).toBe('12.34%');
    expect(formatPercent('9.995')).toBe('10%');
    expect(formatPercent('-1.5')).toBe('-1.5%');
    expect(formatPercent('abc')).toBe('ERR');
  });

  it('an agreed rate shows 2 decimals, and the 4 it may be agreed with', () => {
    expect(formatRate('1.2345')).toBe('1.2345%');
    expect(formatRate(12.34567)).toBe('12.3457%');
    expect(formatRate('2.5000')).toBe('2.50%');
    expect(formatRate('3.0000')).toBe('3.00%');
    expect(formatRate('1.2300')).toBe('1.23%');
    expect(formatRate('1.2340')).toBe('1.234%');
    expect(formatRate('9.99995')).toBe('10.00%');
    expect(formatRate('1250')).toBe('1,250.00%');
    expect(formatRate('abc')).toBe('ERR');
  });
});

describe('formatDate', () => {
  it('writes day, month, year in Spanish (tz too) or English', () => {
    expect(formatDate('2026-11-21')).toBe('21 nov 2026');
    expect(formatDate('2026-01-05', 'tz')).toBe('5 ene 2026');
    expect(formatDate('2026-08-09', 'en')).toBe('9 Aug 2026');
    expect(formatDate('2026-11-21T10:00:00Z')).toBe('21 nov 2026');
  });
  it('leaves anything else as it came', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('mañana')).toBe('mañana');
    expect(formatDate('2026-02-30')).toBe('2026-02-30');
  });
  it('formats timestamps in the cooperative zone', () => {
    expect(formatDateTime('2026-11-22T03:05:00Z')).toBe('21 nov 2026 21:05');
    expect(formatDateTime('no')).toBe('no');
  });
});

describe('numbers and kilos', () => {
  it('groups thousands and keeps up to 2 decimals', () => {
    expect(formatNumber(1234.5)).toBe('1,234.5');
    expect(formatNumber('1234567.891')).toBe('1,234,567.89');
    expect(formatKg('120.50')).toBe('120.5 kg');
    expect(formatKg(1500)).toBe('1,500 kg');
    expect(formatKg(null)).toBe('ERR');
  });
});
