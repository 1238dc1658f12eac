/** Hermitages (ermitas, docs/business-rules.md#other-areas) in the `Hermitage` shape. */
import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Hermitage } from '#domain/entities';
import { ubicacion } from '#domain/reference-shapes';
import type { Db } from '#server/db/client';
import { ermitas, interzonas, localidades, municipios, zonas } from '#server/db/schema';
import type { VersionPage, Versioned } from './communities.ts';
import { isDbId } from './references.ts';

/**
 * Hermitages matching `where` (every one without it) in the `Hermitage` shape — by id, or,
 * with `page`, those changed after `page.afterVersion` by row version (the delta pull).
 */
export async function loadHermitageRows(
  db: Db,
  where: SQL = sql`true`,
  page?: VersionPage,
): Promise<Versioned<Hermitage>[]> {
  const query = db
    .select({
      version: ermitas.row_version,
      ermita_id: ermitas.ermita_id,
      nombre: ermitas.nombre,
      zona: zonas.nombre,
      interzona: interzonas.nombre,
      municipio: municipios.nombre,
      localidad: localidades.nombre,
      localidad_nota: ermitas.localidad_nota,
      lat: ermitas.lat,
      lng: ermitas.lng,
    })
    .from(ermitas)
    .leftJoin(zonas, eq(ermitas.zona, zonas.id))
    .leftJoin(interzonas, eq(ermitas.interzona, interzonas.id))
    .leftJoin(municipios, eq(ermitas.municipio, municipios.id))
    .leftJoin(localidades, eq(ermitas.localidad, localidades.id));
  const rows = page
    ? await query
        .where(and(where, gt(ermitas.row_version, page.afterVersion)))
        .orderBy(asc(ermitas.row_version))
        .limit(page.limit)
    : await query.where(where).orderBy(asc(ermitas.ermita_id));
  return rows.map(({ version, lat, lng, ...r }) => ({
    version,
    row: {
      ...r,
      zona: r.zona ?? '',
      interzona: r.interzona ?? '',
      municipio: r.municipio ?? '',
      localidad: r.localidad ?? '',
      ubicacion: ubicacion(lat, lng),
    },
  }));
}

/** Hermitages matching `where` (every one without it), by id. */
export async function loadHermitages(db: Db, where: SQL = sql`true`): Promise<Hermitage[]> {
  return (await loadHermitageRows(db, where)).map((r) => r.row);
}

export async function findHermitage(db: Db, id: number): Promise<Hermitage | null> {
  if (!isDbId(id)) return null;
  const [hermitage] = await loadHermitages(db, eq(ermitas.ermita_id, id));
  return hermitage ?? null;
}
