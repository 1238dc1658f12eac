/**
 * Money as integer cents (ARCHITECTURE.md "File habits"). Text is parsed digit by digit, never
 * through a binary float, so "1040.5" is exactly 104050 cents and sums never drift.
 */

export type Cents = number;

/** Plain decimal: optional minus, digits, optional fraction (".5", "10." and "10.50" are fine). */
const DECIMAL_RE = /^(-)?(\d*)(?:\.(\d*))?$/;

/**
 * Split a decimal written as text or a JSON number into sign, integer digits and fraction
 * digits. Returns null for anything that is not a plain decimal (exponents, commas, letters).
 */
export function splitDecimal(
  value: string | number,
): { negative: boolean; whole: string; fraction: string } | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    // String() gives the shortest text that round-trips, e.g. 1040.5 → "1040.5".
    text = String(value);
  } else {
    text = value.trim();
  }
  const m = DECIMAL_RE.exec(text);
  if (!m) return null;
  const whole = m[2] ?? '';
  const fraction = m[3] ?? '';
  if (whole === '' && fraction === '') return null;
  return { negative: m[1] === '-', whole: whole === '' ? '0' : whole, fraction };
}

/** Number of decimals a decimal text carries ("1.50" → 2), or null when it is no decimal. */
export function decimalPlaces(value: string | number): number | null {
  const parts = splitDecimal(value);
  return parts ? parts.fraction.length : null;
}

/**
 * Parse an amount with at most 2 decimals into cents. Returns null for empty text, for
 * non-decimals, for more than 2 decimals and for amounts beyond the safe-integer range.
 */
export function parseMoney(value: string | number | null | undefined): Cents | null {
  if (value == null) return null;
  const parts = splitDecimal(value);
  if (!parts || parts.fraction.length > 2) return null;
  const digits = parts.whole + parts.fraction.padEnd(2, '0');
  const cents = Number(digits);
  if (!Number.isSafeInteger(cents)) return null;
  return parts.negative && cents !== 0 ? -cents : cents;
}

/** 104050 → "1040.50"; -5 → "-0.05". The stored-decimal form of the API. */
export function centsToDecimalString(cents: Cents): string {
  assertCents(cents);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100);
  const fraction = String(abs % 100).padStart(2, '0');
  return `${sign}${whole}.${fraction}`;
}

/**
 * Shortest decimal text of an amount, as a bound is written in the spec:
 * 1 → "0.01", 999999900 → "9999999", 150 → "1.5".
 */
export function centsToPlainString(cents: Cents): string {
  const full = centsToDecimalString(cents);
  return full.replace(/\.?0+$/, '');
}

/** Exact sum of cents (throws on a non-integer so a float never sneaks in). */
export function sumCents(values: readonly Cents[]): Cents {
  let total = 0;
  for (const v of values) {
    assertCents(v);
    total += v;
  }
  assertCents(total);
  return total;
}

export function isCents(value: unknown): value is Cents {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

function assertCents(value: number): void {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`Not an integer amount of cents: ${String(value)}`);
  }
}
