/**
 * Amounts in words for the printed contract, as Mexican contracts write them beside the
 * figure: 104050 cents → "mil cuarenta pesos 50/100 M.N.". Spanish cardinals with the usual
 * apocope before a noun ("un peso", "veintiún mil", "treinta y un millones").
 */
import { present } from '#domain/guards';
import type { Cents } from '#domain/money';

/** The word at `i` of a list the arithmetic has already kept in range. */
function wordAt(list: readonly string[], i: number): string {
  return present(list[i], `number word ${i}`);
}

const UNITS = ['cero', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve'];
const TEENS = [
  'diez',
  'once',
  'doce',
  'trece',
  'catorce',
  'quince',
  'dieciséis',
  'diecisiete',
  'dieciocho',
  'diecinueve',
];
const TWENTIES = [
  'veinte',
  'veintiuno',
  'veintidós',
  'veintitrés',
  'veinticuatro',
  'veinticinco',
  'veintiséis',
  'veintisiete',
  'veintiocho',
  'veintinueve',
];
const TENS = [
  '',
  '',
  '',
  'treinta',
  'cuarenta',
  'cincuenta',
  'sesenta',
  'setenta',
  'ochenta',
  'noventa',
];
const HUNDREDS = [
  '',
  'ciento',
  'doscientos',
  'trescientos',
  'cuatrocientos',
  'quinientos',
  'seiscientos',
  'setecientos',
  'ochocientos',
  'novecientos',
];

/** 0–99 in words. */
function belowHundred(n: number): string {
  if (n < 10) return wordAt(UNITS, n);
  if (n < 20) return wordAt(TEENS, n - 10);
  if (n < 30) return wordAt(TWENTIES, n - 20);
  const unit = n % 10;
  return unit === 0
    ? wordAt(TENS, Math.floor(n / 10))
    : `${TENS[Math.floor(n / 10)]} y ${UNITS[unit]}`;
}

/** 1–999 in words ("cien" alone, "ciento uno"…). */
function belowThousand(n: number): string {
  if (n === 100) return 'cien';
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (hundreds > 0) parts.push(wordAt(HUNDREDS, hundreds));
  if (rest > 0) parts.push(belowHundred(rest));
  return parts.join(' ');
}

/** "uno" → "un", "veintiuno" → "veintiún" before a noun (mil, millones, pesos). */
function apocope(words: string): string {
  if (words.endsWith('veintiuno')) return `${words.slice(0, -'veintiuno'.length)}veintiún`;
  if (words.endsWith('uno')) return `${words.slice(0, -1)}`;
  return words;
}

/**
 * A whole number 0–999,999,999 in Spanish words. `beforeNoun` shortens a final "uno"
 * ("un", "veintiún") as when a noun follows.
 */
export function spanishNumberWords(n: number, beforeNoun = false): string {
  if (!Number.isSafeInteger(n) || n < 0 || n > 999_999_999)
    throw new RangeError(`out of range: ${n}`);
  if (n === 0) return 'cero';
  const millions = Math.floor(n / 1_000_000);
  const thousands = Math.floor((n % 1_000_000) / 1000);
  const rest = n % 1000;
  const parts: string[] = [];
  if (millions > 0)
    parts.push(millions === 1 ? 'un millón' : `${apocope(belowThousand(millions))} millones`);
  if (thousands > 0)
    parts.push(thousands === 1 ? 'mil' : `${apocope(belowThousand(thousands))} mil`);
  if (rest > 0) parts.push(beforeNoun ? apocope(belowThousand(rest)) : belowThousand(rest));
  return parts.join(' ');
}

/** Cents as the amount in words of a Mexican document: "mil cuarenta pesos 50/100 M.N.". */
export function pesosInWords(cents: Cents): string {
  const whole = Math.floor(Math.abs(cents) / 100);
  const fraction = String(Math.abs(cents) % 100).padStart(2, '0');
  // "un millón de pesos", "dos millones de pesos": a round million takes "de".
  const words = spanishNumberWords(whole, true);
  const of = whole > 0 && whole % 1_000_000 === 0 ? ' de' : '';
  const noun = whole === 1 ? 'peso' : 'pesos';
  return `${words}${of} ${noun} ${fraction}/100 M.N.`;
}

const EN_SMALL = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const EN_TENS = [
  '',
  '',
  'twenty',
  'thirty',
  'forty',
  'fifty',
  'sixty',
  'seventy',
  'eighty',
  'ninety',
];

/** 1–999 in English words ("one hundred five", "forty-two"). */
function englishBelowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (hundreds > 0) parts.push(`${EN_SMALL[hundreds]} hundred`);
  if (rest >= 20) {
    const unit = rest % 10;
    parts.push(
      unit === 0
        ? wordAt(EN_TENS, rest / 10)
        : `${EN_TENS[Math.floor(rest / 10)]}-${EN_SMALL[unit]}`,
    );
  } else if (rest > 0) parts.push(wordAt(EN_SMALL, rest));
  return parts.join(' ');
}

/** A whole number 0–999,999,999 in English words. */
export function englishNumberWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0 || n > 999_999_999)
    throw new RangeError(`out of range: ${n}`);
  if (n === 0) return 'zero';
  const groups: [number, string][] = [
    [Math.floor(n / 1_000_000), ' million'],
    [Math.floor((n % 1_000_000) / 1000), ' thousand'],
    [n % 1000, ''],
  ];
  return groups
    .filter(([value]) => value > 0)
    .map(([value, scale]) => `${englishBelowThousand(value)}${scale}`)
    .join(' ');
}

/** Cents in English words: "one thousand forty pesos 50/100". */
export function englishPesosInWords(cents: Cents): string {
  const whole = Math.floor(Math.abs(cents) / 100);
  const fraction = String(Math.abs(cents) % 100).padStart(2, '0');
  return `${englishNumberWords(whole)} ${whole === 1 ? 'peso' : 'pesos'} ${fraction}/100`;
}
