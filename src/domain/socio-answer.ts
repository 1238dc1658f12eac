/**
 * The server's answer to a member create or update (the shape of GET /socios/{id}.json), checked
 * before it replaces the optimistic record in the replica.
 */
import { z } from 'zod';
import { GENDERS, MEMBER_STATUSES } from '#domain/codes';
import type { Socio } from '#domain/entities';

export interface SocioAnswer extends Socio {
  nombre_productor: string;
}

const status = z.enum(MEMBER_STATUSES);
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const id = z.number().int();

const socioAnswerSchema = z.object({
  clave_socio: id,
  region: id,
  nombres: z.string(),
  apellido_paterno: z.string(),
  apellido_materno: z.string(),
  curp: z.string().nullable(),
  telefono: z.string().nullable(),
  fecha_nacimiento: date,
  genero: z.enum(GENDERS),
  fecha_ingr_yomol_atel: date,
  fecha_ingr_programa: date,
  clave_anterior: z.string().nullable(),
  comunidad: id,
  cargo: id,
  cargo_coop: z.array(id),
  empresa: id.nullable(),
  puesto: id.nullable(),
  fuente: id.nullable(),
  estatus_cafe: status,
  estatus_miel: status,
  estatus_yip: status,
  estatus_trabajador: status,
  estatus_comonSit: status,
  doc_curp: z.boolean(),
  doc_domicilio: z.boolean(),
  doc_act_nac: z.boolean(),
  doc_ine: z.boolean(),
  doc_rfc: z.boolean(),
  rfc: z.string().nullable(),
  nombre_comunidad: z.string(),
  full_name: z.string(),
  nombre_region: z.string(),
  nombre_productor: z.string(),
}) satisfies z.ZodType<SocioAnswer>;

export function parseSocioAnswer(body: unknown): SocioAnswer {
  return socioAnswerSchema.parse(body);
}
