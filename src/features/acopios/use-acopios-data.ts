/**
 * What the collections screens read, live from the replica (works offline): the collections
 * (newest first), the regions and communities of the filter block, the members a form may name,
 * and which collections still wait for the server. Separate live queries, so a sync that only
 * touches the outbox does not reread thousands of collections.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import {
  deliveryMembersOf,
  type DeliveryMember,
  type StoredDeliveryMember,
} from '#domain/delivery-member';
import type { Community, Region } from '#domain/entities';
import { currentDbUserId, getDb } from '#db/database';
import { NO_PENDING_RECORDS, pendingRecords, type PendingRecords } from '#sync/pending-records';
import type { AcopioRecord } from './acopio-record.ts';

/** Record ids (client UUIDs) of collections whose create is not done, by state. */
export type PendingAcopios = PendingRecords;

/** A member a collection may name: key, names and the statuses that decide its processes. */
export type AcopioMember = DeliveryMember;

/** Members the server has numbered (a collection names a member by its key). */
export async function loadAcopioMembers(): Promise<AcopioMember[]> {
  return deliveryMembersOf((await getDb().socios.toArray()) as unknown as StoredDeliveryMember[]);
}

/** Newest first, like GET /acopios.json; local ones (not numbered yet) on top. */
export function sortAcopios(records: AcopioRecord[]): AcopioRecord[] {
  return records.sort((a, b) => {
    const localA = typeof a.id !== 'number';
    const localB = typeof b.id !== 'number';
    if (localA !== localB) return localA ? -1 : 1;
    if (a.fecha !== b.fecha) return a.fecha < b.fecha ? 1 : -1;
    if (localA) return 0;
    return (b.id as number) - (a.id as number);
  });
}

export function loadPendingAcopios(): Promise<PendingAcopios> {
  return pendingRecords('acopio.');
}

export function useAcopioRecords() {
  const userId = currentDbUserId();
  return useLiveQuery(
    async () =>
      userId === null
        ? []
        : sortAcopios((await getDb().acopios.toArray()) as unknown as AcopioRecord[]),
    [userId],
  );
}

export function usePendingAcopios(): PendingAcopios {
  const userId = currentDbUserId();
  return (
    useLiveQuery(() => (userId === null ? NO_PENDING_RECORDS : loadPendingAcopios()), [userId]) ??
    NO_PENDING_RECORDS
  );
}

export interface Places {
  regiones: Region[];
  comunidades: Community[];
}

const NO_PLACES: Places = { regiones: [], comunidades: [] };

export function usePlaces(): Places {
  const userId = currentDbUserId();
  return (
    useLiveQuery(async () => {
      if (userId === null) return NO_PLACES;
      const db = getDb();
      const [regiones, comunidades] = await Promise.all([
        db.regiones.toArray() as unknown as Promise<Region[]>,
        db.comunidades.toArray() as unknown as Promise<Community[]>,
      ]);
      return { regiones, comunidades };
    }, [userId]) ?? NO_PLACES
  );
}

export function useAcopioMembers(): AcopioMember[] | undefined {
  const userId = currentDbUserId();
  return useLiveQuery(() => (userId === null ? [] : loadAcopioMembers()), [userId]);
}
