/**
 * Output schemas of the answers in this folder, checked against the shared JSON shapes of
 * src/domain/entities.ts at compile time (`satisfies`).
 */
import * as z from 'zod';
import type {
  Cargo,
  CargoCoop,
  Empresa,
  Fuente,
  GeoPolygon,
  Me,
  Puesto,
  RefreshAnswer,
  Region,
  TokenPair,
  Zone,
} from '#domain/entities';
import { ROLES } from '#domain/roles';

const polygon = z.object({
  type: z.literal('Polygon'),
  coordinates: z.array(z.array(z.tuple([z.number(), z.number()]))),
}) satisfies z.ZodType<GeoPolygon>;

export const tokenPairSchema = z.object({
  access: z.string(),
  refresh: z.string(),
  localId: z.number().int(),
}) satisfies z.ZodType<TokenPair>;

export const refreshAnswerSchema = z.object({
  access: z.string(),
  localId: z.number().int(),
}) satisfies z.ZodType<RefreshAnswer>;

export const meSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  clave_socio: z.number().int().nullable(),
  region: z.number().int().nullable(),
}) satisfies z.ZodType<Me>;

export const regionSchema = z.object({
  id: z.number().int(),
  nombre_de_region: z.string(),
  poly: polygon.nullable(),
}) satisfies z.ZodType<Region>;

export const zoneSchema = z.object({
  id: z.number().int(),
  zona_id: z.string(),
  nombre: z.string(),
  interzona: z.string(),
  poly: polygon.nullable(),
  poly_encuesta: polygon.nullable(),
}) satisfies z.ZodType<Zone>;

export const cargoSchema = z.object({
  id: z.number().int(),
  nombre_de_cargo: z.string(),
}) satisfies z.ZodType<Cargo>;
export const cargoCoopSchema = z.object({
  id: z.number().int(),
  nombre_cargo_coop: z.string(),
}) satisfies z.ZodType<CargoCoop>;
export const empresaSchema = z.object({
  id: z.number().int(),
  nombre_empresa: z.string(),
}) satisfies z.ZodType<Empresa>;
export const puestoSchema = z.object({
  id: z.number().int(),
  puesto: z.string(),
}) satisfies z.ZodType<Puesto>;
export const fuenteSchema = z.object({
  id: z.number().int(),
  fuente: z.string(),
}) satisfies z.ZodType<Fuente>;
