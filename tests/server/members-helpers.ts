/**
 * Shared by the member / community / hermitage API tests: who the demo users are (role, linked
 * member, region), members picked by region straight from the database, a valid member body,
 * and a fingerprint of the member and community tables to prove that a rejection wrote nothing.
 */
import { asc, eq, sql } from 'drizzle-orm';
import * as XLSX from '@e965/xlsx';
import type { Role } from '#domain/roles';
import { cargosCoop, cargos, comunidades, socios, users } from '#server/db/schema';
import type { TestApp } from '#tests/helpers/server-app';

export interface DemoCaller {
  username: string;
  role: Role;
  clave_socio: number | null;
  region: number | null;
}

/** The six demo accounts with their linked member and region, read from the database. */
export async function demoCallers(t: TestApp): Promise<DemoCaller[]> {
  const rows = await t.db
    .select({
      username: users.username,
      role: users.role,
      clave_socio: users.clave_socio,
      region: comunidades.region,
    })
    .from(users)
    .leftJoin(socios, eq(users.clave_socio, socios.clave_socio))
    .leftJoin(comunidades, eq(socios.comunidad, comunidades.id))
    .orderBy(asc(users.id));
  return rows.map((r) => ({ ...r, role: r.role as Role, region: r.region ?? null }));
}

/** Every member key with its region, from the database (the hand count of every test). */
export async function membersByRegion(t: TestApp): Promise<Map<number, number>> {
  const rows = await t.db
    .select({ clave: socios.clave_socio, region: comunidades.region })
    .from(socios)
    .innerJoin(comunidades, eq(socios.comunidad, comunidades.id));
  return new Map(rows.map((r) => [r.clave, r.region]));
}

/** The first member of `region` that is not one of `except`. */
export async function memberIn(
  t: TestApp,
  region: number,
  except: (number | null)[] = [],
): Promise<number> {
  for (const [clave, r] of [...(await membersByRegion(t))].sort((a, b) => a[0] - b[0])) {
    if (r === region && !except.includes(clave)) return clave;
  }
  throw new Error(`no member in region ${region}`);
}

/** A community of `region` (lowest id). */
export async function communityIn(t: TestApp, region: number): Promise<number> {
  const [row] = await t.db
    .select({ id: comunidades.id })
    .from(comunidades)
    .where(eq(comunidades.region, region))
    .orderBy(asc(comunidades.id))
    .limit(1);
  if (!row) throw new Error(`no community in region ${region}`);
  return row.id;
}

/** A complete, valid member form for POST /socios/ in `region`. */
export async function validMemberBody(t: TestApp, region = 1): Promise<Record<string, unknown>> {
  const [cargo] = await t.db.select({ id: cargos.id }).from(cargos).orderBy(asc(cargos.id));
  const posts = await t.db
    .select({ id: cargosCoop.id })
    .from(cargosCoop)
    .orderBy(asc(cargosCoop.id));
  return {
    clave_socio: null,
    region,
    nombres: 'María Guadalupe',
    apellido_paterno: 'Hernández',
    apellido_materno: 'Gómez',
    curp: 'HEGM900115MCSRMR09',
    telefono: '9191234567',
    fecha_nacimiento: '1990-01-15',
    genero: 'FE',
    fecha_ingr_yomol_atel: '2015-03-01',
    fecha_ingr_programa: '2016-03-01',
    clave_anterior: 'CF-1234',
    comunidad: await communityIn(t, region),
    cargo: cargo!.id,
    cargo_coop: posts.slice(0, 2).map((p) => p.id),
    empresa: null,
    puesto: null,
    fuente: null,
    estatus_cafe: 'AC',
    estatus_miel: 'NP',
    estatus_yip: 'BA',
    estatus_trabajador: 'NP',
    estatus_comonSit: 'AC',
    doc_curp: true,
    doc_domicilio: false,
    doc_act_nac: true,
    doc_ine: true,
    doc_rfc: false,
  };
}

/** Row counts and highest row versions of socios and comunidades: any write changes it. */
export async function tablesFingerprint(t: TestApp): Promise<string> {
  const [s] = await t.db
    .select({
      n: sql<number>`count(*)`.mapWith(Number),
      v: sql<number>`coalesce(max(${socios.row_version}), 0)`.mapWith(Number),
    })
    .from(socios);
  const [c] = await t.db
    .select({
      n: sql<number>`count(*)`.mapWith(Number),
      v: sql<number>`coalesce(max(${comunidades.row_version}), 0)`.mapWith(Number),
    })
    .from(comunidades);
  return JSON.stringify({ s, c });
}

/** An .xlsx answer read back: its sheet as rows of cells (header row first). */
export function readXlsx(payload: Buffer): unknown[][] {
  const book = XLSX.read(payload, { type: 'buffer' });
  const sheet = book.Sheets[book.SheetNames[0]!]!;
  return XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, defval: null, raw: true });
}

/** A value of a list row as the spreadsheet shows it (lists joined, null → empty). */
export function asCell(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map(String).join(', ');
  return value;
}

/** Whether an answer body has the API's 400 shape: every key a non-empty list of texts. */
export function isFieldErrorBody(body: unknown): boolean {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return false;
  const entries = Object.entries(body);
  return (
    entries.length > 0 &&
    entries.every(
      ([, v]) => Array.isArray(v) && v.length > 0 && v.every((m) => typeof m === 'string' && m),
    )
  );
}
