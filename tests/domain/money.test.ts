import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { centsToDecimalString, centsToPlainString, parseMoney, sumCents } from '#domain/money';

describe('parseMoney', () => {
  it('parses text and JSON numbers exactly', () => {
    expect(parseMoney('1040.5')).toBe(104050);
    expect(parseMoney(' 1040.50 ')).toBe(104050);
    expect(parseMoney(1040.5)).toBe(104050);
    expect(parseMoney('0.07')).toBe(7);
    expect(parseMoney(0.07)).toBe(7);
    expect(parseMoney('-3.1')).toBe(-310);
    expect(parseMoney('10.')).toBe(1000);
    expect(parseMoney('.5')).toBe(50);
    expect(parseMoney('-0')).toBe(0);
  });
  it('rejects what is not an amount with at most 2 decimals', () => {
    for (const bad of ['', ' ', '.', '1.005', '1,000.00', '1e3', 'abc', '$5', '+5', '--1'])
      expect(parseMoney(bad)).toBeNull();
    expect(parseMoney(null)).toBeNull();
    expect(parseMoney(undefined)).toBeNull();
    expect(parseMoney(Number.NaN)).toBeNull();
    expect(parseMoney(Number.POSITIVE_INFINITY)).toBeNull();
    expect(parseMoney(0.1 + 0.2)).toBeNull();
    expect(parseMoney('99999999999999999999')).toBeNull();
  });
  it('round-trips every amount of cents through its decimal text', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
        (cents) => {
          expect(parseMoney(centsToDecimalString(cents))).toBe(cents);
          expect(parseMoney(centsToPlainString(cents))).toBe(cents);
        },
      ),
    );
  });
  it('parses decimal texts built from digits without float drift', () => {
    fc.assert(
      fc.property(fc.nat({ max: 9_999_999 }), fc.nat({ max: 99 }), (whole, frac) => {
        const text = `${whole}.${String(frac).padStart(2, '0')}`;
        expect(parseMoney(text)).toBe(whole * 100 + frac);
      }),
    );
  });
  it('sums many small amounts exactly (0.10 × 1000 = 100.00)', () => {
    const tenCents = parseMoney('0.10')!;
    expect(centsToDecimalString(sumCents(Array.from({ length: 1000 }, () => tenCents)))).toBe(
      '100.00',
    );
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1e9, max: 1e9 }), { maxLength: 50 }), (list) => {
        const text = list.map(centsToDecimalString);
        expect(sumCents(text.map((t) => parseMoney(t)!))).toBe(list.reduce((a, b) => a + b, 0));
      }),
    );
  });
});

describe('centsToDecimalString', () => {
  it('writes two decimals', () => {
    expect(centsToDecimalString(104050)).toBe('1040.50');
    expect(centsToDecimalString(5)).toBe('0.05');
    expect(centsToDecimalString(-5)).toBe('-0.05');
    expect(centsToDecimalString(0)).toBe('0.00');
    expect(centsToPlainString(999_999_900)).toBe('9999999');
    expect(centsToPlainString(1)).toBe('0.01');
  });
  it('refuses a float', () => {
    expect(() => centsToDecimalString(10.5)).toThrow(RangeError);
    expect(() => sumCents([1, 0.5])).toThrow(RangeError);
  });
});
