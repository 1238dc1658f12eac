/**
 * Regions (with their polygons) and zones in the shapes of `#domain/entities` — THE one query
 * and mapping of each, used by the list routes and by the delta pull (`page`).
 */
import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Region, Zone } from '#domain/entities';
import type { Db } from '#server/db/client';
import { interzonas, regiones, zonas } from '#server/db/schema';
import type { VersionPage, Versioned } from './communities.ts';

export async function loadRegionRows(
  db: Db,
  where: SQL = sql`true`,
  page?: VersionPage,
): Promise<Versioned<Region>[]> {
  const query = db
    .select({
      version: regiones.row_version,
      id: regiones.id,
      nombre_de_region: regiones.nombre_de_region,
      poly: regiones.poly,
    })
    .from(regiones);
  const rows = page
    ? await query
        .where(and(where, gt(regiones.row_version, page.afterVersion)))
        .orderBy(asc(regiones.row_version))
        .limit(page.limit)
    : await query.where(where).orderBy(asc(regiones.id));
  return rows.map(({ version, ...row }) => ({ version, row }));
}

export async function loadZoneRows(
  db: Db,
  where: SQL = sql`true`,
  page?: VersionPage,
): Promise<Versioned<Zone>[]> {
  const query = db
    .select({
      version: zonas.row_version,
      id: zonas.id,
      zona_id: zonas.zona_id,
      nombre: zonas.nombre,
      interzona: interzonas.nombre,
      poly: zonas.poly,
      poly_encuesta: zonas.poly_encuesta,
    })
    .from(zonas)
    .leftJoin(interzonas, eq(zonas.interzona, interzonas.id));
  const rows = page
    ? await query
        .where(and(where, gt(zonas.row_version, page.afterVersion)))
        .orderBy(asc(zonas.row_version))
        .limit(page.limit)
    : await query.where(where).orderBy(asc(zonas.zona_id));
  return rows.map(({ version, ...r }) => ({
    version,
    row: { ...r, interzona: r.interzona ?? '' },
  }));
}
