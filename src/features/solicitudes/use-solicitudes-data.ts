/**
 * What the request screens read, live from the replica (works offline): the requests (the
 * pull already scoped them: a promoter has only its own), the members the form may name, and
 * which requests still wait for the server. Separate live queries, so a sync that only touches
 * the outbox does not reread thousands of members.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import {
  PROCESSES,
  PROCESS_STATUS_FIELD,
  type MemberAreaStatusField,
  type MemberStatus,
  type Process,
} from '#domain/codes';
import { currentDbUserId, getDb } from '#db/database';
import { NO_PENDING_RECORDS, pendingRecords, type PendingRecords } from '#sync/pending-records';
import type { MemberOption } from '#ui/member-picker.tsx';
import type { SolicitudRecord } from './solicitud-record.ts';

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
export function recordIdOf(record: SolicitudRecord): string {
  return (
    record._localId ??
    (typeof record.folio_solicitud === 'number'
      ? `solicitud-${record.folio_solicitud}`
      : record.folio_solicitud)
  );
}

export function isPending(record: SolicitudRecord, pending: PendingSolicitudes): boolean {
  const id = recordIdOf(record);
  return pending.waiting.has(id) || pending.attention.has(id);
}

export function loadPendingSolicitudes(): Promise<PendingSolicitudes> {
  return pendingRecords('solicitud.');
}

type StoredMember = Record<MemberAreaStatusField, MemberStatus> & {
  clave_socio: number | string;
  full_name: string;
  nombre_comunidad: string;
  comunidad: number;
  region: number;
  nombre_region: string;
};

/** Members the server knows (a member still waiting for its key cannot be named yet). */
export async function loadSolicitudMembers(): Promise<SolicitudMember[]> {
  const rows = (await getDb().socios.toArray()) as unknown as StoredMember[];
  const members: SolicitudMember[] = [];
  for (const row of rows) {
    if (typeof row.clave_socio !== 'number') continue;
    const statuses = Object.fromEntries(
      PROCESSES.map((p) => [p, row[PROCESS_STATUS_FIELD[p]]]),
    ) as Record<Process, MemberStatus>;
    members.push({
      clave_socio: row.clave_socio,
      full_name: row.full_name,
      nombre_comunidad: row.nombre_comunidad,
      comunidad: row.comunidad,
      region: row.region,
      nombre_region: row.nombre_region,
      statuses,
    });
  }
  return members;
}

export function useSolicitudRecords(): SolicitudRecord[] | undefined {
  // The open user database is the dependency: another user's replica is another query.
  const userId = currentDbUserId();
  return useLiveQuery(
    async () =>
      userId === null
        ? NONE
        : ((await getDb().solicitudes.toArray()) as unknown as SolicitudRecord[]),
    [userId],
  );
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
