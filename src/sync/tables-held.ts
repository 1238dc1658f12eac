/**
 * The replica tables the phone holds complete (docs/sync-protocol.md#the-first-download): during
 * a full pull, the ones its pages said are complete (none when the server does not say); once a
 * pull has ended, all of them. Screens read it to tell "still downloading" from "no records".
 */
import type { ReplicaTableName } from '#db/replica-rows';
import type { SyncStatus } from './types';

export type TablesHeld = 'all' | ReadonlySet<ReplicaTableName>;

const NONE: ReadonlySet<ReplicaTableName> = new Set();

export function tablesHeld(status: Pick<SyncStatus, 'pull' | 'lastPullAt'>): TablesHeld {
  const { pull } = status;
  if (pull && pull.initial && !pull.done) return pull.ready ? new Set(pull.ready) : NONE;
  if (pull?.done || status.lastPullAt !== null) return 'all';
  return NONE;
}

/** Which of `tables` the phone does not hold complete yet (empty: all there). */
export function tablesMissing(
  held: TablesHeld,
  tables: readonly ReplicaTableName[],
): ReplicaTableName[] {
  return held === 'all' ? [] : tables.filter((table) => !held.has(table));
}
