/**
 * Live checks of /banco-form while rows are chosen: the selected rows' sum
 * against the amount (marked invalid on mismatch), and the reference warnings — a row without
 * a bank reference, one row whose reference differs from the entered one, rows with different
 * references. Warnings inform; only the sum blocks saving.
 */
import { useTranslation } from 'react-i18next';
import { referenceWarnings } from '#domain/forms/bank-movement';
import { formatCurrency } from '#domain/format';
import { msg } from '#domain/messages';
import { typedMoneyCents } from '#domain/money';
import { useLang } from '#ui/use-lang.ts';
import { useMessageText } from '#ui/message-text.ts';
import type { Selectable } from './pending-rows.ts';

export function referenceWarningsFor(entered: string, selected: readonly Selectable[]): string[] {
  const warnings = referenceWarnings(
    entered,
    selected.map((row) => row.referencia_banco),
  );
  // Before a reference is typed, "differs from the entered one" says nothing useful.
  return entered.trim() === ''
    ? warnings.filter((w) => w !== msg('validation.referenceDiffers'))
    : warnings;
}

export function SelectionSummary({
  selected,
  cantidad,
  referencia,
}: {
  selected: readonly Selectable[];
  cantidad: string;
  referencia: string;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const messageText = useMessageText();
  const suma = selected.reduce((total, row) => total + row.amountCents, 0);
  const cents = typedMoneyCents(cantidad);
  const compared = cents !== null && selected.length > 0;
  const matches = compared && cents === suma;
  const warnings = referenceWarningsFor(referencia, selected);
  return (
    <div className="bank-summary">
      <p
        className={`bank-sum${compared ? (matches ? ' is-valid' : ' is-invalid') : ''}`}
        data-testid="bank-sum"
        data-state={compared ? (matches ? 'match' : 'mismatch') : 'idle'}
        aria-live="polite"
      >
        <span>
          {t('bancos.form.selectedSum', {
            n: selected.length,
            suma: formatCurrency(suma, lang),
          })}
        </span>
        {compared ? (
          <strong>
            {matches
              ? t('bancos.form.sumMatches')
              : t('bancos.form.sumDiffers', { cantidad: formatCurrency(cents, lang) })}
          </strong>
        ) : null}
      </p>
      {warnings.length > 0 ? (
        <ul className="bank-warnings" role="status" data-testid="bank-warnings">
          {warnings.map((warning) => (
            <li key={warning}>{messageText(warning)}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
