/**
 * The reference lists, the session and the current user as the API answers them: regions and zones
 * with their polygons, the small lists (cargos, cargos-coop, empresas, puestos, fuentes), the token
 * pair and refresh answer, and `users/me`. The server answers with these schemas; the phone parses
 * with them.
 *
 * Tolerant where the phone needs it and the server never differs: a missing polygon reads as
 * null, a null phone or email as ''.
 */
import * as z from 'zod';
import { ROLES } from './roles';
import type {
  Cargo,
  CargoCoop,
  Empresa,
  Fuente,
  GeoPolygon,
  Puesto,
  Region,
  Zone,
} from './entities';
export { meSchema, refreshAnswerSchema, textOrEmpty, tokenPairSchema } from './session-shapes';

const id = z.number().int();

const lngLat = z.tuple([z.number(), z.number()]);

export const geoPolygonSchema = z.object({
  type: z.literal('Polygon'),
  coordinates: z.array(z.array(lngLat)),
}) satisfies z.ZodType<GeoPolygon>;

/** `[lat, lng]`, or null when unknown. */
export const latLngSchema = z.tuple([z.number(), z.number()]).nullable();

/** [lat, lng] when both are known, else null. */
export function ubicacion(lat: number | null, lng: number | null): [number, number] | null {
  return lat !== null && lng !== null ? [lat, lng] : null;
}

export const regionSchema = z.object({
  id,
  nombre_de_region: z.string(),
  poly: geoPolygonSchema.nullable().default(null),
}) satisfies z.ZodType<Region, unknown>;

export const zoneSchema = z.object({
  id,
  zona_id: z.string(),
  nombre: z.string(),
  interzona: z.string(),
  poly: geoPolygonSchema.nullable(),
  poly_encuesta: geoPolygonSchema.nullable(),
}) satisfies z.ZodType<Zone>;

export const cargoSchema = z.object({ id, nombre_de_cargo: z.string() }) satisfies z.ZodType<Cargo>;
export const cargoCoopSchema = z.object({
  id,
  nombre_cargo_coop: z.string(),
}) satisfies z.ZodType<CargoCoop>;
export const empresaSchema = z.object({
  id,
  nombre_empresa: z.string(),
}) satisfies z.ZodType<Empresa>;
export const puestoSchema = z.object({ id, puesto: z.string() }) satisfies z.ZodType<Puesto>;
export const fuenteSchema = z.object({ id, fuente: z.string() }) satisfies z.ZodType<Fuente>;

/** GET /users/gerentes.json: who can sign a contract for the cooperative. */
export const signingManagerSchema = z.object({ id, name: z.string() });
export type SigningManager = z.infer<typeof signingManagerSchema>;
export const signingManagersSchema = z.array(signingManagerSchema);

/** GET /users.json and PUT /users/{id}/traductor/: a user as the manager's list shows it. */
export const userRowSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.enum(ROLES),
  traductor: z.boolean(),
  /** False: deactivated (docs/security.md#a-lost-device). */
  activo: z.boolean(),
  /** When the office marked the user's device lost (ISO instant), or null. */
  dispositivo_perdido: z.string().nullable(),
  /** When a lost phone of the user was last told to wipe itself since that mark, or null. */
  aviso_entregado: z.string().nullable(),
});
export type UserRow = z.infer<typeof userRowSchema>;

/** PUT /users/{id}/traductor/: grant or withdraw the translator flag. */
export const translatorFlagBody = z.object({ traductor: z.boolean() }).strict();
/** POST /users/{id}/dispositivo-perdido/: names the user the manager's dialog showed. */
export const lostDeviceBody = z.object({ username: z.string().min(1).max(150) }).strict();
