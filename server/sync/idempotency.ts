/**
 * The idempotency store (docs/architecture.md#api-conventions): one row per (user, key) written
 * in the same transaction as the write it answers. Answers are kept in ENCODED form (message
 * keys, see #domain/messages) and turned into text by the one error handler each time they are
 * sent, so the first answer and every replay go through the same code.
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray, lt } from 'drizzle-orm';
import * as z from 'zod';
import type { FieldErrors } from '#domain/entities';
import { RuleError } from '#domain/rule-errors';
import type { Db } from '#server/db/client';
import { idempotencyKeys } from '#server/db/schema';
import { HttpError, refusalBody, refusalOf } from '#server/http/errors';

export type StoredKey = typeof idempotencyKeys.$inferSelect;
export type NewStoredKey = typeof idempotencyKeys.$inferInsert;

/** Keys live 90 days: longer than the 60 days a capture may wait, and ≥ 30 days (docs/sync-protocol.md#idempotency-keys). */
export const IDEMPOTENCY_KEY_TTL_DAYS = 90;

/** JSON with object keys sorted at every level: the same data always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** What makes two requests "the same": method, path (with query) and body. */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(canonicalJson({ method: method.toUpperCase(), path, body }))
    .digest('hex');
}

export async function findStoredKey(
  db: Db,
  userId: number,
  key: string,
): Promise<StoredKey | null> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.user_id, userId), eq(idempotencyKeys.key, key)))
    .limit(1);
  return row ?? null;
}

/**
 * Whether this user has used the key: the check every write makes under its lock, whose answer
 * is nearly always no — one column, not the whole row (half the cost on PGlite).
 */
export async function isKeyStored(db: Db, userId: number, key: string): Promise<boolean> {
  const rows = await db
    .select({ id: idempotencyKeys.id })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.user_id, userId), eq(idempotencyKeys.key, key)))
    .limit(1);
  return rows.length > 0;
}

/** The rows of those of `keys` this user has already used, by key (one query for a batch). */
export async function findStoredKeys(
  db: Db,
  userId: number,
  keys: readonly string[],
): Promise<Map<string, StoredKey>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.user_id, userId), inArray(idempotencyKeys.key, [...keys])));
  return new Map(rows.map((row) => [row.key, row]));
}

/**
 * Store a key with its answer as the serialized text sent (a JSON string inside the jsonb
 * column): jsonb would reorder an object's keys, and a replay must be the first answer byte
 * for byte. `answerText` is `JSON.stringify` of the (encoded) body.
 */
export async function storeKey(
  db: Db,
  row: Omit<NewStoredKey, 'answer'> & { answerText: string },
): Promise<void> {
  const { answerText, ...rest } = row;
  await db.insert(idempotencyKeys).values({ ...rest, answer: answerText });
}

/** The serialized body a stored key answers (rows from before the text was kept: re-serialized). */
export function storedAnswerText(stored: Pick<StoredKey, 'answer'>): string {
  return typeof stored.answer === 'string' ? stored.answer : JSON.stringify(stored.answer ?? null);
}

/** The stored body as data, its keys in the order first sent. */
export function storedAnswer(answer: unknown): unknown {
  return typeof answer === 'string' ? (JSON.parse(answer) as unknown) : answer;
}

/** A refusal as it is stored: its status and its encoded answer body. */
export interface Rejection {
  status: number;
  answer: FieldErrors | { detail: string; code?: string };
}

/**
 * The stored form of a 4xx thrown by validation or by a handler (the error handler's own
 * mapping, messages still encoded); null for anything else (a 5xx or a bug is never stored:
 * the retry may succeed).
 */
export function rejectionOf(error: unknown): Rejection | null {
  const refusal = refusalOf(error);
  return refusal ? { status: refusal.status, answer: refusalBody(refusal) } : null;
}

const fieldErrorsShape = z.record(z.string(), z.array(z.string()));
const detailShape = z.object({ detail: z.string(), code: z.string().optional() });

/** The error to throw for a stored rejection, so the error handler answers it as the first time. */
export function rejectionError(status: number, answer: unknown): Error {
  if (status === 400) {
    const fields = fieldErrorsShape.safeParse(answer);
    if (fields.success) return new RuleError(fields.data);
  }
  const detail = detailShape.safeParse(answer);
  if (detail.success) {
    return new HttpError(
      status,
      detail.data.detail,
      detail.data.code ? { code: detail.data.code } : {},
    );
  }
  // Unreachable for rows this module wrote; refuse loudly rather than answer a wrong body.
  return new Error(`stored rejection ${status} has an unexpected shape`);
}

/** Delete keys older than the TTL (run at start by main.ts). Answers how many went. */
export async function purgeIdempotencyKeys(
  db: Db,
  now: Date = new Date(),
  ttlDays: number = IDEMPOTENCY_KEY_TTL_DAYS,
): Promise<number> {
  const cutoff = new Date(now.getTime() - ttlDays * 86_400_000);
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.created_at, cutoff))
    .returning({ id: idempotencyKeys.id });
  return gone.length;
}
