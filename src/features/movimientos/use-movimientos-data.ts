/**
 * What the contribution/withdrawal screens read, live from the replica (works offline) through
 * #db/reads/deliveries: the movements (newest first), the members they may name (statuses,
 * company and source for the group filters), the reference lists of the group filters, and
 * which records still wait for the server.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { DeliveryMember } from '#domain/delivery-member';
import { currentDbUserId } from '#db/database';
import {
  allMovimientos,
  deliveryMembers,
  groupReferences,
  type GroupReferences,
} from '#db/reads/deliveries';
import { notCountedRecords } from '#db/reads/counted';
import { keptRead } from '#db/reads/kept-reads';
import type { MovimientoRow } from '#db/replica-rows';
import { NO_PENDING_RECORDS, pendingRecords, type PendingRecords } from '#sync/pending-records';

export type { GroupReferences };

/** Record ids (client UUIDs or `movimiento-<id>`) whose mutations are not done, by state. */
export type PendingMovimientos = PendingRecords;

export type MovimientoMember = DeliveryMember;

/** Newest delivery first, like GET /movimientos/; local ones (not numbered yet) on top. */
export function sortMovimientos(records: MovimientoRow[]): MovimientoRow[] {
  return records.sort((a, b) => {
    const localA = typeof a.id !== 'number';
    const localB = typeof b.id !== 'number';
    if (localA !== localB) return localA ? -1 : 1;
    if (a.fecha_entrega !== b.fecha_entrega) return a.fecha_entrega < b.fecha_entrega ? 1 : -1;
    return typeof a.id === 'number' && typeof b.id === 'number' ? b.id - a.id : 0;
  });
}

export function loadPendingMovimientos(): Promise<PendingMovimientos> {
  return pendingRecords('movimiento.');
}

/** The sorted movements, kept between visits until the table changes (shared: not mutated). */
export const sortedMovimientos = keptRead(['movimientos'], async () =>
  sortMovimientos(await allMovimientos()),
);

export function useMovimientoRecords(): MovimientoRow[] | undefined {
  const userId = currentDbUserId();
  return useLiveQuery(async () => (userId === null ? [] : sortedMovimientos()), [userId]);
}

const NOTHING_LEFT_OUT: ReadonlySet<string> = new Set();

/** Record ids of the captures that do not count in a balance (refused, blocked…). */
export function useNotCountedMovimientos(): ReadonlySet<string> {
  const userId = currentDbUserId();
  return (
    useLiveQuery(
      () => (userId === null ? NOTHING_LEFT_OUT : notCountedRecords('movimiento')),
      [userId],
    ) ?? NOTHING_LEFT_OUT
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
  return useLiveQuery(() => (userId === null ? [] : deliveryMembers()), [userId]);
}

const NO_REFERENCES: GroupReferences = { regiones: [], comunidades: [], empresas: [], fuentes: [] };

export function useGroupReferences(): GroupReferences {
  const userId = currentDbUserId();
  return (
    useLiveQuery(() => (userId === null ? NO_REFERENCES : groupReferences()), [userId]) ??
    NO_REFERENCES
  );
}
