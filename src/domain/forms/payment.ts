/**
 * Payment form (docs/business-rules.md#payments), used by /pago-formato
 * and POST /pagos/.
 * - credito required numeric; fecha_pago required, not in the future;
 * - abono_capital, interes_ord, interes_mor required, 0–9999999, at most 2 decimals (→ cents);
 * - cantidad = capital + ordinary + late (computed here, in cents); 0 is invalid
 *   ("el número debe ser mayor a 0.01"); a cantidad sent by a caller must equal that sum;
 * - fecha_banco optional, not in the future; referencia_banco optional.
 * `debtLookupSchema` is the check behind the "look up the debt" button.
 */
import * as z from 'zod';
import { msg } from '#domain/messages';
import {
  AMOUNT_MAX_CENTS,
  AMOUNT_MIN_CENTS,
  PAYMENT_PART_MIN_CENTS,
  SHORT_TEXT_MAX,
} from '#domain/codes';
import { isIsoDate } from '#domain/dates';
import { receiptFieldsShape } from '#domain/receipts';
import {
  always,
  fieldText,
  integerField,
  isoDateField,
  issueAt,
  moneyField,
  optionalText,
  todayFn,
  unitsToPlain,
  type SchemaContext,
  type TextInput,
} from '#domain/rules';

/** Amount of a payment from its parts, in cents. */
export function paymentAmountCents(parts: {
  abono_capital: number;
  interes_ord: number;
  interes_mor: number;
}): number {
  return parts.abono_capital + parts.interes_ord + parts.interes_mor;
}

const part = () => moneyField({ min: PAYMENT_PART_MIN_CENTS, max: AMOUNT_MAX_CENTS });

export function paymentSchema(ctx: SchemaContext = {}) {
  const today = todayFn(ctx.today);
  return z
    .object({
      credito: integerField({ min: 1 }),
      fecha_pago: isoDateField({ kind: 'capture', today }),
      /** Optional for callers: computed from the parts; when given it must match them. */
      cantidad: moneyField({ required: false }),
      abono_capital: part(),
      interes_ord: part(),
      interes_mor: part(),
      fecha_banco: isoDateField({ kind: 'capture', today, required: false }),
      referencia_banco: optionalText({ max: SHORT_TEXT_MAX }),
      ...receiptFieldsShape,
    })
    .strict()
    .superRefine(
      (v, rc) => {
        if (
          typeof v.abono_capital !== 'number' ||
          typeof v.interes_ord !== 'number' ||
          typeof v.interes_mor !== 'number'
        ) {
          return;
        }
        const sum = paymentAmountCents(v);
        if (sum < AMOUNT_MIN_CENTS)
          issueAt(rc, 'cantidad', msg('validation.min', { n: unitsToPlain(AMOUNT_MIN_CENTS, 2) }));
        else if (sum > AMOUNT_MAX_CENTS)
          issueAt(rc, 'cantidad', msg('validation.max', { n: unitsToPlain(AMOUNT_MAX_CENTS, 2) }));
        else if (typeof v.cantidad === 'number' && v.cantidad !== sum)
          issueAt(rc, 'cantidad', msg('validation.paymentSumMismatch'));
      },
      { when: always },
    )
    .transform((v) => ({ ...v, cantidad: paymentAmountCents(v) }));
}

export type PaymentSchema = ReturnType<typeof paymentSchema>;
export type PaymentInput = z.input<PaymentSchema>;
export type PaymentValues = z.output<PaymentSchema>;

/**
 * Debt lookup: a numeric loan and a valid date, else one alert for the pair (no field
 * message): "Incluye crédito y fecha válida para buscar datos de deuda".
 */
export const debtLookupSchema = z
  .custom<{ credito?: TextInput; fecha?: TextInput }>((v) => typeof v === 'object' && v !== null, {
    error: msg('validation.debtLookupIncomplete'),
  })
  .transform((v, ctx) => {
    const credito = fieldText(v.credito);
    const fecha = fieldText(v.fecha);
    if (
      !/^\d+$/.test(credito) ||
      Number(credito) < 1 ||
      !Number.isSafeInteger(Number(credito)) ||
      !isIsoDate(fecha)
    ) {
      ctx.addIssue({ code: 'custom', message: msg('validation.debtLookupIncomplete'), input: v });
      return z.NEVER;
    }
    return { credito: Number(credito), fecha };
  });

export type DebtLookupInput = z.input<typeof debtLookupSchema>;
export type DebtLookupValues = z.output<typeof debtLookupSchema>;
