/**
 * Types of the outbox and of the small API area issues use to plug into the sync engine
 * (docs/sync-protocol.md). No React here.
 */
import type { MessageParams } from '#domain/messages';
import type { ReplicaTableName } from '#db/replica-rows';

/**
 * Life of one queued mutation. Terminal states: done, and discarded (removed from the outbox
 * into the audit log). rejected / conflict / stuck need a person; blocked waits for an earlier
 * row of its chain to be fixed.
 */
export type OutboxStatus =
  | 'pending' // waiting its turn (or its nextAttemptAt)
  | 'sending' // request on the wire
  | 'uncertain' // no answer: may or may not have reached the server; retried with the same key
  | 'rejected' // 400/403/404: the server refused it; fields errors stored
  | 'blocked' // an earlier row of its chain is rejected/conflict/stuck
  | 'conflict' // 409
  | 'stuck' // 5xx too many times: visible, resendable, never dropped
  | 'done'; // 2xx: applied once

export const ATTENTION_STATUSES: readonly OutboxStatus[] = [
  'rejected',
  'conflict',
  'stuck',
  'blocked',
];
export const EDITABLE_STATUSES: readonly OutboxStatus[] = ['rejected', 'conflict', 'stuck'];

export interface OutboxError {
  /** HTTP status; 0 when there was no answer. */
  status: number;
  /** The server's raw body (field errors, detail…), kept verbatim for the sync center. */
  body: unknown;
  /** Short plain-language summary (an encoded i18n message, see #domain/messages). */
  message: string;
  at: string;
}

export interface OutboxRow {
  /** Mutation id (UUID v7), sent as Idempotency-Key. A new edit gets a new id. */
  id: string;
  /** Per-device sequence: capture order. */
  seq: number;
  deviceId: string;
  userId: number;
  /** Registered command kind, e.g. "profile.update", "socio.create". */
  kind: string;
  /** Client UUID of the business record this command creates or changes. */
  recordId: string;
  /** Rows with the same chain key are sent strictly in order. */
  chainKey: string;
  /** Mutation ids that must be done first (e.g. the activation of the contract). */
  dependsOn: string[];
  /** The command's data (never a copy of document state). */
  payload: unknown;
  /** ISO instant of capture, sent as X-Captured-At. */
  capturedAt: string;
  status: OutboxStatus;
  attempts: number;
  /** Epoch ms before which the row is not sent again. */
  nextAttemptAt: number;
  lastError: OutboxError | null;
  /** The server's answer when done. */
  result: unknown;
  /** The server's id of the record when known (e.g. clave_socio, folio). */
  serverId: string | number | null;
  /** Mutation id this row replaces (an edit of a rejected row). */
  supersedes: string | null;
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
  doneAt: string | null;
}

/** What a command sends: path relative to /api, e.g. "users/me.json". */
export interface CommandRequest {
  method: 'POST' | 'PUT' | 'PATCH';
  path: string;
  body: unknown;
}

/** The human description of a queued item (sync center, notices). */
export interface CommandDescription {
  key: string;
  params?: MessageParams;
}

/**
 * A command kind, registered once by its area (e.g. features/socios registers "socio.create").
 * `optimistic` runs inside the same Dexie transaction that writes the outbox row, so the local
 * record and its command are saved together or not at all.
 */
export interface CommandDefinition<P = unknown, R = unknown> {
  kind: string;
  /** Dexie tables `optimistic`/`applyResult`/`revert` write (for the transaction scope). */
  tables: readonly string[];
  request(payload: P, ctx: { recordId: string; serverId: string | number | null }): CommandRequest;
  chainKey(payload: P, recordId: string): string;
  /** Parse/validate the server's 2xx answer. */
  parseResult(body: unknown): R;
  /** Write the optimistic local record (marked pending). */
  optimistic?(payload: P, ctx: MutationContext): Promise<void>;
  /** Replace the optimistic record by the server's record; return the server id if any. */
  applyResult?(payload: P, result: R, ctx: MutationContext): Promise<string | number | null>;
  /** Undo the optimistic record when the row is discarded. */
  revert?(payload: P, ctx: MutationContext): Promise<void>;
  describe(payload: P): CommandDescription;
  /** App route that opens this record's form to fix a rejected row (sync center). */
  editRoute?(row: OutboxRow & { payload: P }): string | null;
  /**
   * Replicated records the write names (the contract of a payment, the member of a collection):
   * when one leaves the user's scope, the sync center says why the write may be refused.
   */
  refersTo?(payload: P): readonly RecordRef[];
}

/** A record of the replica: its Dexie table and key. */
export interface RecordRef {
  table: ReplicaTableName;
  key: string | number;
}

export interface MutationContext {
  mutationId: string;
  recordId: string;
  capturedAt: string;
}

export interface EnqueueOptions {
  /** Client UUID of the record (generated when absent: a new record). */
  recordId?: string;
  dependsOn?: string[];
  /** Overrides the capture instant (tests); default now. */
  capturedAt?: string;
}

export type SyncPhase = 'idle' | 'pulling' | 'pushing' | 'offline' | 'paused-login' | 'locked';

export interface PullProgress {
  rows: number;
  bytes: number;
  pages: number;
  done: boolean;
  /** True during the first (full) pull, to show the progress bar. */
  initial: boolean;
  /** Rows the whole full pull brings, once its first page said so (for a percentage). */
  total?: number;
  /**
   * During a full pull, the replica tables that have arrived complete (the server sends them one
   * after another); absent from an older server's pull, where nothing is known complete before
   * the end.
   */
  ready?: ReplicaTableName[];
}

export interface SyncStatus {
  online: boolean;
  phase: SyncPhase;
  lastSyncAt: string | null;
  lastPullAt: string | null;
  pull: PullProgress | null;
  counts: { pending: number; attention: number; sending: number };
  /** The latest engine-level problem (encoded message), e.g. server unreachable. */
  lastError: string | null;
  /** Set when the server answered 426: the app must update before syncing. */
  updateRequired: boolean;
}
