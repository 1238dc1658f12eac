/**
 * What the contribution/withdrawal screens read, live from the replica (works offline): the
 * movements (newest first), the members they may name (statuses, company and source for the
 * group filters), the reference lists of the group filters, and which records still wait for
 * the server.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { MemberStatus, Process } from '#domain/codes';
import type { Community, Empresa, Fuente, Region } from '#domain/entities';
import { currentDbUserId, getDb } from '#db/database';
import { notDoneRows } from '#sync/outbox-rules';
import { ATTENTION_STATUSES } from '#sync/types';
import type { MovimientoRecord } from './movimiento-record.ts';

export interface PendingMovimientos {
  /** Record ids (client UUIDs or `movimiento-<id>`) whose mutations are not done, by state. */
  waiting: ReadonlySet<string>;
  attention: ReadonlySet<string>;
}

const NO_PENDING: PendingMovimientos = { waiting: new Set(), attention: new Set() };

export interface MovimientoMember {
  clave_socio: number;
  full_name: string;
  nombre_comunidad: string;
  comunidad: number;
  region: number;
  nombre_region: string;
  empresa: number | null;
  fuente: number | null;
  statuses: Record<Process, MemberStatus>;
}

interface StoredMember {
  clave_socio: number | string;
  full_name?: string;
  nombre_comunidad?: string;
  comunidad: number;
  region: number;
  nombre_region?: string;
  empresa?: number | null;
  fuente?: number | null;
  estatus_cafe: MemberStatus;
  estatus_miel: MemberStatus;
  estatus_yip: MemberStatus;
  estatus_trabajador: MemberStatus;
}

export async function loadMovimientoMembers(): Promise<MovimientoMember[]> {
  const rows = (await getDb().socios.toArray()) as unknown as StoredMember[];
  const members: MovimientoMember[] = [];
  for (const m of rows) {
    if (typeof m.clave_socio !== 'number') continue;
    members.push({
      clave_socio: m.clave_socio,
      full_name: m.full_name ?? '',
      nombre_comunidad: m.nombre_comunidad ?? '',
      comunidad: m.comunidad,
      region: m.region,
      nombre_region: m.nombre_region ?? '',
      empresa: m.empresa ?? null,
      fuente: m.fuente ?? null,
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

/** Newest delivery first, like GET /movimientos/; local ones (not numbered yet) on top. */
export function sortMovimientos(records: MovimientoRecord[]): MovimientoRecord[] {
  return records.sort((a, b) => {
    const localA = typeof a.id !== 'number';
    const localB = typeof b.id !== 'number';
    if (localA !== localB) return localA ? -1 : 1;
    if (a.fecha_entrega !== b.fecha_entrega) return a.fecha_entrega < b.fecha_entrega ? 1 : -1;
    if (localA) return 0;
    return (b.id as number) - (a.id as number);
  });
}

export async function loadPendingMovimientos(): Promise<PendingMovimientos> {
  const rows = await notDoneRows(getDb());
  const waiting = new Set<string>();
  const attention = new Set<string>();
  for (const row of rows) {
    if (!row.kind.startsWith('movimiento.')) continue;
    (ATTENTION_STATUSES.includes(row.status) ? attention : waiting).add(row.recordId);
  }
  return { waiting, attention };
}

export function useMovimientoRecords(): MovimientoRecord[] | undefined {
  const userId = currentDbUserId();
  return useLiveQuery(
    async () =>
      userId === null
        ? []
        : sortMovimientos((await getDb().movimientos.toArray()) as unknown as MovimientoRecord[]),
    [userId],
  );
}

export function usePendingMovimientos(): PendingMovimientos {
  const userId = currentDbUserId();
  return (
    useLiveQuery(() => (userId === null ? NO_PENDING : loadPendingMovimientos()), [userId]) ??
    NO_PENDING
  );
}

export function useMovimientoMembers(): MovimientoMember[] | undefined {
  const userId = currentDbUserId();
  return useLiveQuery(() => (userId === null ? [] : loadMovimientoMembers()), [userId]);
}

export interface GroupReferences {
  regiones: Region[];
  comunidades: Community[];
  empresas: Empresa[];
  fuentes: Fuente[];
}

const NO_REFERENCES: GroupReferences = { regiones: [], comunidades: [], empresas: [], fuentes: [] };

export function useGroupReferences(): GroupReferences {
  const userId = currentDbUserId();
  return (
    useLiveQuery(async () => {
      if (userId === null) return NO_REFERENCES;
      const db = getDb();
      const [regiones, comunidades, empresas, fuentes] = await Promise.all([
        db.regiones.toArray(),
        db.comunidades.toArray(),
        db.empresas.toArray(),
        db.fuentes.toArray(),
      ]);
      return {
        regiones: regiones as unknown as Region[],
        comunidades: comunidades as unknown as Community[],
        empresas: empresas as unknown as Empresa[],
        fuentes: fuentes as unknown as Fuente[],
      };
    }, [userId]) ?? NO_REFERENCES
  );
}
