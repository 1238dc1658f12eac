/**
 * Which records captured on this phone count in its figures: the ones the
 * server accepted and this phone's own captures still on their way (waiting, sending, no answer
 * yet) — the figures the server will hold once they arrive. A capture the server refused, one
 * blocked behind a refusal, a conflict or one that failed too often counts nowhere until it is
 * corrected; a discarded one is gone from the replica already. Those are shown apart as
 * "not counted".
 */
import { getDb } from '#db/database';
import type { StoredOutboxStatus } from '#db/stored-rows';

/** Outbox states of a capture that the server has not taken and will not take as it is. */
export const NOT_COUNTED_STATUSES: readonly StoredOutboxStatus[] = [
  'rejected',
  'blocked',
  'conflict',
  'stuck',
];

/**
 * Record ids (client UUIDs) of the captures of `area` ("pago", "movimiento", "acopio") that do
 * not count. Only creates: a refused edit of an accepted record leaves the record counted.
 */
export async function notCountedRecords(area: string): Promise<ReadonlySet<string>> {
  const rows = await getDb().outbox.where('status').anyOf(NOT_COUNTED_STATUSES).toArray();
  const kind = `${area}.create`;
  return new Set(rows.filter((row) => row.kind === kind).map((row) => row.recordId));
}

export interface CountedSplit<R> {
  counted: R[];
  notCounted: R[];
}

/** Rows split by whether they count (a row the server numbered always does). */
export function splitCounted<R extends { id: number | string }>(
  rows: readonly R[],
  notCounted: ReadonlySet<string>,
): CountedSplit<R> {
  const split: CountedSplit<R> = { counted: [], notCounted: [] };
  for (const row of rows) {
    const left = typeof row.id === 'string' && notCounted.has(row.id);
    (left ? split.notCounted : split.counted).push(row);
  }
  return split;
}
