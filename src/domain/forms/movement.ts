/**
 * Contribution / withdrawal form, used by /movimiento-formato and
 * POST /movimientos/: clave_socio required numeric; fecha_entrega required, not in the future;
 * monto 0.01–9999999 (→ cents); proceso and tipo_de_movimiento required; bank date (not in the
 * future) and reference required unless EF, and nulled for EF; responsable_entrega optional.
 * aportacion: true = contribution, false = withdrawal; ordinario: ordinary or extraordinary.
 */
import * as z from 'zod';
import {
  AMOUNT_MAX_CENTS,
  AMOUNT_MIN_CENTS,
  MOVEMENT_TYPES,
  PROCESSES,
  SHORT_TEXT_MAX,
} from '#domain/codes';
import {
  always,
  enumField,
  integerField,
  isoDateField,
  moneyField,
  optionalText,
  requiredBooleanField,
  todayFn,
  type SchemaContext,
} from '#domain/rules';
import { receiptFieldsShape } from '#domain/receipts';
import { checkBankData, normalizeBankData } from '#domain/forms/bank-data';

export function movementSchema(ctx: SchemaContext = {}) {
  const today = todayFn(ctx.today);
  return z
    .object({
      clave_socio: integerField({ min: 1 }),
      fecha_entrega: isoDateField({ kind: 'capture', today }),
      monto: moneyField({ min: AMOUNT_MIN_CENTS, max: AMOUNT_MAX_CENTS }),
      proceso: enumField(PROCESSES),
      aportacion: requiredBooleanField(),
      ordinario: requiredBooleanField(),
      tipo_de_movimiento: enumField(MOVEMENT_TYPES),
      fecha_banco: isoDateField({ kind: 'capture', today, required: false }),
      referencia_banco: optionalText({ max: SHORT_TEXT_MAX }),
      responsable_entrega: optionalText({ max: SHORT_TEXT_MAX }),
      ...receiptFieldsShape,
    })
    .strict()
    .superRefine(checkBankData, { when: always })
    .transform(normalizeBankData);
}

export type MovementSchema = ReturnType<typeof movementSchema>;
export type MovementInput = z.input<MovementSchema>;
export type MovementValues = z.output<MovementSchema>;
