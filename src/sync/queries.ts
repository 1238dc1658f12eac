/**
 * Plain async reads of the outbox for screens (wrap them in `useLiveQuery`): what is pending,
 * what needs a person, a record's pending state, the last successful sync, the audit log, the
 * queued writes whose record left the user's scope.
 */
import { getDb, type AppDatabase } from '#db/database';
import type { AuditRow } from '#db/stored-rows';
import { LAST_SYNC_KEY } from './engine';
import { SCOPE_LEFT_PREFIX } from './removals';
import type { OutboxError, OutboxRow, OutboxStatus } from './types';
import { ATTENTION_STATUSES } from './types';

const WAITING: readonly OutboxStatus[] = ['pending', 'sending', 'uncertain'];

/** Outbox rows in capture order, optionally only some statuses. */
export async function outboxItems(
  filter: { statuses?: readonly OutboxStatus[] } = {},
  db: AppDatabase = getDb(),
): Promise<OutboxRow[]> {
  const rows = filter.statuses
    ? await db.outbox
        .where('status')
        .anyOf([...filter.statuses])
        .toArray()
    : await db.outbox.toArray();
  return rows.sort((a, b) => a.seq - b.seq);
}

export interface RecordSyncState {
  /** The record's mutations not yet done, in order. */
  rows: OutboxRow[];
  /** Something of it still waits to be sent (show the "pending sync" badge). */
  pending: boolean;
  /** Something of it needs a person (rejected, conflict, stuck, blocked). */
  attention: boolean;
  /** The latest problem the server (or the engine) reported for it. */
  lastError: OutboxError | null;
}

/** Every mutation of a record (done ones too), in capture order: status and lastError of each. */
export async function recordMutations(
  recordId: string,
  db: AppDatabase = getDb(),
): Promise<OutboxRow[]> {
  const rows = await db.outbox.where('recordId').equals(recordId).toArray();
  return rows.sort((a, b) => a.seq - b.seq);
}

/** A record's pending state in one object (badge and error line of a detail screen). */
export async function recordSyncState(
  recordId: string,
  db: AppDatabase = getDb(),
): Promise<RecordSyncState> {
  const rows = (await recordMutations(recordId, db)).filter((r) => r.status !== 'done');
  const withError = rows.filter((r) => r.lastError !== null);
  return {
    rows,
    pending: rows.some((r) => WAITING.includes(r.status)),
    attention: rows.some((r) => ATTENTION_STATUSES.includes(r.status)),
    lastError: withError.at(-1)?.lastError ?? null,
  };
}

export function pendingCount(db: AppDatabase = getDb()): Promise<number> {
  return db.outbox
    .where('status')
    .anyOf([...WAITING])
    .count();
}

export function attentionCount(db: AppDatabase = getDb()): Promise<number> {
  return db.outbox
    .where('status')
    .anyOf([...ATTENTION_STATUSES])
    .count();
}

/** ISO instant of the last cycle that pushed and pulled without a problem, or null. */
export async function lastSuccessfulSync(db: AppDatabase = getDb()): Promise<string | null> {
  const row = await db.meta.get(LAST_SYNC_KEY);
  return typeof row?.value === 'string' ? row.value : null;
}

/** Discards and edits, newest first. */
export async function auditLog(db: AppDatabase = getDb()): Promise<AuditRow[]> {
  return db.audit.orderBy('at').reverse().toArray();
}

/** Ids of the queued writes whose record (or one they name) left the user's scope. */
export async function scopeLeftWrites(db: AppDatabase = getDb()): Promise<Set<string>> {
  const keys = await db.meta.where('key').startsWith(SCOPE_LEFT_PREFIX).primaryKeys();
  return new Set(keys.map((key) => key.slice(SCOPE_LEFT_PREFIX.length)));
}
