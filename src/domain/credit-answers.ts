/**
 * The schemas of a payment as the API answers it (GET /pagos.json, /pagos/{id}.json, the pull)
 * and of the answer to a new payment (the row plus `estatus_nuevo`): the server declares them as
 * its response schemas, and the phone checks a payment write's answer with them before it
 * replaces the optimistic row — one definition.
 */
import * as z from 'zod';
import { CONTRACT_STATUSES, CREDIT_TYPES, type ContractStatus } from './codes';
import type { PaymentApiRow } from './credit-replica';

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const id = z.number().int();
const status = z.enum(CONTRACT_STATUSES);

export const paymentRowSchema = z.object({
  id,
  credito: id,
  fecha_pago: date,
  cantidad: z.string(),
  abono_capital: z.string(),
  interes_ord: z.string(),
  interes_mor: z.string(),
  autor: id,
  nombre_autor: z.string(),
  fecha_banco: date.nullable(),
  referencia_banco: z.string().nullable(),
  estatus_previo: status,
  deuda_prev_total: z.string(),
  deuda_prev_capital: z.string(),
  deuda_prev_int_ord: z.string(),
  deuda_prev_int_mor: z.string(),
  capturado_en: z.string().nullable(),
  tipo: z.enum(CREDIT_TYPES),
  fondo_comun: z.boolean(),
  clave_socio: id,
  nombres: z.string(),
  region: id,
  nombre_region: z.string(),
}) satisfies z.ZodType<PaymentApiRow>;

/** POST /pagos/ answers the new payment and the contract's status after it. */
export interface PaymentCreatedAnswer extends PaymentApiRow {
  /** Status at fecha_pago after this payment (PA when it settled the contract). */
  estatus_nuevo: ContractStatus;
}

export const paymentCreatedSchema = paymentRowSchema.extend({
  estatus_nuevo: status,
}) satisfies z.ZodType<PaymentCreatedAnswer>;
