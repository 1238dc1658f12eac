/**
 * Display formats: money as US currency, percentages with up to
 * 4 decimals, dates as day, month, year in Spanish. Done on digit strings (no Intl locale
 * data, no float rounding) so the output is the same on every phone and on the server.
 */
import type { Lang } from './codes';
import { isIsoDate } from './dates';
import { present } from './guards';
import { dateTimeFormatOf } from './intl-formats';
import { parseMoney, splitDecimal } from './money';

/** Shown instead of a figure that is not numeric (balance cells show ERR). */
export const NOT_A_NUMBER = 'ERR';

const MONTHS_ES = [
  'ene',
  'feb',
  'mar',
  'abr',
  'may',
  'jun',
  'jul',
  'ago',
  'sep',
  'oct',
  'nov',
  'dic',
];
const MONTHS_EN = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];

/** "1234567" → "1,234,567". */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Round a decimal text half away from zero to at most `places` decimals and drop trailing
 * zeros: ("2.50005", 4) → "2.5001", ("12.5000", 4) → "12.5". Null when not a decimal.
 */
function roundDecimal(
  value: string | number,
  places: number,
): { negative: boolean; whole: string; fraction: string } | null {
  const parts = splitDecimal(value);
  if (!parts) return null;
  let whole = parts.whole.replace(/^0+(?=\d)/, '');
  let fraction = parts.fraction;
  if (fraction.length > places) {
    const roundUp = fraction.charCodeAt(places) >= 53; // '5'
    fraction = fraction.slice(0, places);
    if (roundUp) {
      // Add one unit in the last place to the digit string whole+fraction.
      const digits = (whole + fraction).split('').map(Number);
      let i = digits.length - 1;
      while (i >= 0) {
        const digit = present(digits[i], 'a digit');
        if (digit < 9) {
          digits[i] = digit + 1;
          break;
        }
        digits[i] = 0;
        i -= 1;
      }
      let joined = digits.join('');
      if (i < 0) joined = `1${joined}`;
      whole = joined.slice(0, joined.length - fraction.length);
      fraction = joined.slice(joined.length - fraction.length);
    }
  }
  fraction = fraction.replace(/0+$/, '');
  const isZero = /^0*$/.test(whole) && fraction === '';
  return { negative: parts.negative && !isZero, whole: whole === '' ? '0' : whole, fraction };
}

/**
 * Integer cents as US-style currency: 104050 → "$1,040.50", -5 → "-$0.05". Not an integer →
 * "ERR". The language does not change the format (spec: money as US currency).
 */
export function formatCurrency(cents: number | null | undefined, _lang?: Lang): string {
  if (typeof cents !== 'number' || !Number.isSafeInteger(cents)) return NOT_A_NUMBER;
  const abs = Math.abs(cents);
  const whole = groupThousands(String(Math.floor(abs / 100)));
  const fraction = String(abs % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}$${whole}.${fraction}`;
}

/** An amount as the API writes it ("1000.00") in the one money format: "$1,000.00". */
export function formatMoneyText(text: string | number | null | undefined): string {
  return formatCurrency(parseMoney(text ?? null));
}

/**
 * A percentage: the figure as written, rounded half-up to at most `decimals` (2 unless said)
 * with trailing zeros dropped: 19.38041 → "19.38%", "2.5000" → "2.5%", 0 → "0%". Not numeric →
 * "ERR". Rates are stored in percent ("2.5000" means 2.5 % a month; the old app divided by 100
 * and let a percent formatter multiply back); an agreed rate is shown with `formatRate`.
 */
export function formatPercent(value: number | string | null | undefined, decimals = 2): string {
  if (value == null) return NOT_A_NUMBER;
  const r = roundDecimal(value, decimals);
  if (!r) return NOT_A_NUMBER;
  return `${r.negative ? '-' : ''}${groupThousands(r.whole)}${r.fraction ? `.${r.fraction}` : ''}%`;
}

/**
 * A contract's agreed rate with 2 decimals ("2.5000" → "2.50%"), more only when the rate was
 * agreed with them ("1.2345" → "1.2345%"): the contract and its list state the rate the member
 * signed, never a rounded one.
 */
export function formatRate(value: number | string | null | undefined): string {
  const text = formatPercent(value, 4);
  const figure = /^(-?[\d,]+)(?:\.(\d+))?%$/.exec(text);
  if (!figure) return text;
  return `${figure[1]}.${(figure[2] ?? '').padEnd(2, '0')}%`;
}

/**
 * A date 'YYYY-MM-DD' (or the date part of an ISO timestamp) as day, month, year:
 * "21 nov 2026" (es and tz — Tseltal screens use Spanish month names), "21 Nov 2026" (en).
 * Anything else is returned as it came (or '' for null).
 */
export function formatDate(iso: string | null | undefined, lang: Lang = 'es'): string {
  if (iso == null) return '';
  const day = iso.slice(0, 10);
  if (!isIsoDate(day) || (iso.length > 10 && iso[10] !== 'T')) return iso;
  const months = lang === 'en' ? MONTHS_EN : MONTHS_ES;
  // isIsoDate has checked the month is 1–12.
  const month = present(months[Number(day.slice(5, 7)) - 1], 'the month name');
  return `${Number(day.slice(8, 10))} ${month} ${day.slice(0, 4)}`;
}

/**
 * A timestamp as date and 24-hour time in the cooperative's zone: "21 nov 2026 14:05".
 * Not a timestamp → returned as it came.
 */
export function formatDateTime(
  isoDateTime: string | null | undefined,
  lang: Lang = 'es',
  timeZone = 'America/Mexico_City',
): string {
  if (isoDateTime == null) return '';
  const date = new Date(isoDateTime);
  if (Number.isNaN(date.getTime())) return isoDateTime;
  const parts = dateTimeFormatOf('date-time', timeZone, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const get = (type: string): string => parts.find((p) => p.type === type)?.value ?? '';
  return `${formatDate(`${get('year')}-${get('month')}-${get('day')}`, lang)} ${get('hour')}:${get('minute')}`;
}

/** A plain number with thousands separators and at most `places` decimals: 1234.5 → "1,234.5". */
export function formatNumber(value: number | string | null | undefined, places = 2): string {
  if (value == null) return NOT_A_NUMBER;
  const r = roundDecimal(value, places);
  if (!r) return NOT_A_NUMBER;
  return `${r.negative ? '-' : ''}${groupThousands(r.whole)}${r.fraction ? `.${r.fraction}` : ''}`;
}

/** Kilos with up to 2 decimals and the unit: "1,234.5 kg". Not numeric → "ERR". */
export function formatKg(value: number | string | null | undefined): string {
  const n = formatNumber(value, 2);
  return n === NOT_A_NUMBER ? n : `${n} kg`;
}
