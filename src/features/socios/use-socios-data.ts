/**
 * What the members screen reads, live from the replica (works offline) through #db/reads: the
 * members, the reference lists the form and the labels need, and which records still wait for
 * the server. Three separate live queries, so a sync that only touches the outbox does not
 * reread 6,000 members.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { currentDbUserId } from '#db/database';
import { keptRead } from '#db/reads/kept-reads';
import { allMembers } from '#db/reads/members';
import { NO_REFERENCE_LISTS, referenceLists } from '#db/reads/places';
import { NO_PENDING_RECORDS, pendingRecords, type PendingRecords } from '#sync/pending-records';

/** Record ids (client UUID or `socio-<key>`) whose mutations are not done, by state. */
export type { PendingRecords };

export function loadPendingRecords(): Promise<PendingRecords> {
  return pendingRecords('socio.');
}

/** The members, kept between visits until the table changes (shared: not mutated). */
export const keptMembers = keptRead(['socios'], allMembers);

export function useSociosData() {
  // The open user database is the dependency: another user's replica is another query.
  const userId = currentDbUserId();
  const records = useLiveQuery(async () => (userId === null ? [] : keptMembers()), [userId]);
  const references = useLiveQuery(
    async () => (userId === null ? NO_REFERENCE_LISTS : referenceLists()),
    [userId],
  );
  const pending = useLiveQuery(
    async () => (userId === null ? NO_PENDING_RECORDS : loadPendingRecords()),
    [userId],
  );
  return {
    records,
    references: references ?? NO_REFERENCE_LISTS,
    pending: pending ?? NO_PENDING_RECORDS,
  };
}
