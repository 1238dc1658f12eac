/**
 * Members (socios) on the server: who may see which member
 * (docs/business-rules.md#roles-and-scope, from #domain/permissions so phone and server agree), THE
 * row mapping of the member shape (GET /socios/{id}.json; the delta pull should answer the same),
 * the list shape, and the create / update rules (every reference must exist).
 */
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { joiningDateErrors, type MemberValues } from '#domain/forms/member';
import type { SchemaContext } from '#domain/rules';
import { toMemberListRow, type MemberListRow, type SocioAnswer } from '#domain/member-shapes';
import { msg } from '#domain/messages';
import { scopeFor } from '#domain/permissions';
import type { Role } from '#domain/roles';
import type { Db } from '#server/db/client';
import {
  cargos,
  cargosCoop,
  comunidades,
  empresas,
  fuentes,
  puestos,
  regiones,
  socios,
} from '#server/db/schema';
import type { Capture } from '#domain/sync-protocol';
import { RuleError } from '#domain/rule-errors';
import { existingIds, isDbId } from './references.ts';
import { allOf, theRow } from '#server/db/conditions';

/** Who reads: what decides which members they see (AuthUser and the pull's scope both fit). */
export interface MemberReader {
  role: Role;
  /** Region of the caller's linked member (a promoter's region). */
  region: number | null;
  clave_socio: number | null;
}

/** The members `reader` may read, as a WHERE condition over socios ⋈ comunidades. */
export function memberScope(reader: MemberReader): SQL {
  switch (scopeFor(reader.role, 'socios', 'read')) {
    case 'all':
      return sql`true`;
    case 'region':
      return reader.region === null ? sql`false` : eq(comunidades.region, reader.region);
    case 'self':
      return reader.clave_socio === null ? sql`false` : eq(socios.clave_socio, reader.clave_socio);
    default:
      return sql`false`;
  }
}

/** Columns of the member shape; select them from socios ⋈ comunidades ⋈ regiones. */
export const memberColumns = {
  clave_socio: socios.clave_socio,
  region: comunidades.region,
  nombres: socios.nombres,
  apellido_paterno: socios.apellido_paterno,
  apellido_materno: socios.apellido_materno,
  curp: socios.curp,
  telefono: socios.telefono,
  fecha_nacimiento: socios.fecha_nacimiento,
  genero: socios.genero,
  fecha_ingr_yomol_atel: socios.fecha_ingr_yomol_atel,
  fecha_ingr_programa: socios.fecha_ingr_programa,
  clave_anterior: socios.clave_anterior,
  comunidad: socios.comunidad,
  cargo: socios.cargo,
  cargo_coop: socios.cargo_coop,
  empresa: socios.empresa,
  puesto: socios.puesto,
  fuente: socios.fuente,
  estatus_cafe: socios.estatus_cafe,
  estatus_miel: socios.estatus_miel,
  estatus_yip: socios.estatus_yip,
  estatus_trabajador: socios.estatus_trabajador,
  estatus_comon_sit: socios.estatus_comon_sit,
  doc_curp: socios.doc_curp,
  doc_domicilio: socios.doc_domicilio,
  doc_act_nac: socios.doc_act_nac,
  doc_ine: socios.doc_ine,
  doc_rfc: socios.doc_rfc,
  rfc: socios.rfc,
  nombre_comunidad: comunidades.nombre_de_comunidad,
  nombre_region: regiones.nombre_de_region,
};

/** A row selected with `memberColumns` (all joins inner, so notNull columns stay non-null). */
export type MemberRecord = {
  [K in keyof typeof memberColumns]: (typeof memberColumns)[K]['_']['notNull'] extends true
    ? (typeof memberColumns)[K]['_']['data']
    : (typeof memberColumns)[K]['_']['data'] | null;
};

const joinName = (parts: string[]) =>
  parts
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');

type Status = SocioAnswer['estatus_cafe'];
// The table's CHECK constraints guarantee the codes; anything else would be a broken row.
const status = (value: string): Status =>
  value === 'AC' || value === 'BA' || value === 'NP' ? value : 'NP';

/** THE mapping of a member row to its API shape (detail answer, and the pull should use it). */
export function toMemberDetail({ estatus_comon_sit, ...r }: MemberRecord): SocioAnswer {
  return {
    ...r,
    genero: r.genero === 'FE' || r.genero === 'OT' ? r.genero : 'MA',
    estatus_cafe: status(r.estatus_cafe),
    estatus_miel: status(r.estatus_miel),
    estatus_yip: status(r.estatus_yip),
    estatus_trabajador: status(r.estatus_trabajador),
    estatus_comonSit: status(estatus_comon_sit),
    full_name: joinName([r.nombres, r.apellido_paterno, r.apellido_materno]),
    nombre_productor: joinName([r.apellido_paterno, r.apellido_materno, r.nombres]),
  };
}

/** Members matching `where` (already scoped by the caller), by key. */
export async function loadMembers(db: Db, where: SQL): Promise<SocioAnswer[]> {
  const rows = await db
    .select(memberColumns)
    .from(socios)
    .innerJoin(comunidades, eq(socios.comunidad, comunidades.id))
    .innerJoin(regiones, eq(comunidades.region, regiones.id))
    .where(where)
    .orderBy(asc(socios.clave_socio));
  return rows.map(toMemberDetail);
}

/** One member if `reader` may see it, else null (unknown and out of scope look the same). */
export async function findMember(
  db: Db,
  reader: MemberReader,
  clave: number,
): Promise<SocioAnswer | null> {
  if (!isDbId(clave)) return null;
  const [member] = await loadMembers(db, allOf(eq(socios.clave_socio, clave), memberScope(reader)));
  return member ?? null;
}

