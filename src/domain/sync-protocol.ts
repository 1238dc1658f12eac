/**
 * The wire protocol between the phone's sync engine and the API (ARCHITECTURE.md "How data
 * flows" and "API conventions"). Shared by `src/sync` and `server/` so both ends agree on
 * header names, versions, the capture instants and the answers' schemas.
 */
import * as z from 'zod';

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

/** Captured-at may lag at most this much (ARCHITECTURE.md: not older than 60 days). */
export const CAPTURED_AT_MAX_AGE_MS = 60 * 86_400_000;
/** Tolerated phone clock skew into the future before a captured-at counts as "future". */
export const CAPTURED_AT_FUTURE_SKEW_MS = 5 * 60_000;

export const PULL_DEFAULT_LIMIT = 2000;
export const PULL_MAX_LIMIT = 5000;
/**
 * A pull page also stops once its rows' JSON passes this many bytes (the row that passes it is
 * the page's last): on a weak link a dropped connection loses at most one page of this size,
 * about 0.3 s of a 3G link once compressed (issue 19).
 */
export const PULL_PAGE_BYTES = 512 * 1024;

/** What a write records of its capture (X-Captured-At) and arrival: capturado_en / recibido_en. */
export interface Capture {
  /** When the record was captured on the phone; null when the caller did not say. */
  capturedAt: Date | null;
  /** When this request reached the server. */
  receivedAt: Date;
}

/**
 * `GET /api/sync/pull/?cursor=&limit=` answer. `changes` maps a replicated table name (the
 * server's registration name, e.g. "socios") to rows in the shape of that table's list
 * endpoint. `cursor` is opaque: send it back unchanged. `reset: true` means the caller's scope
 * changed (or the cursor is unknown): drop the replica (never the outbox) and apply this page
 * as the start of a full pull. `removed` maps a table to the keys of rows that left the caller's
 * scope or were deleted: drop them BEFORE writing `changes` (a row that came back after leaving
 * is in `changes` with a later version).
 */
export const pullAnswerSchema = z.object({
  cursor: z.string(),
  hasMore: z.boolean(),
  reset: z.boolean(),
  changes: z.record(z.string(), z.array(z.unknown())),
  /** Keys are integers, or texts for a table keyed by text (`traducciones`: `tz:<key>`). */
  removed: z.record(z.string(), z.array(z.union([z.number().int(), z.string()]))),
  /**
   * Only on the first page of a full pull: how many rows the whole pull brings, so the phone
   * can show a percentage (issue 15). Absent on later pages and from older servers.
   */
  total: z.number().int().nonnegative().optional(),
});
export type PullAnswer = z.output<typeof pullAnswerSchema>;

/** One record that arrived from the field, for the office view of field queues. */
export const fieldActivityItemSchema = z.object({
  kind: z.string(),
  record_ref: z.string().nullable(),
  status: z.number().int(),
  captured_at: z.string().nullable(),
  received_at: z.string(),
  /** The server's reason for a rejection (translated), null when accepted. */
  reason: z.string().nullable(),
});
export type FieldActivityItem = z.output<typeof fieldActivityItemSchema>;

/** Accepted records per kind. */
const countsSchema = z.record(z.string(), z.number().int());

/** What arrived from one user in the field. */
export const fieldActivityUserSchema = z.object({
  user_id: z.number().int(),
  username: z.string(),
  name: z.string(),
  role: z.string(),
  region: z.number().int().nullable(),
  /** Last pull or push seen from this user. */
  last_contact: z.string().nullable(),
  /** Accepted records per kind received today / in the last 7 days (cooperative calendar). */
  today: countsSchema,
  week: countsSchema,
  /** Latest accepted items (newest first, at most 20). */
  recent: z.array(fieldActivityItemSchema),
  /** Rejected items of the last 7 days (newest first). */
  rejected: z.array(fieldActivityItemSchema),
});
export type FieldActivityUser = z.output<typeof fieldActivityUserSchema>;

/** `GET /api/sync/field-activity/` (CO, GE, VI): what arrived from each user in the field. */
export const fieldActivitySchema = z.object({
  generated_at: z.string(),
  users: z.array(fieldActivityUserSchema),
});
export type FieldActivityAnswer = z.output<typeof fieldActivitySchema>;

/**
 * Most writes one `POST /api/sync/push/` carries (and the body limit applies to the whole). The
 * phone sizes its batches by bytes to the link; this only bounds one request's server time.
 * It was 100: on a 3G link 500 writes then took five round trips instead of two (issue 19).
 */
export const PUSH_MAX_WRITES = 250;

/** One queued write of a batch: what its single call would send, headers included. */
export const pushWriteSchema = z.object({
  key: z.string().regex(IDEMPOTENCY_KEY_RE),
  /** X-Captured-At of the single call (ISO 8601); absent when the caller does not say. */
  capturedAt: z.string().max(40).optional(),
  method: z.enum(['POST', 'PUT', 'PATCH']),
  /** The single call's path, e.g. `/api/pagos/`. */
  path: z.string().min(5).max(300),
  body: z.unknown().optional(),
  /** Writes of one chain depend on each other: after a refused one, the rest are blocked. */
  chain: z.string().max(200).optional(),
  /** X-Replaces-Key of the single call: the key of the refused write this one corrects. */
  replaces: z.string().regex(IDEMPOTENCY_KEY_RE).optional(),
});
export type PushWrite = z.output<typeof pushWriteSchema>;

export const pushBatchSchema = z.object({
  writes: z.array(pushWriteSchema).min(1).max(PUSH_MAX_WRITES),
});
export type PushBatch = z.output<typeof pushBatchSchema>;

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

/**
 * Each write's answer, in the batch's order: exactly the status and body of its single call
 * (the body as the single call's JSON, so its text is the same byte for byte), or
 * `PUSH_BLOCKED_STATUS` / `PUSH_NOT_ATTEMPTED_STATUS` above.
 */
export const pushResultSchema = z.object({
  key: z.string(),
  status: z.number().int(),
  body: z.unknown(),
  /** The single call's Idempotent-Replayed: the answer stored when the key was first seen. */
  replayed: z.boolean().optional(),
});
export type PushResult = z.output<typeof pushResultSchema>;
export const pushAnswerSchema = z.object({ results: z.array(pushResultSchema) });
export type PushAnswer = z.output<typeof pushAnswerSchema>;
