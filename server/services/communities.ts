/**
 * Communities and their member counts for the process map
 * (docs/business-rules.md#other-areas): the `Community` shape, create / update with their reference
 * checks, and the AC counts per process.
 */
import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { PROCESS_STATUS_FIELD, type MemberAreaStatusField, type Process } from '#domain/codes';
import { memberCountsRow, type CommunityMemberCounts } from '#domain/community-shapes';
import type { Community } from '#domain/entities';
import type { CommunityValues } from '#domain/forms/community';
import { msg } from '#domain/messages';
import { ubicacion } from '#domain/reference-shapes';
import type { Db } from '#server/db/client';
import { comunidades, ermitas, regiones, socios } from '#server/db/schema';
import type { Capture } from '#domain/sync-protocol';
import { RuleError } from '#domain/rule-errors';
import { existingIds, isDbId } from './references.ts';
import { theRow } from '#server/db/conditions';

/** Rows changed after a row version, oldest change first (the delta pull's page). */
export interface VersionPage {
  afterVersion: number;
  limit: number;
}

/** A row of a replicated table with the row_version it was read at. */
export interface Versioned<T> {
  version: number;
  row: T;
}

/**
 * Communities matching `where` (every one without it) in the `Community` shape — by id, or,
 * with `page`, those changed after `page.afterVersion` by row version. THE one query and
 * mapping of a community: the list, the export, the writes' answers and the pull all use it.
 */
export async function loadCommunityRows(
  db: Db,
  where: SQL = sql`true`,
  page?: VersionPage,
): Promise<Versioned<Community>[]> {
  const query = db
    .select({
      version: comunidades.row_version,
      id: comunidades.id,
      nombre_de_comunidad: comunidades.nombre_de_comunidad,
      region: comunidades.region,
      nombre_region: regiones.nombre_de_region,
      ermita: comunidades.ermita,
      ermita_name: ermitas.nombre,
      inegiLocalidad: comunidades.inegi_localidad,
      lat: comunidades.lat,
      lng: comunidades.lng,
    })
    .from(comunidades)
    .innerJoin(regiones, eq(comunidades.region, regiones.id))
    .leftJoin(ermitas, eq(comunidades.ermita, ermitas.ermita_id));
  const rows = page
    ? await query
        .where(and(where, gt(comunidades.row_version, page.afterVersion)))
        .orderBy(asc(comunidades.row_version))
        .limit(page.limit)
    : await query.where(where).orderBy(asc(comunidades.id));
  return rows.map(({ version, lat, lng, ...r }) => ({
    version,
    row: { ...r, ubicacion: ubicacion(lat, lng) },
  }));
}

/** Communities matching `where` (every one without it), by id. */
export async function loadCommunities(db: Db, where: SQL = sql`true`): Promise<Community[]> {
  return (await loadCommunityRows(db, where)).map((r) => r.row);
}

async function checkReferences(tx: Db, values: CommunityValues): Promise<void> {
  const errors: Record<string, string[]> = {};
  if ((await existingIds(tx, regiones.id, [values.region])).size === 0)
    errors.region = [msg('server.members.referenceNotFound', { id: values.region })];
  if (
    values.ermita !== null &&
    (await existingIds(tx, ermitas.ermita_id, [values.ermita])).size === 0
  )
    errors.ermita = [msg('server.members.referenceNotFound', { id: values.ermita })];
  if (Object.keys(errors).length > 0) throw new RuleError(errors);
}

export async function createCommunity(
  tx: Db,
  values: CommunityValues,
  capture: Capture,
): Promise<Community> {
  await checkReferences(tx, values);
  const row = theRow(
    await tx
      .insert(comunidades)
      .values({
        nombre_de_comunidad: values.nombre_de_comunidad,
        region: values.region,
        ermita: values.ermita,
        capturado_en: capture.capturedAt,
        recibido_en: capture.receivedAt,
      })
      .returning({ id: comunidades.id }),
    'community insert',
  );
  return theRow(await loadCommunities(tx, eq(comunidades.id, row.id)), 'community read');
}

/** Change a community's name, region and hermitage; null when there is no such community. */
export async function updateCommunity(
  tx: Db,
  id: number,
  values: CommunityValues,
  capture: Capture,
): Promise<Community | null> {
  if (!isDbId(id)) return null;
  const [current] = await tx
    .select({ id: comunidades.id })
    .from(comunidades)
    .where(eq(comunidades.id, id))
    .for('update');
  if (!current) return null;
  await checkReferences(tx, values);
  await tx
    .update(comunidades)
    .set({
      nombre_de_comunidad: values.nombre_de_comunidad,
      region: values.region,
      ermita: values.ermita,
      capturado_en: capture.capturedAt,
      recibido_en: capture.receivedAt,
      updated_at: capture.receivedAt,
    })
    .where(eq(comunidades.id, id));
  // A member row (and its records) show the community's name and region: the trigger of
  // migration `sync-removal-triggers` touches them, and logs their departure from the region.
  return theRow(await loadCommunities(tx, eq(comunidades.id, id)), 'community read');
}

// ---------------------------------------------------------------- process map

const STATUS_COLUMN: Record<MemberAreaStatusField, PgColumn> = {
  estatus_cafe: socios.estatus_cafe,
  estatus_miel: socios.estatus_miel,
  estatus_yip: socios.estatus_yip,
  estatus_trabajador: socios.estatus_trabajador,
  estatus_comonSit: socios.estatus_comon_sit,
};

/** Members AC in `process`, counted per community (0 when the community has none). */
const activeIn = (process: Process) =>
  sql<number>`count(*) filter (where ${STATUS_COLUMN[PROCESS_STATUS_FIELD[process]]} = 'AC')`.mapWith(
    Number,
  );

export async function communityMemberCounts(db: Db): Promise<CommunityMemberCounts[]> {
  const [communities, counts] = await Promise.all([
    loadCommunities(db),
    db
      .select({
        comunidad: socios.comunidad,
        CF: activeIn('CF'),
        MI: activeIn('MI'),
        JA: activeIn('JA'),
        SL: activeIn('SL'),
      })
      .from(socios)
      .groupBy(socios.comunidad),
  ]);
  const byCommunity = new Map(counts.map(({ comunidad, ...n }) => [comunidad, n]));
  return communities.map((c) => memberCountsRow(c, byCommunity.get(c.id)));
}
