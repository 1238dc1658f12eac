/**
 * A collection as the phone's replica keeps it: the row of GET /acopios.json, or — while a new
 * one waits for the server — an optimistic record keyed by its client UUID (`_localId`) and
 * marked with the mutation id it waits for (`_pending`).
 */
import * as z from 'zod';
import { PROCESSES } from '#domain/codes';
import type { AcopioListRow, DeliveryMemberContext } from '#domain/delivery-exports';

export interface AcopioRecord extends Omit<AcopioListRow, 'id'> {
  /** The server's id, or the client UUID of a collection not sent yet. */
  id: number | string;
  _localId?: string;
  _pending?: string;
}

/** A collection the server has not numbered yet. */
export function isLocalAcopio(record: Pick<AcopioRecord, 'id'>): boolean {
  return typeof record.id !== 'number';
}

/** The names an optimistic record shows before the server answers (never sent). */
export type AcopioDisplay = Omit<DeliveryMemberContext, 'clave_socio'>;

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const decimal = z.string().regex(/^-?\d+\.\d{2}$/);
const id = z.number().int();

const acopioAnswerSchema = z.object({
  id,
  clave_socio: id,
  nombre_socio: z.string(),
  region: id,
  nombre_region: z.string(),
  comunidad: id,
  nombre_comunidad: z.string(),
  fecha: date,
  ingreso: decimal,
  tipo_de_producto: z.enum(PROCESSES),
  kilos_de_producto: decimal.nullable(),
}) satisfies z.ZodType<AcopioListRow>;

/** The server's answer to a create (the list shape), checked before it enters the replica. */
export function parseAcopioAnswer(body: unknown): AcopioListRow {
  return acopioAnswerSchema.parse(body);
}
