/**
 * The schemas of a collection row and a contribution/withdrawal row as the API answers them
 * (the shapes of ./delivery-exports): the server declares them as its response schemas, and the
 * phone checks a create's answer with them before it enters the replica — one definition.
 */
import * as z from 'zod';
import { MOVEMENT_TYPES, PROCESSES } from './codes';
import type { AcopioListRow, MovementListRow } from './delivery-exports';

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const decimal = z.string().regex(/^\d+\.\d{2}$/);
const id = z.number().int();

const memberContext = {
  clave_socio: id,
  nombre_socio: z.string(),
  region: id,
  nombre_region: z.string(),
  comunidad: id,
  nombre_comunidad: z.string(),
};

export const acopioRowSchema = z.object({
  id,
  ...memberContext,
  fecha: date,
  ingreso: decimal,
  tipo_de_producto: z.enum(PROCESSES),
  kilos_de_producto: decimal.nullable(),
}) satisfies z.ZodType<AcopioListRow>;

export const movementRowSchema = z.object({
  id,
  ...memberContext,
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
