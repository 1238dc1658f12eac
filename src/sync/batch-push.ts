/**
 * Sending a batch of outbox rows in ONE `POST /api/sync/push/` and recording each
 * row's outcome exactly as its single call's answer is recorded (`recordAnswer` of push.ts):
 * every row is `sending` (persisted) before the request leaves, each write carries its row id
 * as its Idempotency-Key and its capture instant, so a batch whose answer was lost is sent again
 * with the same keys and each write has one effect.
 */
import { msg } from '#domain/messages';
import {
  CLIENT_SCHEMA_HEADER,
  CLIENT_SCHEMA_VERSION,
  PUSH_BLOCKED_CODE,
  PUSH_BLOCKED_STATUS,
  PUSH_NOT_ATTEMPTED_CODE,
  PUSH_NOT_ATTEMPTED_STATUS,
} from '#domain/sync-wire';
import type { PushWrite } from '#domain/sync-protocol';
import { pushAnswerSchema, type PushResult } from '#domain/push-answer';
import { isRecord } from '#domain/guards';
import { apiPathname, rawRequest, type RawAnswer } from '#api/raw-request';
import { REQUEST_TIMEOUT_MS } from '#api/http';
import { isNetworkError } from '#api/errors';
import { parseRetryAfter } from './backoff';
import type { PlannedWrite } from './batch-plan';
import { getCommand } from './commands';
import {
  applyDone,
  errorOf,
  noAnswerReason,
  recordAnswer,
  settle,
  type AppliedWrite,
  type PushContext,
  type PushOutcome,
} from './push';
import type { OutboxRow, OutboxStatus } from './types';

/** The write a row's single call would be, as a batch carries it (null: unknown kind). */
export function batchWriteOf(row: OutboxRow): PushWrite | null {
  const def = getCommand(row.kind);
  if (!def) return null;
  const request = def.request(row.payload, { recordId: row.recordId, serverId: row.serverId });
  return {
    key: row.id,
    capturedAt: row.capturedAt,
    method: request.method,
    path: apiPathname(request.path),
    ...(request.body === undefined ? {} : { body: request.body }),
    chain: row.chainKey,
    // A correction names the refused write it replaces (the single call's X-Replaces-Key).
    ...(row.supersedes ? { replaces: row.supersedes } : {}),
  };
}

export type BatchResult =
  | { kind: 'answered'; outcomes: PushOutcome[]; bytes: number; ms: number }
  /** The server has no batch endpoint (or refuses this caller it): single calls from now on. */
  | { kind: 'no-endpoint' }
  /** The server refused the batch as a whole (too large, malformed): these rows go singly. */
  | { kind: 'refused'; rows: OutboxRow[] };

interface Claimed {
  row: OutboxRow;
  previous: OutboxStatus;
  write: PushWrite;
}

/** Atomically take every planned row still pending/uncertain: `sending`, one more attempt. */
async function claimAll(ctx: PushContext, planned: readonly PlannedWrite[]): Promise<Claimed[]> {
  const { db } = ctx;
  return db.transaction('rw', db.outbox, async () => {
    const rows = await db.outbox.bulkGet(planned.map((p) => p.row.id));
    const at = new Date(ctx.now()).toISOString();
    const claimed: Claimed[] = [];
    const lostChains = new Set<string>();
    // bulkGet answers one entry per key, in the keys' order (undefined for a row now gone).
    for (const [i, plannedWrite] of planned.entries()) {
      const row = rows[i];
      // Taken or changed meanwhile: it and the rest of its chain wait for the next batch.
      if (!row || lostChains.has(row.chainKey) || !['pending', 'uncertain'].includes(row.status)) {
        lostChains.add(plannedWrite.row.chainKey);
        continue;
      }
      const taken: OutboxRow = {
        ...row,
        status: 'sending',
        attempts: row.attempts + 1,
        sentAt: at,
        updatedAt: at,
      };
      claimed.push({ row: taken, previous: row.status, write: plannedWrite.write });
    }
    await db.outbox.bulkPut(claimed.map((c) => c.row));
    return claimed;
  });
}

/** Put rows back as they were, the attempt not counted (the batch never reached them). */
async function restoreAll(
  ctx: PushContext,
  claimed: readonly Pick<Claimed, 'row' | 'previous'>[],
): Promise<void> {
  const at = new Date(ctx.now()).toISOString();
  await ctx.db.outbox.bulkPut(
    claimed.map(({ row, previous }) => ({
      ...row,
      status: previous,
      attempts: row.attempts - 1,
      updatedAt: at,
    })),
  );
}

/** No answer: each row may or may not have arrived; the same batch goes again, same keys. */
async function markUncertain(ctx: PushContext, claimed: readonly Claimed[]): Promise<void> {
  const now = ctx.now();
  const lastError = errorOf(0, null, msg(noAnswerReason()), now);
  const at = new Date(now).toISOString();
  await ctx.db.outbox.bulkPut(
    claimed.map(({ row }) => ({
      ...row,
      status: 'uncertain' as const,
      nextAttemptAt: now,
      lastError,
      updatedAt: at,
    })),
  );
}

