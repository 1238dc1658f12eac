/** Hermitages (ermitas, spec part 1 §3, BUSINESS_RULES §12) in the `Hermitage` shape. */
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Hermitage } from '#domain/entities';
import type { Db } from '#server/db/client';
import { ermitas, interzonas, localidades, municipios, zonas } from '#server/db/schema';
import { ubicacion } from '#server/routes/schemas';
import { isDbId } from './references.ts';

/** Column order of the hermitage list (and the spreadsheet's header row). */
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

/** Hermitages matching `where` (every one without it), by id. */
export async function loadHermitages(db: Db, where: SQL = sql`true`): Promise<Hermitage[]> {
  const rows = await db
    .select({
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
    .leftJoin(localidades, eq(ermitas.localidad, localidades.id))
    .where(where)
    .orderBy(asc(ermitas.ermita_id));
  return rows.map(({ lat, lng, ...r }) => ({
    ...r,
    zona: r.zona ?? '',
    interzona: r.interzona ?? '',
    municipio: r.municipio ?? '',
    localidad: r.localidad ?? '',
    ubicacion: ubicacion(lat, lng),
  }));
}

export async function findHermitage(db: Db, id: number): Promise<Hermitage | null> {
  if (!isDbId(id)) return null;
  const [hermitage] = await loadHermitages(db, eq(ermitas.ermita_id, id));
  return hermitage ?? null;
}
