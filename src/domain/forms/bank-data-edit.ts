/**
 * Editing the bank data of a payment or a movement while its bank date is empty
 * (PATCH /pagos/{id}.json, PATCH /movimientos/{id}.json).
 * - payment: fecha_banco (not in the future) and referencia_banco required;
 * - movement: tipo_de_movimiento required; for BA/TR fecha_banco and referencia_banco required;
 *   for EF both are nulled (docs/business-rules.md#contributions-and-withdrawals: cash stores no
 *   bank data).
 */
import * as z from 'zod';
import { MOVEMENT_TYPES, SHORT_TEXT_MAX } from '#domain/codes';
import {
  always,
  enumField,
  isoDateField,
  optionalText,
  requiredText,
  todayFn,
  type SchemaContext,
} from '#domain/rules';
import { checkBankData, normalizeBankData } from '#domain/forms/bank-data';

export function paymentBankDataSchema(ctx: SchemaContext = {}) {
  const today = todayFn(ctx.today);
  return z
    .object({
      fecha_banco: isoDateField({ kind: 'capture', today }),
      referencia_banco: requiredText({ max: SHORT_TEXT_MAX }),
    })
    .strict();
}

export function movementBankDataSchema(ctx: SchemaContext = {}) {
  const today = todayFn(ctx.today);
  return z
    .object({
      tipo_de_movimiento: enumField(MOVEMENT_TYPES),
      fecha_banco: isoDateField({ kind: 'capture', today, required: false }),
      referencia_banco: optionalText({ max: SHORT_TEXT_MAX }),
    })
    .strict()
    .superRefine(checkBankData, { when: always })
    .transform(normalizeBankData);
}

export type BankDataEditVariant = 'payment' | 'movement';

/** The schema of one variant. */
export function bankDataEditSchema(
  variant: 'payment',
  ctx?: SchemaContext,
): ReturnType<typeof paymentBankDataSchema>;
export function bankDataEditSchema(
  variant: 'movement',
  ctx?: SchemaContext,
): ReturnType<typeof movementBankDataSchema>;
export function bankDataEditSchema(variant: BankDataEditVariant, ctx: SchemaContext = {}) {
  return variant === 'payment' ? paymentBankDataSchema(ctx) : movementBankDataSchema(ctx);
}

export type PaymentBankDataInput = z.input<ReturnType<typeof paymentBankDataSchema>>;
export type PaymentBankDataValues = z.output<ReturnType<typeof paymentBankDataSchema>>;
export type MovementBankDataInput = z.input<ReturnType<typeof movementBankDataSchema>>;
export type MovementBankDataValues = z.output<ReturnType<typeof movementBankDataSchema>>;
