/**
 * Money as integer cents. Text is parsed digit by digit, never
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

/**
 * An amount as a person types it in Mexico: a leading "$" and thousands grouped by commas
 * ("$1,000.50") are how it is written on paper, so they are read; the decimal point is a point.
 * Returns the plain decimal text ("1000.50"), 'ambiguous' when the grouping could mean another
 * convention ("1.000,50", "1,5", "1.000.000": refused, never guessed), or 'format' for anything
 * else that is not an amount. Decimal places are not checked here.
 */
export function typedMoneyText(value: string): string | 'ambiguous' | 'format' {
  let text = value.trim();
  const negative = text.startsWith('-');
  if (negative) text = text.slice(1).trimStart();
  if (text.startsWith('$')) text = text.slice(1).trimStart();
  if (text.includes(',')) {
    if (!GROUPED_RE.test(text)) return AMBIGUOUS_RE.test(text) ? 'ambiguous' : 'format';
    text = text.replace(/,/g, '');
  } else if (/\..*\./.test(text)) {
    return /^[\d.]+$/.test(text) ? 'ambiguous' : 'format';
  }
  return `${negative ? '-' : ''}${text}`;
}

/** Thousands grouped by commas, then an optional fraction: "1,000", "12,345,678.5". */
const GROUPED_RE = /^\d{1,3}(?:,\d{3})+(?:\.\d*)?$/;
/** Digits with commas and points in another arrangement: another convention, not a typo. */
const AMBIGUOUS_RE = /^\d[\d.,]*\d$/;

/**
 * `typedMoneyText` then `parseMoney`: cents, or why it is not an amount ('places' when it
 * carries more than 2 decimals).
 */
export function parseTypedMoney(value: string | number): Cents | 'ambiguous' | 'format' | 'places' {
  if (typeof value === 'number') return parseMoney(value) ?? 'format';
  const text = typedMoneyText(value);
  if (text === 'ambiguous' || text === 'format') return text;
  const parts = splitDecimal(text);
  if (!parts) return 'format';
  if (parts.fraction.length > 2) return 'places';
  return parseMoney(text) ?? 'format';
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

/** Cents of an amount as typed ("$1,000.50"), or null when it is not one. */
export function typedMoneyCents(value: string | number | null | undefined): Cents | null {
  if (value == null) return null;
  const cents = parseTypedMoney(value);
  return typeof cents === 'number' ? cents : null;
}