// ---------------------------------------------------------------- list shape

// The list shape and its columns live in #domain/exports (the phone's export uses them too).

/** The members list in `reader`'s scope, with cargo and cooperative-post labels. */
export async function listMembers(db: Db, reader: MemberReader): Promise<MemberListRow[]> {
  const [members, cargoRows, postRows] = await Promise.all([
    loadMembers(db, memberScope(reader)),
    db.select({ id: cargos.id, name: cargos.nombre_de_cargo }).from(cargos),
    db.select({ id: cargosCoop.id, name: cargosCoop.nombre_cargo_coop }).from(cargosCoop),
  ]);
  const labels = {
    cargos: new Map(cargoRows.map((c) => [c.id, c.name])),
    cargosCoop: new Map(postRows.map((c) => [c.id, c.name])),
  };
  return members.map((m) => toMemberListRow(m, labels));
}

// ---------------------------------------------------------------- writes

/**
 * Field errors for every reference of `values` that does not exist (comunidad, cargo, each
 * cargo_coop, empresa, puesto, fuente), and for a region that is not the community's.
 */
async function referenceErrors(tx: Db, values: MemberValues): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  const missing = (field: string, id: number) =>
    (errors[field] ??= []).push(msg('server.members.referenceNotFound', { id }));

  const [community] = isDbId(values.comunidad)
    ? await tx
        .select({ region: comunidades.region })
        .from(comunidades)
        .where(eq(comunidades.id, values.comunidad))
    : [];
  if (!community) missing('comunidad', values.comunidad);
  else if (values.region !== null && values.region !== community.region) {
    errors.comunidad = [msg('server.members.communityOutsideRegion', { region: values.region })];
  }

  const single = [
    ['cargo', cargos.id, values.cargo],
    ['empresa', empresas.id, values.empresa],
    ['puesto', puestos.id, values.puesto],
    ['fuente', fuentes.id, values.fuente],
  ] as const;
  for (const [field, column, id] of single) {
    if (id !== null && (await existingIds(tx, column, [id])).size === 0) missing(field, id);
  }
  const posts = await existingIds(tx, cargosCoop.id, values.cargo_coop);
  for (const id of values.cargo_coop) if (!posts.has(id)) missing('cargo_coop', id);
  return errors;
}

/** The stored columns of a validated member form. */
function storedColumns(values: MemberValues, capture: Capture) {
  return {
    nombres: values.nombres,
    apellido_paterno: values.apellido_paterno,
    apellido_materno: values.apellido_materno ?? '',
    curp: values.curp,
    telefono: values.telefono,
    fecha_nacimiento: values.fecha_nacimiento,
    genero: values.genero,
    fecha_ingr_yomol_atel: values.fecha_ingr_yomol_atel,
    fecha_ingr_programa: values.fecha_ingr_programa,
    clave_anterior: values.clave_anterior,
    comunidad: values.comunidad,
    cargo: values.cargo,
    cargo_coop: values.cargo_coop,
    empresa: values.empresa,
    puesto: values.puesto,
    fuente: values.fuente,
    estatus_cafe: values.estatus_cafe,
    estatus_miel: values.estatus_miel,
    estatus_yip: values.estatus_yip,
    estatus_trabajador: values.estatus_trabajador,
    estatus_comon_sit: values.estatus_comonSit,
    doc_curp: values.doc_curp,
    doc_domicilio: values.doc_domicilio,
    doc_act_nac: values.doc_act_nac,
    doc_ine: values.doc_ine,
    doc_rfc: values.doc_rfc,
    capturado_en: capture.capturedAt,
    recibido_en: capture.receivedAt,
  };
}

async function checkReferences(tx: Db, values: MemberValues): Promise<void> {
  const errors = await referenceErrors(tx, values);
  if (Object.keys(errors).length > 0) throw new RuleError(errors);
}

/** Create a member (the server assigns clave_socio); answers it in the member shape. */
export async function createMember(
  tx: Db,
  values: MemberValues,
  capture: Capture,
): Promise<SocioAnswer> {
  await checkReferences(tx, values);
  const row = theRow(
    await tx
      .insert(socios)
      .values(storedColumns(values, capture))
      .returning({ clave_socio: socios.clave_socio }),
    'member insert',
  );
  return theRow(await loadMembers(tx, eq(socios.clave_socio, row.clave_socio)), 'member read');
}

/** Replace a member's fields; null when there is no such member. */
export async function updateMember(
  tx: Db,
  clave: number,
  values: MemberValues,
  capture: Capture,
  ctx: SchemaContext = {},
): Promise<SocioAnswer | null> {
  if (!isDbId(clave)) return null;
  // Lock the row: two offline edits of one member arriving together apply one after the other.
  const [current] = await tx
    .select({
      clave_socio: socios.clave_socio,
      fecha_ingr_yomol_atel: socios.fecha_ingr_yomol_atel,
      fecha_ingr_programa: socios.fecha_ingr_programa,
    })
    .from(socios)
    .where(eq(socios.clave_socio, clave))
    .for('update');
  if (!current) return null;
  // A joining date kept as stored (an imported member's, before 1990) is not re-checked.
  const joining = joiningDateErrors(values, current, ctx);
  if (Object.keys(joining).length > 0) throw new RuleError(joining);
  await checkReferences(tx, values);
  await tx
    .update(socios)
    .set({ ...storedColumns(values, capture), updated_at: capture.receivedAt })
    .where(eq(socios.clave_socio, clave));
  return theRow(await loadMembers(tx, eq(socios.clave_socio, clave)), 'member read');
}
