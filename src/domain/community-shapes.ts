/**
 * Communities and hermitages as the API answers them: the
 * community of GET /comunidades.json and of a write's answer, the hermitage, the process map's
 * member counts per community (GET /comunidades/num-socios/, docs/business-rules.md#other-areas)
 * with THE shaping of a counts row, and the spreadsheets' column orders. The server answers with
 * these schemas; the phone parses with them and builds the map's counts offline with the same
 * shaping.
 *
 * Tolerant where the phone needs it and the server never differs: a missing display field of
 * a community reads as null, a missing text of a hermitage as ''.
 */
import * as z from 'zod';
import type { Process } from './codes';
import type { Community, Hermitage } from './entities';
import { latLngSchema, textOrEmpty } from './reference-shapes';
import { defineSheet, INTEGER, TEXT } from './sheet';

const id = z.number().int();

export const communitySchema = z.object({
  id,
  nombre_de_comunidad: z.string(),
  region: id,
  nombre_region: z.string(),
  ermita: id.nullable(),
  ermita_name: z.string().nullable().default(null),
  inegiLocalidad: z.string().nullable().default(null),
  ubicacion: latLngSchema.default(null),
}) satisfies z.ZodType<Community, unknown>;

export const hermitageSchema = z.object({
  ermita_id: id,
  nombre: z.string(),
  zona: textOrEmpty,
  interzona: textOrEmpty,
  municipio: textOrEmpty,
  localidad: textOrEmpty,
  localidad_nota: textOrEmpty,
  ubicacion: latLngSchema.default(null),
}) satisfies z.ZodType<Hermitage, unknown>;

// ---------------------------------------------------------------- the process map's counts

const count = z.number().int().nonnegative();

/** A community with its members AC in each process (GET /comunidades/num-socios/). */
export const communityMemberCountsSchema = z.object({
  id,
  nombre_de_comunidad: z.string(),
  nombre_region: z.string(),
  region: id,
  ubicacion: latLngSchema.default(null),
  ermita_name: z.string().nullable().default(null),
  inegiLocalidad: z.string().nullable().default(null),
  num_socios_cf: count,
  num_socios_mi: count,
  num_socios_ja: count,
  num_socios_sl: count,
});
export type CommunityMemberCounts = z.output<typeof communityMemberCountsSchema>;

/** The field of a counts row that holds each process's count. */
export const COUNT_FIELD = {
  CF: 'num_socios_cf',
  MI: 'num_socios_mi',
  JA: 'num_socios_ja',
  SL: 'num_socios_sl',
} as const satisfies Readonly<Record<Process, keyof CommunityMemberCounts>>;

/** Members AC per process in one community. */
export type ProcessCounts = Readonly<Record<Process, number>>;

/** THE shaping of a counts row: the community's place and its counts (0 when it has none). */
export function memberCountsRow(
  c: Omit<Community, 'ermita'>,
  counts: ProcessCounts | undefined,
): CommunityMemberCounts {
  return {
    id: c.id,
    nombre_de_comunidad: c.nombre_de_comunidad,
    nombre_region: c.nombre_region,
    region: c.region,
    ubicacion: c.ubicacion,
    ermita_name: c.ermita_name,
    inegiLocalidad: c.inegiLocalidad,
    num_socios_cf: counts?.CF ?? 0,
    num_socios_mi: counts?.MI ?? 0,
    num_socios_ja: counts?.JA ?? 0,
    num_socios_sl: counts?.SL ?? 0,
  };
}

// ---------------------------------------------------------------- spreadsheets

/** Column order of the communities list and spreadsheet (GET /comunidadesXLSX/). */
export const COMMUNITY_LIST_COLUMNS = [
  'id',
  'nombre_de_comunidad',
  'region',
  'nombre_region',
  'ermita',
  'ermita_name',
  'inegiLocalidad',
  'ubicacion',
] as const satisfies readonly (keyof Community)[];

export const COMMUNITY_EXPORT = { sheet: 'Comunidades', file: 'comunidades.xlsx' } as const;

/** The communities spreadsheet: each column's kind (#domain/sheet). */
export const COMMUNITY_SHEET = defineSheet(COMMUNITY_EXPORT.sheet, COMMUNITY_LIST_COLUMNS, {
  id: INTEGER,
  nombre_de_comunidad: TEXT,
  region: INTEGER,
  nombre_region: TEXT,
  ermita: INTEGER,
  ermita_name: TEXT,
  inegiLocalidad: TEXT,
  ubicacion: TEXT,
});

/** Column order of the hermitages list and spreadsheet (GET /ermitasXLSX/). */
export const HERMITAGE_LIST_COLUMNS = [
  'ermita_id',
  'nombre',
  'zona',
  'interzona',
  'municipio',
  'localidad',
  'localidad_nota',
  'ubicacion',
] as const satisfies readonly (keyof Hermitage)[];

export const HERMITAGE_EXPORT = { sheet: 'Ermitas', file: 'ermitas.xlsx' } as const;

/** The hermitages spreadsheet: each column's kind (#domain/sheet). */
export const HERMITAGE_SHEET = defineSheet(HERMITAGE_EXPORT.sheet, HERMITAGE_LIST_COLUMNS, {
  ermita_id: INTEGER,
  nombre: TEXT,
  zona: TEXT,
  interzona: TEXT,
  municipio: TEXT,
  localidad: TEXT,
  localidad_nota: TEXT,
  ubicacion: TEXT,
});
