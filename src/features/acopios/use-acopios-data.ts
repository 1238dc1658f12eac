/**
 * What the collections screens read, live from the replica (works offline) through
 * #db/reads/deliveries: the collections (newest first), the regions and communities of the
 * filter block, the members a form may name, and which collections still wait for the server.
 * Separate live queries, so a sync that only touches the outbox does not reread thousands of
 * collections.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { DeliveryMember } from '#domain/delivery-member';
import { currentDbUserId } from '#db/database';
import {
  allAcopios,
  deliveryMembers,
  deliveryPlaces,
  type DeliveryPlaces,
} from '#db/reads/deliveries';
import { keptRead } from '#db/reads/kept-reads';
import type { AcopioRow } from '#db/replica-rows';
import { NO_PENDING_RECORDS, pendingRecords, type PendingRecords } from '#sync/pending-records';

/** Record ids (client UUIDs) of collections whose create is not done, by state. */
export type PendingAcopios = PendingRecords;

/** A member a collection may name: key, names and the statuses that decide its processes. */
export type AcopioMember = DeliveryMember;

/** Newest first, like GET /acopios.json; local ones (not numbered yet) on top. */
export function sortAcopios(records: AcopioRow[]): AcopioRow[] {
  return records.sort((a, b) => {
    const localA = typeof a.id !== 'number';
    const localB = typeof b.id !== 'number';
    if (localA !== localB) return localA ? -1 : 1;
    if (a.fecha !== b.fecha) return a.fecha < b.fecha ? 1 : -1;
    return typeof a.id === 'number' && typeof b.id === 'number' ? b.id - a.id : 0;
  });
}

export function loadPendingAcopios(): Promise<PendingAcopios> {
  return pendingRecords('acopio.');
}

/** The sorted collections, kept between visits until the table changes (shared: not mutated). */
export const sortedAcopios = keptRead(['acopios'], async () => sortAcopios(await allAcopios()));

export function useAcopioRecords(): AcopioRow[] | undefined {
  const userId = currentDbUserId();
  return useLiveQuery(async () => (userId === null ? [] : sortedAcopios()), [userId]);
}

export function usePendingAcopios(): PendingAcopios {
  const userId = currentDbUserId();
  return (
    useLiveQuery(() => (userId === null ? NO_PENDING_RECORDS : loadPendingAcopios()), [userId]) ??
    NO_PENDING_RECORDS
  );
}

const NO_PLACES: DeliveryPlaces = { regiones: [], comunidades: [] };

export function usePlaces(): DeliveryPlaces {
  const userId = currentDbUserId();
  return (
    useLiveQuery(() => (userId === null ? NO_PLACES : deliveryPlaces()), [userId]) ?? NO_PLACES
  );
}

export function useAcopioMembers(): AcopioMember[] | undefined {
  const userId = currentDbUserId();
  return useLiveQuery(() => (userId === null ? [] : deliveryMembers()), [userId]);
}
