/**
 * What the payments screens read, live from the replica (works offline): the payments (newest
 * payment date first, like GET /pagos.json, captures not yet sent on top of their day) and
 * which records still wait for the server. Separate live queries, so a sync that only touches
 * the outbox does not reread every payment.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { paymentOrder } from '#domain/credit-replica';
import { currentDbUserId } from '#db/database';
import { allPayments } from '#db/reads/credits';
import { keptRead } from '#db/reads/kept-reads';
import { NO_PENDING_RECORDS, pendingRecords, type PendingRecords } from '#sync/pending-records';
import type { PagoRow as PagoRecord } from '#db/replica-rows';

export type { PendingRecords };

/**
 * Newest payment date first; within a day the latest recorded first. ISO dates (YYYY-MM-DD)
 * sort as text: comparing them as text keeps the sort of tens of thousands of payments quick.
 */
export function newestFirst(records: readonly PagoRecord[]): PagoRecord[] {
  return [...records].sort(
    (a, b) =>
      (a.fecha_pago < b.fecha_pago ? 1 : a.fecha_pago > b.fecha_pago ? -1 : 0) ||
      paymentOrder(b) - paymentOrder(a),
  );
}

/** The sorted payments, kept between visits until the table changes (#db/reads/kept-reads). */
export const loadPagos = keptRead(['pagos'], async (): Promise<PagoRecord[]> =>
  newestFirst(await allPayments()),
);

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
