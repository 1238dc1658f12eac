/**
 * What the contribution/withdrawal screens read, live from the replica (works offline): the
 * movements (newest first), the members they may name (statuses, company and source for the
 * group filters), the reference lists of the group filters, and which records still wait for
 * the server.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import {
  deliveryMembersOf,
  type DeliveryMember,
  type StoredDeliveryMember,
} from '#domain/delivery-member';
import type { Community, Empresa, Fuente, Region } from '#domain/entities';
import { currentDbUserId, getDb } from '#db/database';
import { NO_PENDING_RECORDS, pendingRecords, type PendingRecords } from '#sync/pending-records';
import type { MovimientoRecord } from './movimiento-record.ts';

/** Record ids (client UUIDs or `movimiento-<id>`) whose mutations are not done, by state. */
export type PendingMovimientos = PendingRecords;

export type MovimientoMember = DeliveryMember;

export async function loadMovimientoMembers(): Promise<MovimientoMember[]> {
  return deliveryMembersOf((await getDb().socios.toArray()) as unknown as StoredDeliveryMember[]);
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

export function loadPendingMovimientos(): Promise<PendingMovimientos> {
  return pendingRecords('movimiento.');
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
    useLiveQuery(
      () => (userId === null ? NO_PENDING_RECORDS : loadPendingMovimientos()),
      [userId],
    ) ?? NO_PENDING_RECORDS
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
