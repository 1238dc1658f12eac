/**
 * What the request screens read, live from the replica (works offline): the requests (the
 * pull already scoped them: a promoter has only its own), the members the form may name, and
 * which requests still wait for the server. Separate live queries, so a sync that only touches
 * the outbox does not reread thousands of members.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { MemberStatus, Process } from '#domain/codes';
import { deliveryMembersOf } from '#domain/delivery-member';
import { currentDbUserId } from '#db/database';
import { allRequests, requestMembers } from '#db/reads/requests';
import type { SolicitudRow } from '#db/replica-rows';
import { NO_PENDING_RECORDS, pendingRecords, type PendingRecords } from '#sync/pending-records';
import type { MemberOption } from '#components/member-picker.tsx';

/** A member as the request form needs it: key, names, place and status per process. */
export interface SolicitudMember extends MemberOption {
  nombre_comunidad: string;
  comunidad: number;
  region: number;
  nombre_region: string;
  statuses: Record<Process, MemberStatus>;
}

/** Record ids (client UUID or `solicitud-<folio>`) whose writes are not done, by state. */
export type PendingSolicitudes = PendingRecords;

const NONE: never[] = [];

/** The id under which a record's writes are queued. */
export function recordIdOf(record: SolicitudRow): string {
  return (
    record._localId ??
    (typeof record.folio_solicitud === 'number'
      ? `solicitud-${record.folio_solicitud}`
      : record.folio_solicitud)
  );
}

export function isPending(record: SolicitudRow, pending: PendingSolicitudes): boolean {
  const id = recordIdOf(record);
  return pending.waiting.has(id) || pending.attention.has(id);
}

export function loadPendingSolicitudes(): Promise<PendingSolicitudes> {
  return pendingRecords('solicitud.');
}

/**
 * Members the server knows (a member still waiting for its key cannot be named yet), with
 * their place and status per process: the same reading as the delivery forms'.
 */
export async function loadSolicitudMembers(): Promise<SolicitudMember[]> {
  return deliveryMembersOf(await requestMembers());
}

export function useSolicitudRecords(): SolicitudRow[] | undefined {
  // The open user database is the dependency: another user's replica is another query.
  const userId = currentDbUserId();
  return useLiveQuery(async () => (userId === null ? NONE : allRequests()), [userId]);
}

export function usePendingSolicitudes(): PendingSolicitudes {
  const userId = currentDbUserId();
  const pending = useLiveQuery(
    () => (userId === null ? NO_PENDING_RECORDS : loadPendingSolicitudes()),
    [userId],
  );
  return pending ?? NO_PENDING_RECORDS;
}

export function useSolicitudMembers(): SolicitudMember[] | undefined {
  const userId = currentDbUserId();
  return useLiveQuery(() => (userId === null ? NONE : loadSolicitudMembers()), [userId]);
}
