/**
 * The amount in words a capture's review and a receipt show beside the figure, in the
 * interface language: Spanish as Mexican documents write it, English, and Tseltal numerals
 * (falling back to Spanish past what the numerals cover, or while the noun awaits translation).
 */
import { englishPesosInWords, pesosInWords } from '#domain/amount-words';
import type { Cents } from '#domain/money';
import { tseltalAmountWords } from '#i18n/tseltal-words';

/** `tseltalNoun` is the translated word for "pesos" (null while it is pending). */
export function amountInWords(cents: Cents, lang: string, tseltalNoun: string | null): string {
  if (lang === 'en') return englishPesosInWords(cents);
  if (lang === 'tz' && tseltalNoun !== null)
    return tseltalAmountWords(cents, tseltalNoun) ?? pesosInWords(cents);
  return pesosInWords(cents);
}
