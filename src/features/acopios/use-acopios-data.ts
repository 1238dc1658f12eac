/**
 * What the collections screens read, live from the replica (works offline): the collections
 * (newest first), the regions and communities of the filter block, the members a form may name,
 * and which collections still wait for the server. Separate live queries, so a sync that only
 * touches the outbox does not reread thousands of collections.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { MemberStatus, Process } from '#domain/codes';
import type { Community, Region } from '#domain/entities';
import { currentDbUserId, getDb } from '#db/database';
import { notDoneRows } from '#sync/outbox-rules';
import { ATTENTION_STATUSES } from '#sync/types';
import type { AcopioRecord } from './acopio-record.ts';

/** Record ids (client UUIDs) of collections whose create is not done, by state. */
export interface PendingAcopios {
  waiting: ReadonlySet<string>;
  attention: ReadonlySet<string>;
}

const NO_PENDING: PendingAcopios = { waiting: new Set(), attention: new Set() };

/** A member a collection may name: key, names and the statuses that decide its processes. */
export interface AcopioMember {
  clave_socio: number;
  full_name: string;
  nombre_comunidad: string;
  comunidad: number;
  region: number;
  nombre_region: string;
  statuses: Record<Process, MemberStatus>;
}

interface StoredMember {
  clave_socio: number | string;
  full_name?: string;
  nombre_comunidad?: string;
  comunidad: number;
  region: number;
  nombre_region?: string;
  estatus_cafe: MemberStatus;
  estatus_miel: MemberStatus;
  estatus_yip: MemberStatus;
  estatus_trabajador: MemberStatus;
}

/** Members the server has numbered (a collection names a member by its key). */
export async function loadAcopioMembers(): Promise<AcopioMember[]> {
  const rows = (await getDb().socios.toArray()) as unknown as StoredMember[];
  const members: AcopioMember[] = [];
  for (const m of rows) {
    if (typeof m.clave_socio !== 'number') continue;
    members.push({
      clave_socio: m.clave_socio,
      full_name: m.full_name ?? '',
      nombre_comunidad: m.nombre_comunidad ?? '',
      comunidad: m.comunidad,
      region: m.region,
      nombre_region: m.nombre_region ?? '',
      statuses: {
        CF: m.estatus_cafe,
        MI: m.estatus_miel,
        JA: m.estatus_yip,
        SL: m.estatus_trabajador,
      },
    });
  }
  return members;
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

export async function loadPendingAcopios(): Promise<PendingAcopios> {
  const rows = await notDoneRows(getDb());
  const waiting = new Set<string>();
  const attention = new Set<string>();
  for (const row of rows) {
    if (!row.kind.startsWith('acopio.')) continue;
    (ATTENTION_STATUSES.includes(row.status) ? attention : waiting).add(row.recordId);
  }
  return { waiting, attention };
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
    useLiveQuery(() => (userId === null ? NO_PENDING : loadPendingAcopios()), [userId]) ??
    NO_PENDING
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
