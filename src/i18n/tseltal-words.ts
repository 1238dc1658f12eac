/**
 * Amounts in Tseltal words for the Tseltal contract: the whole pesos through
 * @mauricioinaz/say-tseltal (vigesimal Tseltal numerals, 0 to 60,800,000 — every amount the
 * cooperative lends fits), the cents as a fraction like the Spanish text ("50/100").
 */
import { sayTseltal } from '@mauricioinaz/say-tseltal';
import { TSELTAL_NUMBER_MAX } from '#domain/codes';
import type { Cents } from '#domain/money';

/** A whole number in Tseltal words, or null outside what the numerals cover. */
export function tseltalNumberWords(n: number): string | null {
  if (!Number.isSafeInteger(n) || n < 0 || n > TSELTAL_NUMBER_MAX) return null;
  return sayTseltal(n);
}

/** "<pesos in Tseltal> <noun> 50/100": the noun is the caller's (pending translation). */
export function tseltalAmountWords(cents: Cents, noun: string): string | null {
  const whole = tseltalNumberWords(Math.floor(Math.abs(cents) / 100));
  if (whole === null) return null;
  return `${whole} ${noun} ${String(Math.abs(cents) % 100).padStart(2, '0')}/100`;
}
