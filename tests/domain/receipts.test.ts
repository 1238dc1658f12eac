/** Receipt numbers and codes (#domain/receipts): formats written out here, not read from the code. */
import { describe, expect, it } from 'vitest';
import {
  groupedReceiptCode,
  isReceiptNumber,
  normalizeReceiptCode,
  randomAlphabetText,
  receiptNumber,
} from '#domain/receipts';

describe('receipt code', () => {
  it('uses the 32 unambiguous characters: never I, L, O or U', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    const text = randomAlphabetText(256, bytes);
    expect(new Set(text).size).toBe(32);
    expect(text).not.toMatch(/[ILOU]/);
    // 256 bytes cover each character exactly 8 times: no character is favoured.
    expect(text.split('0').length - 1).toBe(8);
  });

  it('reads a typed code loosely: case, spaces, dashes; I/L as 1 and O as 0', () => {
    expect(normalizeReceiptCode(' ab12-cd34 ')).toBe('AB12CD34');
    expect(normalizeReceiptCode('OIL2 CD34')).toBe('0112CD34');
    expect(normalizeReceiptCode('AB12CD3U')).toBeNull();
    expect(normalizeReceiptCode('AB12CD3')).toBeNull();
    expect(normalizeReceiptCode('AB12CD345')).toBeNull();
  });

  it('is shown in two groups of four', () => {
    expect(groupedReceiptCode('AB12CD34')).toBe('AB12-CD34');
  });
});

describe('receipt number', () => {
  it('is user, device and a padded sequence', () => {
    expect(receiptNumber(12, 'K7QM', 42)).toBe('12-K7QM-0042');
    expect(receiptNumber(3, 'ABCD', 12345)).toBe('3-ABCD-12345');
    expect(isReceiptNumber('12-K7QM-0042')).toBe(true);
    expect(isReceiptNumber('12-K7QU-0042')).toBe(false);
    expect(isReceiptNumber('0-K7QM-0042')).toBe(false);
    expect(isReceiptNumber('12-K7QM-42')).toBe(false);
  });
});
