/**
 * Contract activation (docs/business-rules.md#contracts): fecha_inicio
 * required, not in the future; tipo_tasa required (FI or VA); estatus_ejecucion optional (null =
 * leave as is; the server decides which moves are allowed); fecha_banco not in the future;
 * referencia_banco optional.
 */
import * as z from 'zod';
import { EXECUTION_STATUSES, RATE_TYPES, SHORT_TEXT_MAX } from '#domain/codes';
import { enumField, isoDateField, optionalText, todayFn, type SchemaContext } from '#domain/rules';

export function activationSchema(ctx: SchemaContext = {}) {
  const today = todayFn(ctx.today);
  return z
    .object({
      fecha_inicio: isoDateField({ kind: 'contract', notFuture: true, today }),
      tipo_tasa: enumField(RATE_TYPES),
      estatus_ejecucion: enumField(EXECUTION_STATUSES, { required: false }),
      fecha_banco: isoDateField({ kind: 'capture', today, required: false }),
      referencia_banco: optionalText({ max: SHORT_TEXT_MAX }),
    })
    .strict();
}

export type ActivationSchema = ReturnType<typeof activationSchema>;
export type ActivationInput = z.input<ActivationSchema>;
export type ActivationValues = z.output<ActivationSchema>;
