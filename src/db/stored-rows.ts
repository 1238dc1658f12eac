/**
 * Row shapes of the per-user database. The outbox row is defined by the sync contract
 * (`src/sync/types.ts`); `src/db` may not import `src/sync` (layer rules), so its storage shape
 * is spelled out here and `src/sync/contract-check.ts` fails the typecheck if the two drift.
 */

export type StoredOutboxStatus =
  'pending' | 'sending' | 'uncertain' | 'rejected' | 'blocked' | 'conflict' | 'stuck' | 'done';

export interface StoredOutboxError {
  status: number;
  body: unknown;
  message: string;
  at: string;
}

export interface StoredOutboxRow {
  id: string;
  seq: number;
  deviceId: string;
  userId: number;
  kind: string;
  recordId: string;
  chainKey: string;
  dependsOn: string[];
  payload: unknown;
  capturedAt: string;
  status: StoredOutboxStatus;
  attempts: number;
  nextAttemptAt: number;
  lastError: StoredOutboxError | null;
  result: unknown;
  serverId: string | number | null;
  supersedes: string | null;
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
  doneAt: string | null;
}

/** Small key/value facts of the replica: pull cursor, last sync, the current user… */
export interface MetaRow {
  key: string;
  value: unknown;
}

/** A person's decision on a queued item (discard, edit), kept on the phone. */
export interface AuditRow {
  id?: number;
  at: string;
  userId: number | null;
  action: 'discard' | 'resubmit';
  reason: string | null;
  /** The outbox row as it was when the decision was taken. */
  row: StoredOutboxRow;
}

/**
 * A replicated row as it travels in the pull (any table): the server's JSON object, and the
 * marks of a record written on this phone (`_localId`, `_pending`) that a pull never
 * overwrites. Typed rows per table: `replica-rows.ts`.
 */
export interface WireRow {
  _localId?: string;
  _pending?: string;
  [field: string]: unknown;
}
