/**
 * Sending ONE outbox row and recording its outcome (docs/sync-protocol.md#push, "Outcomes"). The
 * row is marked `sending` (persisted) before the request leaves; the token is read at send time;
 * the row id is the Idempotency-Key, so every resend of the row is the same request.
 */
import { msg } from '#domain/messages';
import {
  CAPTURED_AT_HEADER,
  CLIENT_SCHEMA_HEADER,
  CLIENT_SCHEMA_VERSION,
  IDEMPOTENCY_KEY_HEADER,
  REPLACES_KEY_HEADER,
} from '#domain/sync-wire';
import type { AppDatabase } from '#db/database';
import { rawRequest, type FetchLike, type RawAnswer } from '#api/raw-request';
import { isNetworkError } from '#api/errors';
import { backoffDelay, parseRetryAfter, type BackoffSettings } from './backoff';
import { dropShadows, getCommand, rewriteReferences } from './commands';
import { hasBlockedRows, reconcileOutbox } from './outbox-rules';
import type {
  CommandDefinition,
  CommandDescription,
  OutboxError,
  OutboxRow,
  OutboxStatus,
} from './types';
import { pushNotice, type SyncNotice } from './status-store';
import { isRecord, present } from '#domain/guards';

export interface PushContext {
  db: AppDatabase;
  fetch?: FetchLike;
  now(): number;
  random(): number;
  getAccessToken(): string | null;
  /** Renew the access token once; false when the session is over (log in again). */
  refresh(): Promise<boolean>;
  backoff: BackoffSettings;
  timeoutMs?: number;
}

/** What the drain does next after one row. */
export type PushOutcome =
  | { kind: 'done'; notice: SyncNotice }
  /** The row waits (backoff) or needs a person; other chains go on. */
  | { kind: 'row-held' }
  /** The row was taken by another sender meanwhile. */
  | { kind: 'skipped' }
  | { kind: 'stop'; reason: 'network' }
  | { kind: 'stop'; reason: 'login' }
  | { kind: 'stop'; reason: 'update' }
  | { kind: 'stop'; reason: 'busy'; waitMs: number };

const iso = (ms: number) => new Date(ms).toISOString();

export function errorOf(status: number, body: unknown, message: string, at: number): OutboxError {
  return { status, body, message, at: iso(at) };
}

/** The server's own words when it gave some (already in the caller's language), else ours. */
function serverMessage(body: unknown, fallback: string): string {
  if (isRecord(body)) {
    const record = body;
    if (typeof record.detail === 'string' && record.detail) return record.detail;
    const nonField = record.non_field_errors;
    if (Array.isArray(nonField) && typeof nonField[0] === 'string') return nonField[0];
  }
  if (typeof body === 'string' && body && body.length < 300) return body;
  return fallback;
}

/** Atomically take a pending/uncertain row: `sending`, one more attempt. */
async function claim(
  ctx: PushContext,
  id: string,
): Promise<{ row: OutboxRow; previous: OutboxStatus } | null> {
  const { db } = ctx;
  return db.transaction('rw', db.outbox, async () => {
    const row = await db.outbox.get(id);
    if (!row || (row.status !== 'pending' && row.status !== 'uncertain')) return null;
    const at = iso(ctx.now());
    const claimed: OutboxRow = {
      ...row,
      status: 'sending',
      attempts: row.attempts + 1,
      sentAt: at,
      updatedAt: at,
    };
    await db.outbox.put(claimed);
    return { row: claimed, previous: row.status };
  });
}

/** Write a new state of the row (and re-evaluate blocking when it needs a person). */
export async function settle(
  ctx: PushContext,
  row: OutboxRow,
  patch: Partial<OutboxRow>,
  reconcile = false,
): Promise<void> {
  const { db } = ctx;
  const at = iso(ctx.now());
  await db.transaction('rw', db.outbox, db.audit, async () => {
    await db.outbox.put({ ...row, ...patch, updatedAt: at });
    if (reconcile) await reconcileOutbox(db, at);
  });
}

