/**
 * Ordering and blocking rules of the outbox (docs/sync-protocol.md#push): rows of one chain go
 * strictly in seq order; a row waits for its `dependsOn` rows; a rejected / conflict / stuck row
 * blocks the rest of its chain and every row that depends on it; fixing it unblocks them.
 */
import { msg } from '#domain/messages';
import type { AppDatabase } from '#db/database';
import type { OutboxRow, OutboxStatus } from './types';
import { ATTENTION_STATUSES } from './types';

const SENDABLE: readonly OutboxStatus[] = ['pending', 'uncertain'];

export function isSendableStatus(status: OutboxStatus): boolean {
  return SENDABLE.includes(status);
}

/**
 * Rows not done yet, in no particular order. Two range reads around 'done' on the status
 * index: `notEqual` / `anyOf` walk the index with a cursor (one IndexedDB request per row),
 * which made every send re-read a long queue row by row.
 */
export async function notDoneRows(db: AppDatabase): Promise<OutboxRow[]> {
  const [before, after] = await Promise.all([
    db.outbox.where('status').below('done').toArray(),
    db.outbox.where('status').above('done').toArray(),
  ]);
  return before.concat(after);
}

/** Live (not done) rows in capture order. */
export async function liveRows(db: AppDatabase): Promise<OutboxRow[]> {
  return (await notDoneRows(db)).sort((a, b) => a.seq - b.seq);
}

/** Live rows of one chain in capture order (the chainKey index). */
export async function liveChainRows(db: AppDatabase, chainKey: string): Promise<OutboxRow[]> {
  const rows = await db.outbox.where('chainKey').equals(chainKey).toArray();
  return rows.filter((r) => r.status !== 'done').sort((a, b) => a.seq - b.seq);
}

/** Whether any row is blocked (then a settled row may change who is blocked). */
export async function hasBlockedRows(db: AppDatabase): Promise<boolean> {
  return (await db.outbox.where('status').equals('blocked').count()) > 0;
}

/** Ids of mutations a person discarded (their dependents can never go). */
export async function discardedIds(db: AppDatabase): Promise<Set<string>> {
  const rows = await db.audit.toArray();
  return new Set(rows.filter((r) => r.action === 'discard').map((r) => r.row.id));
}

type DepState = 'done' | 'waiting' | 'blocked';

export function dependencyState(
  id: string,
  byId: ReadonlyMap<string, OutboxRow>,
  discarded: ReadonlySet<string>,
): DepState {
  const dep = byId.get(id);
  // Absent and not discarded: done and pruned, or superseded by an edit (references rewritten).
  if (!dep) return discarded.has(id) ? 'blocked' : 'done';
  if (dep.status === 'done') return 'done';
  return ATTENTION_STATUSES.includes(dep.status) ? 'blocked' : 'waiting';
}

function blockedError(blocker: string, discarded: boolean, at: string): OutboxRow['lastError'] {
  return {
    status: 0,
    body: { blockedBy: blocker },
    message: discarded ? msg('sync.reason.dependencyDiscarded') : msg('sync.reason.blocked'),
    at,
  };
}

/**
 * Recompute `blocked` for every live row: pending rows behind a problem become blocked, blocked
 * rows whose problem is gone become pending. Run inside a rw transaction on outbox + audit.
 */
export async function reconcileOutbox(db: AppDatabase, nowIso: string): Promise<void> {
  const rows = await liveRows(db);
  const discarded = await discardedIds(db);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const chainProblem = new Map<string, string>();
  for (const row of rows) {
    let blocker: { id: string; discarded: boolean } | null = null;
    const earlier = chainProblem.get(row.chainKey);
    if (earlier) blocker = { id: earlier, discarded: false };
    for (const dep of row.dependsOn) {
      if (blocker) break;
      if (dependencyState(dep, byId, discarded) === 'blocked')
        blocker = { id: dep, discarded: discarded.has(dep) };
    }
    let status = row.status;
    const reason = blocker ? blockedError(blocker.id, blocker.discarded, nowIso) : null;
    const reasonChanged =
      reason !== null &&
      (row.lastError?.message !== reason.message ||
        JSON.stringify(row.lastError?.body) !== JSON.stringify(reason.body));
    if (reason && (row.status === 'pending' || (row.status === 'blocked' && reasonChanged))) {
      status = 'blocked';
      await db.outbox.put({ ...row, status, lastError: reason, updatedAt: nowIso });
    } else if (!blocker && row.status === 'blocked') {
      status = 'pending';
      await db.outbox.put({ ...row, status, lastError: null, nextAttemptAt: 0, updatedAt: nowIso });
    }
    byId.set(row.id, { ...row, status });
    if (ATTENTION_STATUSES.includes(status) && !chainProblem.has(row.chainKey))
      chainProblem.set(row.chainKey, row.id);
  }
}

/**
 * The rows that may be sent now: the first live row of each chain, when it is pending or
 * uncertain, due (unless `force`), and every row it depends on is done.
 */
export function sendableHeads(
  rows: readonly OutboxRow[],
  discarded: Set<string>,
  now: number,
  force: boolean,
): OutboxRow[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const seen = new Set<string>();
  const heads: OutboxRow[] = [];
  for (const row of rows) {
    if (seen.has(row.chainKey)) continue;
    seen.add(row.chainKey);
    if (!isSendableStatus(row.status)) continue;
    if (!force && row.nextAttemptAt > now) continue;
    if (row.dependsOn.every((d) => dependencyState(d, byId, discarded) === 'done')) heads.push(row);
  }
  return heads;
}
