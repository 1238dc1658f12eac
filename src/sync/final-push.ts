/**
 * A lost device's last push (docs/security.md#a-lost-device). The server answers every call of
 * a session the office marked lost with 401 and a code (`device_lost`, `user_inactive`) but one
 * batch push, which it accepts once and answers with `WIPE_HEADER`. So the phone, told it is
 * lost, first sends every write it still holds in that one batch (after registering the receipt
 * device codes they carry, which the server still allows), then wipes itself. The answer's
 * results are not recorded: the outbox goes with the rest.
 */
import { isLostReason, type LostReason } from '#domain/lost-device';
import { fieldOf } from '#domain/guards';
import { CLIENT_SCHEMA_HEADER, CLIENT_SCHEMA_VERSION, PUSH_MAX_WRITES } from '#domain/sync-wire';
import { rawRequest, type RawAnswer } from '#api/raw-request';
import { REQUEST_TIMEOUT_MS } from '#api/http';
import { isNetworkError } from '#api/errors';
import { batchWriteOf } from './batch-push';
import type { PushContext } from './push';
import { registerQueuedReceiptDevices } from './receipt-device';

export type FinalPushResult =
  /** The server took the batch (or there was nothing to send): wipe now. */
  | { kind: 'sent'; sent: number; accepted: number }
  /** The server refuses this session outright (its final push was made already): wipe now. */
  | { kind: 'refused'; reason: LostReason }
  /** No answer (or a busy server): keep everything and try again later. */
  | { kind: 'no-answer' };

/** The code of a lost session's refusal, or null for any other answer. */
export function lostReasonOf(status: number, body: unknown): LostReason | null {
  const code = fieldOf(body, 'code');
  return status === 401 && isLostReason(code) ? code : null;
}

/** Rows the server has not applied, in capture order: what the final push carries. */
async function unsentWrites(ctx: PushContext) {
  const rows = await ctx.db.outbox.toArray();
  return rows
    .filter((row) => row.status !== 'done')
    .sort((a, b) => a.seq - b.seq)
    .map(batchWriteOf)
    .filter((write) => write !== null)
    .slice(0, PUSH_MAX_WRITES);
}

async function send(ctx: PushContext, writes: unknown[]): Promise<RawAnswer> {
  let refreshed = false;
  for (;;) {
    const answer = await rawRequest({
      method: 'POST',
      path: 'sync/push/',
      json: { writes },
      bearer: ctx.getAccessToken(),
      headers: { [CLIENT_SCHEMA_HEADER]: String(CLIENT_SCHEMA_VERSION) },
      fetch: ctx.fetch,
      timeoutMs: (ctx.timeoutMs ?? REQUEST_TIMEOUT_MS) + writes.length * 100,
    });
    // An access token that expired offline: the lost session still refreshes until this push.
    if (answer.status !== 401 || lostReasonOf(answer.status, answer.body) || refreshed)
      return answer;
    refreshed = true;
    if (!(await ctx.refresh().catch(() => false))) return answer;
  }
}

/** Send the outbox in the one batch a lost session may send. */
export async function finalPush(ctx: PushContext): Promise<FinalPushResult> {
  try {
    const stop = await registerQueuedReceiptDevices(ctx, new Set());
    if (stop?.reason === 'network' || stop?.reason === 'busy') return { kind: 'no-answer' };
    const writes = await unsentWrites(ctx);
    if (writes.length === 0) return { kind: 'sent', sent: 0, accepted: 0 };
    const answer = await send(ctx, writes);
    const refused = lostReasonOf(answer.status, answer.body);
    if (refused) return { kind: 'refused', reason: refused };
    if (answer.status === 429 || answer.status >= 500) return { kind: 'no-answer' };
    const results = fieldOf(answer.body, 'results');
    const accepted = Array.isArray(results)
      ? results.filter((r) => {
          const status = fieldOf(r, 'status');
          return typeof status === 'number' && status >= 200 && status < 300;
        }).length
      : 0;
    // Anything else (a batch refused as a whole) cannot be sent by this session either.
    return { kind: 'sent', sent: writes.length, accepted };
  } catch (error) {
    if (isNetworkError(error)) return { kind: 'no-answer' };
    throw error;
  }
}
