/**
 * Pieces of the payment form: the amount computed from the three parts
 * (capital + ordinary + late interest, invalid at 0), and the panel with the debt found at the
 * payment date, whose figures can fill the parts in one tap.
 */
import { useEffect, useRef } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { codeLabelKey } from '#domain/codes';
import type { Debt } from '#domain/debt';
import { typedMoneyCents, type Cents } from '#domain/money';
import { Button } from '#ui/button.tsx';
import { FieldShell, useField } from '#ui/field-shell.tsx';
import { Currency } from '#ui/money.tsx';
import { useServerErrorsContext } from '#ui/server-errors.tsx';
import { DateText } from '#ui/date-text.tsx';

export const PART_FIELDS = ['abono_capital', 'interes_ord', 'interes_mor'] as const;

/** The amount of the typed parts in cents; null while any part is not an amount. */
export function partsSum(parts: readonly unknown[]): Cents | null {
  let sum = 0;
  for (const part of parts) {
    const cents = typedMoneyCents(
      typeof part === 'string' || typeof part === 'number' ? part : null,
    );
    if (cents === null) return null;
    sum += cents;
  }
  return sum;
}

/**
 * "Cantidad": never typed, always the sum of the parts. Its rule (0.01 to 9999999) is checked
 * as soon as the three parts have been visited, so a payment of 0 is flagged before saving.
 */
export function ComputedAmount() {
  const { t } = useTranslation();
  const { setValue } = useFormContext();
  const parts = useWatch({ name: [...PART_FIELDS] }) as unknown[];
  const { touchedFields } = useFormState({ name: [...PART_FIELDS] });
  const allVisited = PART_FIELDS.every((name) => (touchedFields as Record<string, unknown>)[name]);
  const { shell } = useField('cantidad');
  const server = useServerErrorsContext();
  const sum = partsSum(parts);
  const key = parts.join('|');
  const partsSeen = useRef(key);

  // A new sum is a new amount: the server's message about the old one no longer holds.
  useEffect(() => {
    if (partsSeen.current === key) return;
    partsSeen.current = key;
    server?.clearField('cantidad');
  }, [key, server]);

  useEffect(() => {
    if (allVisited) setValue('cantidad', '', { shouldTouch: true, shouldValidate: true });
  }, [allVisited, key, setValue]);

  return (
    <FieldShell {...shell} label={t('pagos.fields.cantidad')} className="pago-amount">
      <output
        id={shell.inputId}
        className="pago-amount-value"
        aria-describedby={shell.message ? shell.messageId : undefined}
        data-testid="pago-cantidad"
        data-cents={sum ?? ''}
      >
        <Currency cents={sum} />
      </output>
    </FieldShell>
  );
}

export interface DebtPanelProps {
  debt: Debt;
  credito: number;
  onFill: (debt: Debt) => void;
  disabled?: boolean;
}

/** The debt at the payment date, as GET /contratos/{id}/deuda/ answers it. */
export function DebtPanel({ debt, credito, onFill, disabled }: DebtPanelProps) {
  const { t } = useTranslation();
  const rows: [string, Cents, string][] = [
    ['montoOriginal', debt.monto_original, 'debt-monto'],
    ['totalAbonado', debt.total_abonado, 'debt-abonado'],
    ['capital', debt.capital_por_pagar, 'debt-capital'],
    ['interesOrdinario', debt.interes_ordinario_deuda, 'debt-ordinario'],
    ['interesMoratorio', debt.interes_moratorio_deuda, 'debt-moratorio'],
  ];
  return (
    <section className="pago-debt card" aria-live="polite" data-testid="debt-panel">
      <h2 className="pago-debt-title">
        {t('pagos.debt.title', { id: credito })}{' '}
        <span className="pago-debt-date">
          <DateText iso={debt.fecha} />
        </span>
      </h2>
      <p className="pago-debt-status">
        {t('pagos.debt.status')}{' '}
        <strong data-testid="debt-status">
          {t(codeLabelKey('contractStatuses', debt.estatus_detail))}
        </strong>
      </p>
      <dl className="pago-debt-figures">
        {rows.map(([label, cents, testId]) => (
          <div key={label}>
            <dt>{t(`pagos.debt.${label}`)}</dt>
            <dd data-testid={testId} data-cents={cents}>
              <Currency cents={cents} />
            </dd>
          </div>
        ))}
        <div className="pago-debt-total">
          <dt>{t('pagos.debt.total')}</dt>
          <dd data-testid="debt-total" data-cents={debt.total_deuda}>
            <Currency cents={debt.total_deuda} />
          </dd>
        </div>
      </dl>
      <Button
        onClick={() => onFill(debt)}
        disabled={disabled || debt.total_deuda <= 0}
        data-testid="debt-fill"
      >
        {t('pagos.debt.fill')}
      </Button>
    </section>
  );
}
