/**
 * Which queued writes go together in one `POST /api/sync/push/`, pure. The batch
 * keeps the outbox's order and its rules: a chain's rows in `seq` order from its head (the
 * server blocks the rest of a chain after a refusal), a row only when every row it depends on
 * is done (the server knows nothing of `dependsOn` across chains), and never a row that names a
 * record created earlier in the same batch by its client UUID (its reference is rewritten to
 * the server id only once that create is done: it waits for the next batch). It stops at the
 * byte budget (the link's) and at `PUSH_MAX_WRITES`.
 */
import type { PushWrite } from '#domain/sync-protocol';
import { PUSH_MAX_WRITES } from '#domain/sync-wire';
import { dependencyState, isSendableStatus } from './outbox-rules';
import type { OutboxRow } from './types';
import { UUID_V7_RE } from './uuid';

/** Bytes of the batch's envelope (`{"writes":[…]}`, commas) counted besides its writes. */
const ENVELOPE_BYTES = 16;

export interface PlannedWrite {
  row: OutboxRow;
  write: PushWrite;
  /** UTF-8 bytes of the write's JSON in the batch. */
  bytes: number;
}

export interface BatchPlan {
  writes: PlannedWrite[];
  /** UTF-8 bytes of the whole body. */
  bytes: number;
  /** Rows that cannot go in a batch (no command for their kind, or larger than a batch). */
  singles: OutboxRow[];
}

export interface PlanOptions {
  discarded: ReadonlySet<string>;
  now: number;
  force: boolean;
  /** Stop adding writes past this many bytes (one write is always taken). */
  budgetBytes: number;
  /** A write this large never goes in a batch (the server's body limit). */
  maxBatchBytes: number;
  maxWrites?: number;
  /** The row's write as the batch carries it; null when its kind has no command here. */
  writeOf(row: OutboxRow): PushWrite | null;
}

const encoder = new TextEncoder();
export const jsonBytes = (value: unknown): number =>
  encoder.encode(JSON.stringify(value)).byteLength;

/** Whether the row's write names one of `ids` (an exact UUID: it cannot match by chance). */
function namesAny(write: PushWrite, row: OutboxRow, ids: ReadonlySet<string>): boolean {
  if (ids.size === 0) return false;
  if (ids.has(row.recordId)) return true;
  const text = `${write.path} ${JSON.stringify(write.body ?? null)}`;
  for (const id of ids) if (text.includes(id)) return true;
  return false;
}

/**
 * Rows of `live` (every not-done row, in `seq` order) for the next batch. A row that cannot
 * join closes its chain for this batch: the chain's later rows wait for the next one.
 */
export function planBatch(live: readonly OutboxRow[], options: PlanOptions): BatchPlan {
  const maxWrites = options.maxWrites ?? PUSH_MAX_WRITES;
  const byId = new Map(live.map((r) => [r.id, r]));
  const seenChains = new Set<string>();
  const closedChains = new Set<string>();
  /** Client record ids whose server id the batch's own creates will give. */
  const unnamed = new Set<string>();
  const plan: BatchPlan = { writes: [], bytes: ENVELOPE_BYTES, singles: [] };
  for (const row of live) {
    if (plan.writes.length >= maxWrites) break;
    if (closedChains.has(row.chainKey)) continue;
    const head = !seenChains.has(row.chainKey);
    seenChains.add(row.chainKey);
    const ready =
      isSendableStatus(row.status) &&
      (options.force || row.nextAttemptAt <= options.now) &&
      row.dependsOn.every((d) => dependencyState(d, byId, options.discarded) === 'done');
    const write = ready ? options.writeOf(row) : null;
    if (!ready || !write || namesAny(write, row, unnamed)) {
      closedChains.add(row.chainKey);
      // A chain head of an unknown kind (or too large) goes alone, through the single call.
      if (ready && head && !write) plan.singles.push(row);
      continue;
    }
    const bytes = jsonBytes(write) + 1;
    if (bytes + ENVELOPE_BYTES > options.maxBatchBytes) {
      closedChains.add(row.chainKey);
      if (head) plan.singles.push(row);
      continue;
    }
    if (plan.writes.length > 0 && plan.bytes + bytes > options.budgetBytes) break;
    plan.writes.push({ row, write, bytes });
    plan.bytes += bytes;
    // A record still under its client UUID (new on the phone): its create names it now.
    if (row.serverId === null && UUID_V7_RE.test(row.recordId)) unnamed.add(row.recordId);
  }
  return plan;
}
