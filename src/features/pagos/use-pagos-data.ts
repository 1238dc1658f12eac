/**
 * What the payments screens read, live from the replica (works offline): the payments (newest
 * payment date first, like GET /pagos.json, captures not yet sent on top of their day) and
 * which records still wait for the server. Separate live queries, so a sync that only touches
 * the outbox does not reread every payment.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { compareIsoDates } from '#domain/dates';
import { paymentOrder } from '#domain/credit-replica';
import { currentDbUserId } from '#db/database';
import { allPayments } from '#db/reads/credits';
import { NO_PENDING_RECORDS, pendingRecords, type PendingRecords } from '#sync/pending-records';
import type { PagoRow as PagoRecord } from '#db/replica-rows';

export type { PendingRecords };

/** Newest payment date first; within a day the latest recorded first. */
export function newestFirst(records: readonly PagoRecord[]): PagoRecord[] {
  return [...records].sort(
    (a, b) => compareIsoDates(b.fecha_pago, a.fecha_pago) || paymentOrder(b) - paymentOrder(a),
  );
}

export async function loadPagos(): Promise<PagoRecord[]> {
  return newestFirst(await allPayments());
}

export function loadPendingPagos(): Promise<PendingRecords> {
  return pendingRecords('pago.');
}

export function usePagosData() {
  // The open user database is the dependency: another user's replica is another query.
  const userId = currentDbUserId();
  const records = useLiveQuery(async () => (userId === null ? [] : loadPagos()), [userId]);
  const pending = useLiveQuery(
    async () => (userId === null ? NO_PENDING_RECORDS : loadPendingPagos()),
    [userId],
  );
  return { records, pending: pending ?? NO_PENDING_RECORDS };
}
