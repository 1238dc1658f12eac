/**
 * The spreadsheet exports (BUSINESS_RULES §12): the list-row shapes, their column orders, and
 * the pure table a workbook is built from. The server's …XLSX endpoints and the phone's
 * offline export both use this file, so the two files can never differ in columns or values.
 */
import type { Gender, MemberStatus } from './codes';
import type { Community, Hermitage, Socio } from './entities';

/** One spreadsheet cell. */
export type Cell = string | number | boolean | null;

/** One list value as a cell: lists joined with ", ", objects as JSON, missing as empty. */
export function toCell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return value;
  if (Array.isArray(value)) return value.map((item) => String(toCell(item) ?? '')).join(', ');
  return JSON.stringify(value);
}

/** The sheet as rows of cells: `columns` as the header row, then one row per item. */
export function exportTable<T extends object, K extends keyof T & string>(
  columns: readonly K[],
  rows: readonly T[],
): Cell[][] {
  return [[...columns], ...rows.map((row) => columns.map((column) => toCell(row[column])))];
}

// ---------------------------------------------------------------- members

/** A row of GET /socios.json and of the members spreadsheet. */
export interface MemberListRow {
  clave_socio: number;
  region: number;
  nombre_region: string;
  comunidad: number;
  nombre_comunidad: string;
  nombres: string;
  apellido_paterno: string;
  apellido_materno: string;
  full_name: string;
  estatus_cafe: MemberStatus;
  estatus_miel: MemberStatus;
  estatus_yip: MemberStatus;
  estatus_trabajador: MemberStatus;
  estatus_comonSit: MemberStatus;
  /** Participation flags: true when the matching status is AC. */
  cafe: boolean;
  miel: boolean;
  yip: boolean;
  trabajador: boolean;
  comonSit: boolean;
  rfc: string | null;
  cargo: number;
  nombre_cargo: string;
  cargo_coop: number[];
  nombres_cargo_coop: string[];
  curp: string | null;
  telefono: string | null;
  genero: Gender;
  fecha_nacimiento: string;
  fecha_ingr_yomol_atel: string;
  fecha_ingr_programa: string;
}

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
    nombre_cargo: labels.cargos.get(m.cargo) ?? '',
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

// ---------------------------------------------------------------- communities and hermitages

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
