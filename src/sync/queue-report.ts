/**
 * What this phone still holds, told to the office on every sync: counts of
 * the outbox by kind and state, its oldest capture, when its oldest refusal came back, and the
 * writes discarded here with the reason chosen (#domain/field-inbox `DISCARD_REASONS`) — never
 * a record's contents. Sent after the cycle's push and pull; a failure is ignored (the next
 * sync reports again, and the report is only a view for the office).
 */
import { rawRequest, type FetchLike } from '#api/raw-request';
import type { AppDatabase } from '#db/database';
import { getDeviceDb } from '#db/device-db';
import type { QueueReportInput } from '#domain/field-inbox';
import { parseMessage } from '#domain/messages';
import {
  CLIENT_SCHEMA_HEADER,
  CLIENT_SCHEMA_VERSION,
  DISCARD_REASONS,
  QUEUE_REPORT_MAX_ENTRIES,
  QUEUE_STATES,
  type DiscardReason,
  type QueueState,
} from '#domain/sync-wire';

/** Discards older than the server keeps its key rows are of no use to it. */
const DISCARDS_KEPT_MS = 90 * 86_400_000;
const DISCARD_REASON_PREFIX = 'syncCenter.discardReasons.';

/** The encoded reason a discard keeps in the audit log, for a reason code. */
export function discardReasonMessage(reason: DiscardReason): string {
  return `${DISCARD_REASON_PREFIX}${reason}`;
}

/** The code of a kept reason (an older discard, made before reasons were asked: "other"). */
export function discardReasonOf(reason: string | null): DiscardReason {
  const key = reason === null ? null : (parseMessage(reason)?.key ?? null);
  const code = key?.startsWith(DISCARD_REASON_PREFIX)
    ? key.slice(DISCARD_REASON_PREFIX.length)
    : '';
  return DISCARD_REASONS.find((r) => r === code) ?? 'other';
}

const isQueueState = (status: string): status is QueueState =>
  (QUEUE_STATES as readonly string[]).includes(status);

/** The report of one user's outbox and audit log, as of `nowMs`. */
export async function buildQueueReport(
  db: AppDatabase,
  nowMs: number,
  device: string,
): Promise<QueueReportInput> {
  const rows = await db.outbox.toArray();
  const counts = new Map<string, { kind: string; state: QueueState; count: number }>();
  let oldestCapture: string | null = null;
  let oldestRefusal: string | null = null;
  for (const row of rows) {
    if (!isQueueState(row.status)) continue;
    const key = `${row.kind}|${row.status}`;
    const entry = counts.get(key) ?? { kind: row.kind, state: row.status, count: 0 };
    entry.count += 1;
    counts.set(key, entry);
    if (oldestCapture === null || row.capturedAt < oldestCapture) oldestCapture = row.capturedAt;
    const refusedAt = row.status === 'rejected' ? (row.lastError?.at ?? row.updatedAt) : null;
    if (refusedAt !== null && (oldestRefusal === null || refusedAt < oldestRefusal))
      oldestRefusal = refusedAt;
  }
  const since = new Date(nowMs - DISCARDS_KEPT_MS).toISOString();
  const discards = (await db.audit.toArray())
    .filter((a) => a.action === 'discard' && a.at >= since)
    .sort((a, b) => (a.at < b.at ? 1 : -1))
    .slice(0, QUEUE_REPORT_MAX_ENTRIES);
  return {
    device,
    counts: [...counts.values()].slice(0, QUEUE_REPORT_MAX_ENTRIES),
    oldest_captured_at: oldestCapture,
    oldest_refused_at: oldestRefusal,
    discarded: discards.map((a) => ({
      key: a.row.id,
      reason: discardReasonOf(a.reason),
      at: a.at,
    })),
  };
}

/** This phone's id (made at its first capture); a phone that never captured says "none". */
async function deviceId(): Promise<string> {
  const fact = await getDeviceDb().facts.get('deviceId');
  return typeof fact?.value === 'string' ? fact.value.slice(0, 64) : 'none';
}

export async function sendQueueReport(ctx: {
  db: AppDatabase;
  now: () => number;
  getAccessToken: () => string | null;
  fetch?: FetchLike;
  timeoutMs?: number;
}): Promise<boolean> {
  const report = await buildQueueReport(ctx.db, ctx.now(), await deviceId());
  const answer = await rawRequest({
    method: 'POST',
    path: 'sync/queue-report/',
    json: report,
    bearer: ctx.getAccessToken(),
    headers: { [CLIENT_SCHEMA_HEADER]: String(CLIENT_SCHEMA_VERSION) },
    fetch: ctx.fetch,
    timeoutMs: ctx.timeoutMs,
  });
  return answer.status >= 200 && answer.status < 300;
}
