/**
 * The server's answers to the payment writes, checked before they replace the optimistic row:
 * POST /pagos/ answers the payment row plus `estatus_nuevo`; PATCH /pagos/{id}.json the row.
 */
import { z } from 'zod';
import { CONTRACT_STATUSES } from '#domain/codes';
import {
  paymentCreatedSchema,
  paymentRowSchema,
  type PaymentCreatedAnswer,
} from '#domain/credit-shapes';
import type { PaymentApiRow } from '#domain/credit-replica';

const status = z.enum(CONTRACT_STATUSES);

export type PagoRow = PaymentApiRow;
export type PagoCreated = PaymentCreatedAnswer;

export function parsePagoRow(body: unknown): PagoRow {
  return paymentRowSchema.parse(body);
}

export function parsePagoCreated(body: unknown): PagoCreated {
  return paymentCreatedSchema.parse(body);
}

/** `estatus_nuevo` of a done create's stored answer (the outbox keeps the raw body). */
export function estatusNuevoOf(body: unknown): string | null {
  const parsed = z.object({ estatus_nuevo: status }).safeParse(body);
  return parsed.success ? parsed.data.estatus_nuevo : null;
}
