/**
 * The replica's communities, hermitages and regions for /tsumbalil, read live (they work
 * offline), with each community's sync state from the outbox.
 */
import { useMemo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { Hermitage, Region } from '#domain/entities';
import { getDb } from '#db/database';
import { ATTENTION_STATUSES, type OutboxRow } from '#sync/types';
import { COMUNIDAD_KINDS, communityRecordId } from '#commands/comunidades';
import type { CommunityRow } from '#db/replica-rows';
import type { CommunityTableRow } from './tsumbalil-columns.tsx';

const NONE: never[] = [];

function byName<T>(name: (item: T) => string) {
  return (a: T, b: T) => name(a).localeCompare(name(b), 'es');
}

export interface TsumbalilData {
  /** Undefined while the replica is being read. */
  communities: CommunityTableRow[] | undefined;
  hermitages: Hermitage[] | undefined;
  regions: Region[];
}

export function useTsumbalilData(): TsumbalilData {
  const communities = useLiveQuery(
    async () => (await getDb().comunidades.toArray()) as unknown as CommunityRow[],
    [],
  );
  const hermitages = useLiveQuery(
    async () => (await getDb().ermitas.toArray()) as unknown as Hermitage[],
    [],
  );
  const regions = useLiveQuery(
    async () =>
      ((await getDb().regiones.toArray()) as unknown as Region[]).sort(
        byName((r) => r.nombre_de_region),
      ),
    [],
  );
  const queued = useLiveQuery(
    async (): Promise<OutboxRow[]> =>
      (
        await getDb()
          .outbox.where('kind')
          .anyOf([...COMUNIDAD_KINDS])
          .toArray()
      ).filter((row) => row.status !== 'done'),
    [],
  );

  const rows = useMemo(() => {
    if (!communities) return undefined;
    const waiting = new Set<string>();
    const attention = new Set<string>();
    for (const row of queued ?? NONE) {
      (ATTENTION_STATUSES.includes(row.status) ? attention : waiting).add(row.recordId);
    }
    return communities.map((c): CommunityTableRow => {
      const recordId = communityRecordId(c.id);
      return { ...c, pending: waiting.has(recordId), attention: attention.has(recordId) };
    });
  }, [communities, queued]);

  return { communities: rows, hermitages, regions: regions ?? NONE };
}