function send(ctx: PushContext, row: OutboxRow, def: CommandDefinition): Promise<RawAnswer> {
  const request = def.request(row.payload, { recordId: row.recordId, serverId: row.serverId });
  return rawRequest({
    method: request.method,
    path: request.path,
    json: request.body,
    bearer: ctx.getAccessToken(),
    headers: {
      [IDEMPOTENCY_KEY_HEADER]: row.id,
      [CAPTURED_AT_HEADER]: row.capturedAt,
      [CLIENT_SCHEMA_HEADER]: String(CLIENT_SCHEMA_VERSION),
      // A correction names the refused write it replaces, for the office's field inbox.
      ...(row.supersedes ? { [REPLACES_KEY_HEADER]: row.supersedes } : {}),
    },
    fetch: ctx.fetch,
    timeoutMs: ctx.timeoutMs,
  });
}

/** A row the server applied (2xx), with its answer. */
export interface AppliedWrite {
  row: OutboxRow;
  def: CommandDefinition;
  answer: RawAnswer;
}

/**
 * Record rows the server applied, in their order, in ONE transaction: each row `done` with its
 * result applied to the replica, then, once for all of them, held-back pulled rows dropped,
 * queued rows naming their client UUIDs rewritten, and blocking re-evaluated. One transaction
 * per row read the whole queue again for each row (a batch answer of hundreds of writes).
 */
export async function applyDone(
  ctx: PushContext,
  applied: readonly AppliedWrite[],
): Promise<SyncNotice[]> {
  if (applied.length === 0) return [];
  const { db } = ctx;
  const at = iso(ctx.now());
  // Each write with its parsed answer and its server id (the result's, once applied).
  const writes = applied.map((write) => {
    const { row, def, answer } = write;
    let parsed: { ok: true; result: unknown } | { ok: false; result: unknown };
    try {
      parsed = { ok: true, result: def.parseResult(answer.body) };
    } catch {
      // The server applied it (2xx): the row is done even if its answer is not what we expect.
      parsed = { ok: false, result: answer.body };
    }
    const serverId: string | number | null = row.serverId;
    return { ...write, parsed, serverId };
  });
  const tables = [...new Set(['outbox', 'audit', 'meta', ...applied.flatMap((a) => a.def.tables)])];
  await db.transaction('rw', tables, async () => {
    const named = new Map<string, string | number>();
    for (const write of writes) {
      const { row, def, answer, parsed } = write;
      const ctxM = { mutationId: row.id, recordId: row.recordId, capturedAt: row.capturedAt };
      if (parsed.ok && def.applyResult)
        write.serverId =
          (await def.applyResult(row.payload, parsed.result, ctxM)) ?? write.serverId;
      const { serverId } = write;
      await db.outbox.put({
        ...row,
        status: 'done',
        result: parsed.ok ? parsed.result : null,
        serverId,
        lastError: parsed.ok
          ? null
          : errorOf(answer.status, answer.body, msg('sync.reason.badAnswer'), ctx.now()),
        doneAt: at,
        updatedAt: at,
      });
      if (serverId !== null && serverId !== row.recordId) named.set(row.recordId, serverId);
    }
    await dropShadows(db, new Set(applied.map(({ row }) => row.recordId)));
    await rewriteReferences(db, named);
    // A row reaching done never blocks anyone; it only matters when some row is blocked.
    if (await hasBlockedRows(db)) await reconcileOutbox(db, at);
  });
  return writes.map(({ row, def, serverId }) => {
    const notice: SyncNotice = {
      mutationId: row.id,
      kind: row.kind,
      recordId: row.recordId,
      serverId,
      message:
        serverId !== null
          ? msg('sync.notice.sentWithId', { id: String(serverId) })
          : msg('sync.notice.sent'),
      description: describeSafely(def, row),
      at,
    };
    pushNotice(notice);
    return notice;
  });
}

function describeSafely(def: CommandDefinition, row: OutboxRow): CommandDescription | null {
  try {
    return def.describe(row.payload);
  } catch {
    return null;
  }
}

