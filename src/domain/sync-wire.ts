/**
 * The sync protocol's names, versions and limits, without its answer schemas: what the phone's
 * sync engine and status need at every start. Building zod schemas costs a cheap phone's start
 * time, so the schemas stay in sync-protocol.ts and field-inbox.ts, which re-export
 * these for the server and the office screens.
 */

/** Sent on every write as the mutation id; the server stores the answer under it. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set by the server when it answers a stored answer instead of applying the write again. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
/** ISO 8601 instant at which the promoter captured the record on the phone. */
export const CAPTURED_AT_HEADER = 'X-Captured-At';
/** The client's outbox/replica schema version, sent on pushes and pulls. */
export const CLIENT_SCHEMA_HEADER = 'X-Client-Schema';

/**
 * Version of the data the client sends and understands. Bump it when a command's payload or a
 * replicated row changes shape incompatibly; raise `MIN_CLIENT_SCHEMA` on the server side when
 * older clients must update first (they get 426 and the app asks to update).
 */
export const CLIENT_SCHEMA_VERSION = 1;
export const MIN_CLIENT_SCHEMA = 1;

/** An idempotency key: a UUID (v7 from the phone) or any 8–128 safe characters. */
export const IDEMPOTENCY_KEY_RE = /^[A-Za-z0-9_-]{8,128}$/;

/** Captured-at may lag at most this much (docs/sync-protocol.md#headers-and-limits: 60 days). */
export const CAPTURED_AT_MAX_AGE_MS = 60 * 86_400_000;
/** Tolerated phone clock skew into the future before a captured-at counts as "future". */
export const CAPTURED_AT_FUTURE_SKEW_MS = 5 * 60_000;

export const PULL_DEFAULT_LIMIT = 5000;
export const PULL_MAX_LIMIT = 5000;
/**
 * A pull page also stops once its rows' JSON passes this many bytes (the row that passes it is
 * the page's last): on a weak link a dropped connection loses at most one page of this size,
 * about 1 s of a 3G link once compressed. Smaller pages cost a round trip each: at 512 KiB a
 * first pull of a tenth of xl took 73 of them, 22 s of 3G's 300 ms round trips.
 */
export const PULL_PAGE_BYTES = 2 * 1024 * 1024;

/**
 * Most writes one `POST /api/sync/push/` carries (and the body limit applies to the whole). The
 * phone sizes its batches by bytes to the link; this only bounds one request's server time.
 * It was 100: on a 3G link 500 writes then took five round trips instead of two.
 */
export const PUSH_MAX_WRITES = 250;

/**
 * A write after a refused (or blocked) one of its chain: not applied, not stored under its key
 * (sent again once the refused one is corrected, it runs). Body `{detail, code: 'blocked',
 * blocked_by: <key of the write that blocked it>}`.
 */
export const PUSH_BLOCKED_STATUS = 424;
export const PUSH_BLOCKED_CODE = 'blocked';
/**
 * A write after one that halted the batch (401, 429, 5xx): not attempted, not stored; resend
 * it with the same key. Body `{detail, code: 'not_attempted'}`.
 */
export const PUSH_NOT_ATTEMPTED_STATUS = 503;
export const PUSH_NOT_ATTEMPTED_CODE = 'not_attempted';

// ---------------------------------------------------------------- what the phones hold

/** Outbox states a phone reports (never a row's contents). */
export const QUEUE_STATES = [
  'pending',
  'sending',
  'uncertain',
  'rejected',
  'blocked',
  'conflict',
  'stuck',
] as const;
export type QueueState = (typeof QUEUE_STATES)[number];

/** Reasons a promoter gives when discarding a write (sync center); labels in syncCenter.discardReasons. */
export const DISCARD_REASONS = ['duplicate', 'wrongData', 'memberCancelled', 'other'] as const;
export type DiscardReason = (typeof DISCARD_REASONS)[number];

export const QUEUE_REPORT_MAX_ENTRIES = 200;

/** Header a corrected write carries: the Idempotency-Key of the refused write it replaces. */
export const REPLACES_KEY_HEADER = 'X-Replaces-Key';
