/**
 * The drain loop: one tab at a time (the drain lock), passes over the outbox until no write
 * arrived meanwhile (the machine's dirty mark), and in each pass the sendable chain heads sent
 * in rounds — up to `concurrency` chains at once, each chain strictly in order, one row at a
 * time through `pushRow` (push.ts). It stops early when the next request would fail the same
 * way (no answer, login, 426, Retry-After). Each round first registers the device codes of the
 * receipts about to leave (receipt-device.ts).
 */
import type { AppDatabase } from '#db/database';
import type { EngineEvent, EngineState, StopReason } from './engine-machine';
import type { LockManagerLike } from './lock';
import { discardedIds, liveChainRows, liveRows, sendableHeads } from './outbox-rules';
import { pushRow, type PushContext, type PushOutcome } from './push';
import { refreshCounts } from './status-store';
import { batchWriteOf, pushBatch } from './batch-push';
import { planBatch } from './batch-plan';
import { registerQueuedReceiptDevices } from './receipt-device';
import { BATCH_HARD_LIMIT_BYTES, type LinkMeter } from './link-meter';

export const DRAIN_LOCK = 'comonsit-sync-drain';

export interface DrainReport {
  /** Rows that reached `done` in this drain. */
  sent: number;
  /** Why the drain stopped early, if it did. */
  stop: StopReason | null;
  /** Another tab was draining: this one did nothing. */
  elsewhere: boolean;
}

type PassReport = Omit<DrainReport, 'elsewhere'>;

export interface DrainDeps {
  state(): EngineState;
  dispatch(event: EngineEvent): void;
  lockManager: LockManagerLike;
  /** The checks shared with the pull (update, Retry-After, login pause): null = go. */
  blocked(): StopReason | null;
  db(): AppDatabase;
  pushContext(db: AppDatabase): PushContext;
  now(): number;
  concurrency: number;
  /** Rows this engine has on the wire (anything else left `sending` is a crash leftover). */
  inFlight: Set<string>;
  /** Each row's outcome, in the order they come (the engine updates its state and notices). */
  onOutcome(outcome: PushOutcome): void;
  /** Another tab holds the drain lock. */
  onElsewhere(): void;
  /** Batches (`POST /api/sync/push/`), or null: one request per row. */
  batch: BatchSettings | null;
}

export interface BatchSettings {
  /** False once the server showed it has no batch endpoint: single calls from then on. */
  supported: boolean;
  meter: LinkMeter;
}

/** Run `work` over `items` with at most `limit` at once. */
async function pool<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    for (let item = items[next]; item !== undefined; item = items[next]) {
      next += 1;
      await work(item);
    }
  });
  await Promise.all(runners);
}

/** Rows left `sending` by a crash or reload may have reached the server: same key later. */
async function recoverOrphans(deps: DrainDeps, db: AppDatabase): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    const orphans = await db.outbox.where('status').equals('sending').toArray();
    for (const row of orphans) {
      if (deps.inFlight.has(row.id)) continue;
      await db.outbox.put({
        ...row,
        status: 'uncertain',
        nextAttemptAt: 0,
        updatedAt: new Date(deps.now()).toISOString(),
      });
    }
  });
}

async function nextInChain(deps: DrainDeps, db: AppDatabase, chainKey: string) {
  const rows = await liveChainRows(db, chainKey);
  const [head] = sendableHeads(rows, await discardedIds(db), deps.now(), false);
  return head?.id ?? null;
}

/** One round: every sendable chain head, each chain followed while its rows go through. */
async function pushRound(
  deps: DrainDeps,
  db: AppDatabase,
  ctx: PushContext,
  force: boolean,
  report: PassReport,
): Promise<boolean> {
  const stopped = () => report.stop !== null || deps.state().life === 'stopped';
  const heads = sendableHeads(await liveRows(db), await discardedIds(db), deps.now(), force);
  let progressed = false;
  await pool(heads, deps.concurrency, async (head) => {
    let id: string | null = head.id;
    while (id && !stopped()) {
      deps.inFlight.add(id);
      let outcome: PushOutcome;
      try {
        outcome = await pushRow(ctx, id);
      } finally {
        deps.inFlight.delete(id);
      }
      await refreshCounts(db);
      deps.onOutcome(outcome);
      id = null;
      if (outcome.kind === 'done') {
        report.sent += 1;
        progressed = true;
        id = await nextInChain(deps, db, head.chainKey);
      } else if (outcome.kind === 'stop') {
        report.stop ??= outcome.reason;
      }
    }
  });
  return progressed;
}