/** Send one row and record what happened. */
export async function pushRow(ctx: PushContext, id: string): Promise<PushOutcome> {
  const claimed = await claim(ctx, id);
  if (!claimed) return { kind: 'skipped' };
  const { row, previous } = claimed;
  const def = getCommand(row.kind);
  if (!def) {
    await settle(
      ctx,
      row,
      {
        status: 'stuck',
        lastError: errorOf(
          0,
          null,
          msg('sync.reason.unknownCommand', { kind: row.kind }),
          ctx.now(),
        ),
      },
      true,
    );
    return { kind: 'row-held' };
  }

  let answer: RawAnswer;
  let refreshed = false;
  for (;;) {
    try {
      answer = await send(ctx, row, def);
    } catch (error) {
      if (!isNetworkError(error)) throw error;
      // It may or may not have arrived: same key later, and stop (the next would fail too).
      // With the device offline it never left: the person is told it is not sent yet.
      await settle(ctx, row, {
        status: 'uncertain',
        nextAttemptAt: ctx.now(),
        lastError: errorOf(0, null, msg(noAnswerReason()), ctx.now()),
      });
      return { kind: 'stop', reason: 'network' };
    }
    if (answer.status !== 401 || refreshed) break;
    refreshed = true;
    const renewed = await ctx.refresh().catch(() => false);
    if (!renewed) break;
  }
  return recordAnswer(ctx, row, previous, def, answer);
}

/** Why a request got no answer: the device had no connection, or the server did not answer. */
export function noAnswerReason(): 'sync.reason.notSent' | 'sync.reason.noAnswer' {
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  return offline ? 'sync.reason.notSent' : 'sync.reason.noAnswer';
}

/** The server answered: record the row's new state by status code (the "Outcomes" rules). */
export async function recordAnswer(
  ctx: PushContext,
  row: OutboxRow,
  previous: OutboxStatus,
  def: CommandDefinition,
  answer: RawAnswer,
): Promise<PushOutcome> {
  // Not counted as an attempt: the request never reached the command (auth, update, busy).
  const restore: Partial<OutboxRow> = { status: previous, attempts: row.attempts - 1 };
  const { status, body } = answer;
  const now = ctx.now();
  if (status >= 200 && status < 300) {
    const [notice] = await applyDone(ctx, [{ row, def, answer }]);
    return { kind: 'done', notice: present(notice, "the applied write's notice") };
  }
  if (status === 401) {
    await settle(ctx, row, {
      ...restore,
      lastError: errorOf(status, body, msg('sync.reason.loginRequired'), now),
    });
    return { kind: 'stop', reason: 'login' };
  }
  if (status === 426) {
    await settle(ctx, row, {
      ...restore,
      lastError: errorOf(status, body, msg('sync.reason.updateRequired'), now),
    });
    return { kind: 'stop', reason: 'update' };
  }
  if (status === 429 || status === 503) {
    const waitMs =
      parseRetryAfter(answer.headers.get('Retry-After'), now) ?? ctx.backoff.defaultRetryAfterMs;
    await settle(ctx, row, {
      ...restore,
      nextAttemptAt: now + waitMs,
      lastError: errorOf(status, body, msg('sync.reason.busy'), now),
    });
    return { kind: 'stop', reason: 'busy', waitMs };
  }
  if (status === 409) {
    await settle(
      ctx,
      row,
      {
        status: 'conflict',
        lastError: errorOf(status, body, serverMessage(body, msg('sync.reason.conflict')), now),
      },
      true,
    );
    return { kind: 'row-held' };
  }
  if (status >= 400 && status < 500) {
    const fallback =
      status === 403
        ? 'sync.reason.forbidden'
        : status === 404
          ? 'sync.reason.notFound'
          : 'sync.reason.rejected';
    await settle(
      ctx,
      row,
      {
        status: 'rejected',
        lastError: errorOf(status, body, serverMessage(body, msg(fallback)), now),
      },
      true,
    );
    return { kind: 'row-held' };
  }
  // 5xx (and anything unexpected): wait longer each time; after N tries a person decides.
  if (row.attempts >= ctx.backoff.maxAttempts) {
    await settle(
      ctx,
      row,
      {
        status: 'stuck',
        lastError: errorOf(status, body, msg('sync.reason.stuck', { attempts: row.attempts }), now),
      },
      true,
    );
    return { kind: 'row-held' };
  }
  await settle(ctx, row, {
    status: previous,
    nextAttemptAt: now + backoffDelay(row.attempts, ctx.backoff, ctx.random),
    lastError: errorOf(status, body, msg('sync.reason.serverError'), now),
  });
  return { kind: 'row-held' };
}
