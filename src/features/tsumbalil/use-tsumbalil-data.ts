/**
 * The replica's communities, hermitages and regions for /tsumbalil, read live (they work
 * offline) through #db/reads/places, with each community's sync state from the outbox.
 */
import { useMemo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { communityRecordId } from '#commands/comunidades';
import { allCommunities, allHermitages, allRegions } from '#db/reads/places';
import type { HermitageRow, RegionRow } from '#db/replica-rows';
import { NO_PENDING_RECORDS, pendingRecords } from '#sync/pending-records';
import type { CommunityTableRow } from './tsumbalil-columns.tsx';

const NONE: never[] = [];

function byName<T>(name: (item: T) => string) {
  return (a: T, b: T) => name(a).localeCompare(name(b), 'es');
}

export interface TsumbalilData {
  /** Undefined while the replica is being read. */
  communities: CommunityTableRow[] | undefined;
  hermitages: HermitageRow[] | undefined;
  regions: RegionRow[];
}

async function regionsByName(): Promise<RegionRow[]> {
  return (await allRegions()).sort(byName((r) => r.nombre_de_region));
}

export function useTsumbalilData(): TsumbalilData {
  const communities = useLiveQuery(allCommunities, []);
  const hermitages = useLiveQuery(allHermitages, []);
  const regions = useLiveQuery(regionsByName, []);
  // Saves of a community not done yet: on their way, or needing a person.
  const pending = useLiveQuery(() => pendingRecords('comunidad.'), []) ?? NO_PENDING_RECORDS;

  const rows = useMemo(() => {
    if (!communities) return undefined;
    return communities.map((c): CommunityTableRow => {
      const recordId = communityRecordId(c.id);
      return {
        ...c,
        pending: pending.waiting.has(recordId),
        attention: pending.attention.has(recordId),
      };
    });
  }, [communities, pending]);

  return { communities: rows, hermitages, regions: regions ?? NONE };
}
