/**
 * Members as the API answers them: the member of GET /socios/{id}.json and
 * of a write's answer, the row of GET /socios.json and of the spreadsheet, its column order,
 * and THE mapping of a member to its row. The server declares these schemas as its response
 * schemas and builds the rows with `toMemberListRow`; the phone checks a write's answer with
 * the same schema and builds its offline list and spreadsheet with the same mapping.
 */
import * as z from 'zod';
import { GENDERS, MEMBER_STATUSES } from './codes';
import type { Socio } from './entities';
import { code, DATE, defineSheet, flag, INTEGER, TEXT } from './sheet';

const status = z.enum(MEMBER_STATUSES);
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const id = z.number().int();

/** The member shape: the replicated `Socio` plus `nombre_productor`. */
export interface SocioAnswer extends Socio {
  /** The producer as the cooperative's registers list it: surnames first, then names. */
  nombre_productor: string;
}

/** GET /socios/{id}.json, and the answer of a member's create or update. */
export const socioAnswerSchema = z.object({
  clave_socio: id,
  region: id,
  nombres: z.string(),
  apellido_paterno: z.string(),
  apellido_materno: z.string(),
  curp: z.string().nullable(),
  telefono: z.string().nullable(),
  fecha_nacimiento: date.nullable(),
  genero: z.enum(GENDERS),
  fecha_ingr_yomol_atel: date.nullable(),
  fecha_ingr_programa: date.nullable(),
  clave_anterior: z.string().nullable(),
  comunidad: id,
  cargo: id.nullable(),
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

// ---------------------------------------------------------------- the list and its spreadsheet

/** A row of GET /socios.json and of the members spreadsheet. */
export const memberListRowSchema = z.object({
  clave_socio: id,
  region: id,
  nombre_region: z.string(),
  comunidad: id,
  nombre_comunidad: z.string(),
  nombres: z.string(),
  apellido_paterno: z.string(),
  apellido_materno: z.string(),
  full_name: z.string(),
  estatus_cafe: status,
  estatus_miel: status,
  estatus_yip: status,
  estatus_trabajador: status,
  estatus_comonSit: status,
  /** Participation flags: true when the matching status is AC. */
  cafe: z.boolean(),
  miel: z.boolean(),
  yip: z.boolean(),
  trabajador: z.boolean(),
  comonSit: z.boolean(),
  rfc: z.string().nullable(),
  cargo: id.nullable(),
  nombre_cargo: z.string(),
  cargo_coop: z.array(id),
  nombres_cargo_coop: z.array(z.string()),
  curp: z.string().nullable(),
  telefono: z.string().nullable(),
  genero: z.enum(GENDERS),
  fecha_nacimiento: date.nullable(),
  fecha_ingr_yomol_atel: date.nullable(),
  fecha_ingr_programa: date.nullable(),
});
export type MemberListRow = z.output<typeof memberListRowSchema>;

/** Column order of the members list (and the spreadsheet's header row). */
export const MEMBER_LIST_COLUMNS = [
  'clave_socio',
  'region',
  'nombre_region',
  'comunidad',
  'nombre_comunidad',
  'nombres',
  'apellido_paterno',
  'apellido_materno',
  'full_name',
  'estatus_cafe',
  'estatus_miel',
  'estatus_yip',
  'estatus_trabajador',
  'estatus_comonSit',
  'cafe',
  'miel',
  'yip',
  'trabajador',
  'comonSit',
  'rfc',
  'cargo',
  'nombre_cargo',
  'cargo_coop',
  'nombres_cargo_coop',
  'curp',
  'telefono',
  'genero',
  'fecha_nacimiento',
  'fecha_ingr_yomol_atel',
  'fecha_ingr_programa',
] as const satisfies readonly (keyof MemberListRow)[];

/** Sheet name and file name of the members spreadsheet (server and phone alike). */
export const MEMBER_EXPORT = { sheet: 'Socios', file: 'socios.xlsx' } as const;

const memberStatus = code('memberStatuses');
// A participation flag reads "Sí"/"No" in the file, never TRUE/FALSE.
const yesNo = flag('yesNo', 'SI', 'NO');

/** The members spreadsheet: each column's kind (#domain/sheet). */
export const MEMBER_SHEET = defineSheet(MEMBER_EXPORT.sheet, MEMBER_LIST_COLUMNS, {
  clave_socio: INTEGER,
  region: INTEGER,
  nombre_region: TEXT,
  comunidad: INTEGER,
  nombre_comunidad: TEXT,
  nombres: TEXT,
  apellido_paterno: TEXT,
  apellido_materno: TEXT,
  full_name: TEXT,
  estatus_cafe: memberStatus,
  estatus_miel: memberStatus,
  estatus_yip: memberStatus,
  estatus_trabajador: memberStatus,
  estatus_comonSit: memberStatus,
  cafe: yesNo,
  miel: yesNo,
  yip: yesNo,
  trabajador: yesNo,
  comonSit: yesNo,
  rfc: TEXT,
  cargo: INTEGER,
  nombre_cargo: TEXT,
  cargo_coop: TEXT,
  nombres_cargo_coop: TEXT,
  curp: TEXT,
  telefono: TEXT,
  genero: code('genders'),
  fecha_nacimiento: DATE,
  fecha_ingr_yomol_atel: DATE,
  fecha_ingr_programa: DATE,
});

/** Names of the cargo and cooperative-post ids a list row labels. */
export interface MemberLabels {
  cargos: ReadonlyMap<number, string>;
  cargosCoop: ReadonlyMap<number, string>;
}

/** The member fields a list row is made of (the replicated `Socio` has them all). */
export type MemberListSource = Pick<
  Socio,
  Exclude<keyof MemberListRow, 'cafe' | 'miel' | 'yip' | 'trabajador' | 'comonSit'> & keyof Socio
>;

/** THE mapping of a member to its list row: participation flags and cargo labels. */
export function toMemberListRow(m: MemberListSource, labels: MemberLabels): MemberListRow {
  return {
    clave_socio: m.clave_socio,
    region: m.region,
    nombre_region: m.nombre_region,
    comunidad: m.comunidad,
    nombre_comunidad: m.nombre_comunidad,
    nombres: m.nombres,
    apellido_paterno: m.apellido_paterno,
    apellido_materno: m.apellido_materno,
    full_name: m.full_name,
    estatus_cafe: m.estatus_cafe,
    estatus_miel: m.estatus_miel,
    estatus_yip: m.estatus_yip,
    estatus_trabajador: m.estatus_trabajador,
    estatus_comonSit: m.estatus_comonSit,
    cafe: m.estatus_cafe === 'AC',
    miel: m.estatus_miel === 'AC',
    yip: m.estatus_yip === 'AC',
    trabajador: m.estatus_trabajador === 'AC',
    comonSit: m.estatus_comonSit === 'AC',
    rfc: m.rfc,
    cargo: m.cargo,
    nombre_cargo: m.cargo === null ? '' : (labels.cargos.get(m.cargo) ?? ''),
    cargo_coop: m.cargo_coop,
    nombres_cargo_coop: m.cargo_coop.map((id) => labels.cargosCoop.get(id) ?? ''),
    curp: m.curp,
    telefono: m.telefono,
    genero: m.genero,
    fecha_nacimiento: m.fecha_nacimiento,
    fecha_ingr_yomol_atel: m.fecha_ingr_yomol_atel,
    fecha_ingr_programa: m.fecha_ingr_programa,
  };
}

// ---------------------------------------------------------------- incomplete imported members

/**
 * Fields the member form requires that a member imported from the original may lack (the
 * original did not require them; docs/import.md). Such a member is "datos por completar"
 * until the office completes the record through the form.
 */
export const COMPLETABLE_MEMBER_FIELDS = [
  'fecha_nacimiento',
  'fecha_ingr_yomol_atel',
  'fecha_ingr_programa',
  'cargo',
] as const;
export type CompletableMemberField = (typeof COMPLETABLE_MEMBER_FIELDS)[number];

/** What a member lacks of the form's required fields, in form order (empty: complete). */
export function missingMemberFields(
  m: Pick<Socio, CompletableMemberField>,
): CompletableMemberField[] {
  return COMPLETABLE_MEMBER_FIELDS.filter((field) => m[field] === null);
}
