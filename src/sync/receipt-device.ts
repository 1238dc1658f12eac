/**
 * Before a write carrying a receipt leaves, the receipt's device code (the middle of
 * `<user>-<device code>-<sequence>`, drawn by this phone) is registered for the signed-in user:
 * the server refuses receipts from codes the caller never registered (docs/security.md, "Receipt
 * numbers"). The codes come from the queued rows themselves, so an outbox filled before
 * registration existed registers its codes first, then goes out (docs/sync-protocol.md#push).
 *
 * What was registered is remembered in the user's own database (`meta`), not the device's: one
 * phone shared by two users registers its code once for each of them.
 */
import { isDeviceCode, receiptDeviceOf } from '#domain/receipts';
import { isRecord } from '#domain/guards';
import { CLIENT_SCHEMA_HEADER, CLIENT_SCHEMA_VERSION } from '#domain/sync-wire';
import type { AppDatabase } from '#db/database';
import { rawRequest, type RawAnswer } from '#api/raw-request';
import { isNetworkError } from '#api/errors';
import { parseRetryAfter } from './backoff';
import { getCommand } from './commands';
import type { PushContext, PushOutcome } from './push';

/** `meta` key: the receipt device codes the server accepted for this database's user. */
export const RECEIPT_DEVICES_META = 'receiptDevicesRegistered';

export const RECEIPT_DEVICES_PATH = 'recibos/dispositivos/';

type Stop = Extract<PushOutcome, { kind: 'stop' }>;

/** The receipt number a queued row's request carries, if any (what the push would send). */
function receiptNumberOf(kind: string, payload: unknown, recordId: string): string | null {
  const def = getCommand(kind);
  if (!def) return null;
  try {
    const { body } = def.request(payload, { recordId, serverId: null });
    const number = isRecord(body) ? body.recibo : null;
    return typeof number === 'string' ? number : null;
  } catch {
    return null;
  }
}

/** Device codes of the receipts the rows about to be sent carry. */
async function queuedCodes(db: AppDatabase): Promise<Set<string>> {
  const rows = await db.outbox.where('status').anyOf(['pending', 'uncertain']).toArray();
  const codes = new Set<string>();
  for (const row of rows) {
    const number = receiptNumberOf(row.kind, row.payload, row.recordId);
    const code = number === null ? null : receiptDeviceOf(number);
    if (code !== null) codes.add(code);
  }
  return codes;
}

export async function registeredCodes(db: AppDatabase): Promise<string[]> {
  const row = await db.meta.get(RECEIPT_DEVICES_META);
  const value: unknown = row?.value;
  return Array.isArray(value)
    ? value.filter((c): c is string => typeof c === 'string' && isDeviceCode(c))
    : [];
}

async function remember(db: AppDatabase, code: string): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const codes = new Set(await registeredCodes(db));
    codes.add(code);
    await db.meta.put({ key: RECEIPT_DEVICES_META, value: [...codes].sort() });
  });
}

function post(ctx: PushContext, code: string): Promise<RawAnswer> {
  return rawRequest({
    method: 'POST',
    path: RECEIPT_DEVICES_PATH,
    json: { codigo: code },
    bearer: ctx.getAccessToken(),
    headers: { [CLIENT_SCHEMA_HEADER]: String(CLIENT_SCHEMA_VERSION) },
    fetch: ctx.fetch,
    timeoutMs: ctx.timeoutMs,
  });
}

/**
 * Register one code. 'done' is remembered; 'passed' (refused, or a server without the call)
 * lets the writes go and answer for themselves; a stop ends the pass like a write's would.
 */
async function register(ctx: PushContext, code: string): Promise<'done' | 'passed' | Stop> {
  let answer: RawAnswer;
  let refreshed = false;
  for (;;) {
    try {
      answer = await post(ctx, code);
    } catch (error) {
      if (!isNetworkError(error)) throw error;
      return { kind: 'stop', reason: 'network' };
    }
    if (answer.status !== 401 || refreshed) break;
    refreshed = true;
    if (!(await ctx.refresh().catch(() => false))) break;
  }
  const { status } = answer;
  if (status >= 200 && status < 300) return 'done';
  if (status === 401) return { kind: 'stop', reason: 'login' };
  if (status === 426) return { kind: 'stop', reason: 'update' };
  if (status === 429 || status >= 500) {
    const now = ctx.now();
    const waitMs =
      parseRetryAfter(answer.headers.get('Retry-After'), now) ?? ctx.backoff.defaultRetryAfterMs;
    return { kind: 'stop', reason: 'busy', waitMs };
  }
  return 'passed';
}

/**
 * Register every device code the queued receipts carry that this user has not registered yet.
 * Null: go on sending; a stop: nothing is sent this pass (the rows wait, untouched). `passed`
 * collects codes refused in this pass, so a refusal is asked once per pass, not once per round.
 */
export async function registerQueuedReceiptDevices(
  ctx: PushContext,
  passed: Set<string>,
): Promise<Stop | null> {
  const known = new Set(await registeredCodes(ctx.db));
  for (const code of await queuedCodes(ctx.db)) {
    if (known.has(code) || passed.has(code)) continue;
    const outcome = await register(ctx, code);
    if (outcome === 'done') await remember(ctx.db, code);
    else if (outcome === 'passed') passed.add(code);
    else return outcome;
  }
  return null;
}
