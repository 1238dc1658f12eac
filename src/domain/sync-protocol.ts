/**
 * The wire protocol between the phone's sync engine and the API (docs/sync-protocol.md and
 * docs/architecture.md#api-conventions). Shared by `src/sync` and `server/` so both ends agree on
 * header names, versions, the capture instants and the answers' schemas (the names, versions
 * and limits live in sync-wire.ts, which the phone's start reads without these schemas).
 */
import * as z from 'zod';
import { IDEMPOTENCY_KEY_RE, PUSH_MAX_WRITES } from './sync-wire';
export {
  pushAnswerSchema,
  pushResultSchema,
  type PushAnswer,
  type PushResult,
} from './push-answer';

export {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  CAPTURED_AT_HEADER,
  CLIENT_SCHEMA_HEADER,
  CLIENT_SCHEMA_VERSION,
  MIN_CLIENT_SCHEMA,
  IDEMPOTENCY_KEY_RE,
  CAPTURED_AT_MAX_AGE_MS,
  CAPTURED_AT_FUTURE_SKEW_MS,
  PULL_DEFAULT_LIMIT,
  PULL_MAX_LIMIT,
  PULL_PAGE_BYTES,
  PUSH_MAX_WRITES,
  PUSH_BLOCKED_STATUS,
  PUSH_BLOCKED_CODE,
  PUSH_NOT_ATTEMPTED_STATUS,
  PUSH_NOT_ATTEMPTED_CODE,
} from './sync-wire';

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
   * can show a percentage. Absent on later pages and from older servers.
   */
  total: z.number().int().nonnegative().optional(),
  /**
   * On every page of a full pull: the tables that have arrived complete so far (a full pull
   * sends one table after another), so the phone can open the screens that read only those.
   * Absent on a delta's pages and from older servers.
   */
  ready: z.array(z.string()).optional(),
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

/** One queued write of a batch: what its single call would send, headers included. */
export const pushWriteSchema = z.strictObject({
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

export const pushBatchSchema = z.strictObject({
  writes: z.array(pushWriteSchema).min(1).max(PUSH_MAX_WRITES),
});
export type PushBatch = z.output<typeof pushBatchSchema>;
