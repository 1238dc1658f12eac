/**
 * A contribution or withdrawal as the phone's replica keeps it: the row of GET /movimientos/,
 * or — while a new one waits for the server — an optimistic record keyed by its client UUID
 * (`_localId`), marked with the mutation id it waits for (`_pending`). A bank-data edit waiting
 * for the server marks the existing row the same way.
 */
import * as z from 'zod';
import { MOVEMENT_TYPES, PROCESSES } from '#domain/codes';
import type { DeliveryMemberContext, MovementListRow } from '#domain/delivery-exports';

export interface MovimientoRecord extends Omit<MovementListRow, 'id'> {
  /** The server's id, or the client UUID of a movement not sent yet. */
  id: number | string;
  _localId?: string;
  _pending?: string;
}

/** A movement the server has not numbered yet. */
export function isLocalMovimiento(record: Pick<MovimientoRecord, 'id'>): boolean {
  return typeof record.id !== 'number';
}

/** The names an optimistic record shows before the server answers (never sent). */
export type MovimientoDisplay = Omit<DeliveryMemberContext, 'clave_socio'>;

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const decimal = z.string().regex(/^-?\d+\.\d{2}$/);
const id = z.number().int();

const movementAnswerSchema = z.object({
  id,
  clave_socio: id,
  nombre_socio: z.string(),
  region: id,
  nombre_region: z.string(),
  comunidad: id,
  nombre_comunidad: z.string(),
  fecha_entrega: date,
  monto: decimal,
  proceso: z.enum(PROCESSES),
  aportacion: z.boolean(),
  ordinario: z.boolean(),
  tipo_de_movimiento: z.enum(MOVEMENT_TYPES),
  fecha_banco: date.nullable(),
  referencia_banco: z.string().nullable(),
  responsable_entrega: z.string().nullable(),
}) satisfies z.ZodType<MovementListRow>;

/** The server's answer to a create or a bank edit (the list shape), checked before use. */
export function parseMovementAnswer(body: unknown): MovementListRow {
  return movementAnswerSchema.parse(body);
}
