/**
 * The places and members the maps, the home map and the member evaluation read from the
 * replica (regions and zones with their polygons, communities, the members behind the process
 * counts), typed (#db/replica-rows). Kept apart from the places and members modules of the
 * catalogue screens until those settle; the reads are the same.
 */
import type { Community, Region, Zone } from '#domain/entities';
import { getDb } from '#db/database';
import type { RecordKey, RegionRow, SocioRow } from '#db/replica-rows';
import { keptRead } from './kept-reads.ts';

const byId = <T extends { id: number }>(a: T, b: T) => a.id - b.id;

/** The rows the server has numbered (one captured here and not sent yet has a UUID key). */
export function numbered<T extends { id: RecordKey }>(rows: readonly T[]): (T & { id: number })[] {
  return rows.filter((row): row is T & { id: number } => typeof row.id === 'number');
}

/**
 * Every region, by id; kept between screens until the table changes (./kept-reads.ts): their
 * polygons are large, and the home and the maps read them on every visit.
 */
export const regionsById: () => Promise<RegionRow[]> = keptRead(['regiones'], async () =>
  (await getDb().regiones.toArray()).sort(byId),
);

/** Every zone, by id; kept like the regions. */
export const zonesById: () => Promise<Zone[]> = keptRead(['zonas'], async () =>
  (await getDb().zonas.toArray()).sort(byId),
);

/** The communities the server knows (one created here and not sent yet is left out). */
export async function numberedCommunities(): Promise<Community[]> {
  return numbered(await getDb().comunidades.toArray());
}

/** Every member of the replica (those captured here and not sent yet included). */
export function allMembers(): Promise<SocioRow[]> {
  return getDb().socios.toArray();
}

export interface Geography {
  regions: Region[];
  zones: Zone[];
  communities: Community[];
}

/** Regions and zones by id, and the numbered communities, read together. */
export async function geography(): Promise<Geography> {
  const [regions, zones, communities] = await Promise.all([
    regionsById(),
    zonesById(),
    numberedCommunities(),
  ]);
  return { regions, zones, communities };
}
