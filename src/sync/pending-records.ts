/**
 * Which records of one area still wait for the server, for the marks of a list: the record ids
 * (client UUIDs, or `<kind>-<id>` for an edit) of the outbox rows not done yet, split into
 * those on their way and those that need a person (refused, conflict, stuck, blocked).
 */
import { getDb, type AppDatabase } from '#db/database';
import { notDoneRows } from './outbox-rules';
import { ATTENTION_STATUSES } from './types';

export interface PendingRecords {
  waiting: ReadonlySet<string>;
  attention: ReadonlySet<string>;
}

export const NO_PENDING_RECORDS: PendingRecords = { waiting: new Set(), attention: new Set() };

/** Pending records of the commands whose kind starts with `kindPrefix` (e.g. "pago."). */
export async function pendingRecords(
  kindPrefix: string,
  db: AppDatabase = getDb(),
): Promise<PendingRecords> {
  const rows = await notDoneRows(db);
  const waiting = new Set<string>();
  const attention = new Set<string>();
  for (const row of rows) {
    if (!row.kind.startsWith(kindPrefix)) continue;
    (ATTENTION_STATUSES.includes(row.status) ? attention : waiting).add(row.recordId);
  }
  return { waiting, attention };
}
