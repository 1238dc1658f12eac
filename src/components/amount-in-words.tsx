/**
 * The total in words under a capture's review or on a receipt, in the interface language
 *: what the member reads back against the figure.
 */
import { useTranslation } from 'react-i18next';
import type { Cents } from '#domain/money';
import { amountInWords } from '#i18n/amount-in-words';
import { tseltalText } from '#i18n/tseltal-text';

export function useAmountInWords(): (cents: Cents) => string {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const tseltalNoun = tseltalText(i18n, 'contrato.pesos');
  return (cents) => amountInWords(cents, lang, tseltalNoun);
}

export function AmountInWords({ cents, testId }: { cents: Cents; testId?: string }) {
  const words = useAmountInWords();
  const { i18n } = useTranslation();
  return (
    <p
      className="amount-in-words"
      data-testid={testId}
      lang={i18n.language === 'tz' ? 'tzh' : undefined}
    >
      {words(cents)}
    </p>
  );
}