async function sendBatch(ctx: PushContext, claimed: readonly Claimed[]): Promise<RawAnswer> {
  let refreshed = false;
  for (;;) {
    const answer = await rawRequest({
      method: 'POST',
      path: 'sync/push/',
      json: { writes: claimed.map((c) => c.write) },
      bearer: ctx.getAccessToken(),
      headers: { [CLIENT_SCHEMA_HEADER]: String(CLIENT_SCHEMA_VERSION) },
      fetch: ctx.fetch,
      // Each write is its own transaction on the server: a batch may take longer than a call.
      timeoutMs: (ctx.timeoutMs ?? REQUEST_TIMEOUT_MS) + claimed.length * BATCH_MS_PER_WRITE,
    });
    if (answer.status !== 401 || refreshed) return answer;
    refreshed = true;
    if (!(await ctx.refresh().catch(() => false))) return answer;
  }
}

/** Added to the request timeout for each write of a batch (the server runs them one by one). */
const BATCH_MS_PER_WRITE = 100;

const codeOf = (body: unknown): unknown => (isRecord(body) ? body.code : undefined);

/** One write's result, recorded as its single call's answer would be. */
async function recordResult(
  ctx: PushContext,
  { row, previous }: Claimed,
  result: PushResult,
  headers: Headers,
): Promise<PushOutcome> {
  const def = getCommand(row.kind);
  const code = codeOf(result.body);
  const blocked = result.status === PUSH_BLOCKED_STATUS && code === PUSH_BLOCKED_CODE;
  const notAttempted =
    result.status === PUSH_NOT_ATTEMPTED_STATUS && code === PUSH_NOT_ATTEMPTED_CODE;
  if (!def || blocked || notAttempted) {
    // Not applied, not stored: it waits (behind its chain's refusal, or the batch's halt).
    // Blocked: behind the refusal recorded just before it, it becomes `blocked` (reconcile).
    // A blocked row that was uncertain (its earlier batch got no answer) is pending again: the
    // server says it holds nothing new of it, and its key still guards it if that batch did
    // arrive. Left uncertain it would never be sent nor blocked, behind a refusal for good.
    const waitMs = notAttempted ? (parseRetryAfter(headers.get('Retry-After'), ctx.now()) ?? 0) : 0;
    const patch = {
      status: blocked ? ('pending' as const) : previous,
      attempts: row.attempts - 1,
      nextAttemptAt: ctx.now() + waitMs,
    };
    await settle(ctx, row, patch, blocked);
    return { kind: 'row-held' };
  }
  const answer: RawAnswer = { status: result.status, headers, body: result.body, bytes: 0 };
  return recordAnswer(ctx, row, previous, def, answer);
}

/** Statuses of the batch itself after which these rows go as single calls. */
const NO_ENDPOINT = new Set([403, 404, 405]);

/** Send the planned rows in one request and record each row's outcome. */
export async function pushBatch(
  ctx: PushContext,
  planned: readonly PlannedWrite[],
  inFlight: Set<string>,
): Promise<BatchResult> {
  const claimed = await claimAll(ctx, planned);
  if (claimed.length === 0) return { kind: 'answered', outcomes: [], bytes: 0, ms: 0 };
  const bytes = planned.reduce((sum, p) => sum + p.bytes, 0);
  const started = performance.now();
  let answer: RawAnswer;
  for (const c of claimed) inFlight.add(c.row.id);
  try {
    answer = await sendBatch(ctx, claimed);
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    await markUncertain(ctx, claimed);
    return { kind: 'answered', outcomes: [{ kind: 'stop', reason: 'network' }], bytes, ms: 0 };
  } finally {
    for (const c of claimed) inFlight.delete(c.row.id);
  }
  const ms = performance.now() - started;
  if (NO_ENDPOINT.has(answer.status)) {
    await restoreAll(ctx, claimed);
    return { kind: 'no-endpoint' };
  }
  if (answer.status === 400 || answer.status === 413) {
    await restoreAll(ctx, claimed);
    return { kind: 'refused', rows: claimed.map((c) => c.row) };
  }
  const outcomes: PushOutcome[] = [];
  if (answer.status !== 200) {
    // The batch as a whole got what a single call may get (401, 426, 429, 503, 5xx): every
    // row records that answer, as its own call would have.
    for (const c of claimed)
      outcomes.push(await recordResult(ctx, c, asResult(c, answer), answer.headers));
    return { kind: 'answered', outcomes, bytes, ms };
  }
  const parsed = pushAnswerSchema.safeParse(answer.body);
  const results = new Map(parsed.success ? parsed.data.results.map((r) => [r.key, r]) : []);
  const unanswered: Claimed[] = [];
  // Consecutive applied writes are recorded together (one transaction), the others one by one,
  // all in the batch's order.
  let applied: AppliedWrite[] = [];
  const recordApplied = async () => {
    const notices = await applyDone(ctx, applied);
    for (const notice of notices) outcomes.push({ kind: 'done', notice });
    applied = [];
  };
  for (const c of claimed) {
    const result = results.get(c.row.id);
    const def = getCommand(c.row.kind);
    if (result && def && result.status >= 200 && result.status < 300) {
      const single: RawAnswer = {
        status: result.status,
        headers: answer.headers,
        body: result.body,
        bytes: 0,
      };
      applied.push({ row: c.row, def, answer: single });
      continue;
    }
    await recordApplied();
    if (result) outcomes.push(await recordResult(ctx, c, result, answer.headers));
    else unanswered.push(c);
  }
  await recordApplied();
  // A write the answer does not name may have been applied: sent again later, same key.
  if (unanswered.length > 0) {
    await markUncertain(ctx, unanswered);
    outcomes.push({ kind: 'stop', reason: 'network' });
  }
  return { kind: 'answered', outcomes, bytes, ms };
}

function asResult(c: Claimed, answer: RawAnswer): PushResult {
  return { key: c.row.id, status: answer.status, body: answer.body };
}
