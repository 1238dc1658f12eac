/**
 * The server's answers to the payment writes, checked before they replace the optimistic row:
 * POST /pagos/ answers the payment row plus `estatus_nuevo`; PATCH /pagos/{id}.json the row.
 */
import { z } from 'zod';
import { CONTRACT_STATUSES, CREDIT_TYPES } from '#domain/codes';
import type { PaymentReplicaRow } from '#domain/credit-replica';

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const id = z.number().int();
const status = z.enum(CONTRACT_STATUSES);

export interface PagoRow extends PaymentReplicaRow {
  id: number;
}

const pagoRowSchema = z.object({
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
}) satisfies z.ZodType<PagoRow>;

export type PagoCreated = PagoRow & { estatus_nuevo: PaymentReplicaRow['estatus_previo'] };

const pagoCreatedSchema = pagoRowSchema.extend({ estatus_nuevo: status });

export function parsePagoRow(body: unknown): PagoRow {
  return pagoRowSchema.parse(body);
}

export function parsePagoCreated(body: unknown): PagoCreated {
  return pagoCreatedSchema.parse(body);
}

/** `estatus_nuevo` of a done create's stored answer (the outbox keeps the raw body). */
export function estatusNuevoOf(body: unknown): string | null {
  const parsed = z.object({ estatus_nuevo: status }).safeParse(body);
  return parsed.success ? parsed.data.estatus_nuevo : null;
}