/** Send rows one request each, in order (a chain stops at its first row not done). */
async function pushSingles(
  deps: DrainDeps,
  db: AppDatabase,
  ctx: PushContext,
  rows: readonly { id: string }[],
  report: PassReport,
): Promise<boolean> {
  let progressed = false;
  for (const { id } of rows) {
    if (report.stop !== null || deps.state().life === 'stopped') break;
    deps.inFlight.add(id);
    let outcome: PushOutcome;
    try {
      outcome = await pushRow(ctx, id);
    } finally {
      deps.inFlight.delete(id);
    }
    deps.onOutcome(outcome);
    if (outcome.kind === 'done') report.sent += 1;
    if (outcome.kind === 'stop') report.stop ??= outcome.reason;
    if (outcome.kind !== 'skipped') progressed = true;
  }
  await refreshCounts(db);
  return progressed;
}

/**
 * One batch round: the next batch the outbox's rules allow (`planBatch`), sized by the link's
 * byte budget, sent in one request. False when nothing was sent or the server has no batch
 * endpoint (the caller goes on with single calls).
 */
async function batchRound(
  deps: DrainDeps,
  batch: BatchSettings,
  db: AppDatabase,
  ctx: PushContext,
  force: boolean,
  report: PassReport,
): Promise<boolean> {
  const plan = planBatch(await liveRows(db), {
    discarded: await discardedIds(db),
    now: deps.now(),
    force,
    budgetBytes: batch.meter.budgetBytes(),
    maxBatchBytes: BATCH_HARD_LIMIT_BYTES,
    writeOf: batchWriteOf,
  });
  let progressed = await pushSingles(deps, db, ctx, plan.singles, report);
  if (plan.writes.length === 0 || report.stop !== null) return progressed;
  const result = await pushBatch(ctx, plan.writes, deps.inFlight);
  if (result.kind === 'no-endpoint') {
    batch.supported = false;
    return progressed;
  }
  if (result.kind === 'refused')
    return (await pushSingles(deps, db, ctx, result.rows, report)) || progressed;
  batch.meter.record(result.bytes, result.ms);
  await refreshCounts(db);
  for (const outcome of result.outcomes) {
    deps.onOutcome(outcome);
    if (outcome.kind === 'done') report.sent += 1;
    if (outcome.kind === 'stop') report.stop ??= outcome.reason;
    if (outcome.kind === 'done' || outcome.kind === 'row-held') progressed = true;
  }
  return progressed;
}

/** One pass over the outbox (inside the drain lock): rounds until nothing moves. */
async function pushPass(deps: DrainDeps, force: boolean): Promise<PassReport> {
  const blocked = deps.blocked();
  if (blocked) return { sent: 0, stop: blocked };
  const db = deps.db();
  await recoverOrphans(deps, db);
  const ctx = deps.pushContext(db);
  const report: PassReport = { sent: 0, stop: null };
  deps.dispatch({ type: 'push-begin' });
  try {
    let first = true;
    const passedDevices = new Set<string>();
    while (report.stop === null && deps.state().life !== 'stopped') {
      // Receipts' device codes registered before any receipt leaves (rows may arrive mid-pass).
      const halt = await registerQueuedReceiptDevices(ctx, passedDevices);
      if (halt) {
        deps.onOutcome(halt);
        report.stop = halt.reason;
        break;
      }
      // Only the first round of a "Sync now" pass skips backoff: a row failing again waits.
      const { batch } = deps;
      const batching = batch !== null && batch.supported;
      const progressed = batching
        ? await batchRound(deps, batch, db, ctx, force && first, report)
        : await pushRound(deps, db, ctx, force && first, report);
      // The server has no batch endpoint: the same round again, by single calls.
      if (batching && !batch.supported) continue;
      first = false;
      if (!progressed) break;
    }
  } finally {
    await refreshCounts(db);
  }
  return report;
}

/**
 * A whole drain: passes under the drain lock until no write arrived during the last one. The
 * caller makes sure only one runs per engine (`drain-begin` … `drain-end`).
 */
export async function runDrain(deps: DrainDeps): Promise<DrainReport> {
  const report: DrainReport = { sent: 0, stop: null, elsewhere: false };
  do {
    const { force } = deps.state();
    deps.dispatch({ type: 'drain-pass' });
    const result = await deps.lockManager.request(DRAIN_LOCK, { ifAvailable: true }, (lock) =>
      lock ? pushPass(deps, force) : Promise.resolve(null),
    );
    if (result === null) {
      report.elsewhere = true;
      deps.onElsewhere();
      break;
    }
    report.sent += result.sent;
    report.stop = result.stop;
  } while (deps.state().dirty && !report.stop && deps.state().life !== 'stopped');
  return report;
}
