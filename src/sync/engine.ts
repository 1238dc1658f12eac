/**
 * The sync engine (ARCHITECTURE.md "How data flows" 3–5): pushes the outbox, then pulls.
 * - one drain at a time per engine, a dirty flag for writes made during a drain, and one tab
 *   drains (a lock shared by tabs);
 * - chains strictly in order, independent chains concurrently (small limit);
 * - triggers: start, `online`, page visible, each enqueue, a timer while online, `syncNow()`;
 * - stops early when the next request would fail the same way (no answer, 429/503, 426, login).
 * Everything that touches the outside is injectable: fetch, clock, lock manager, token source.
 */
import type { StoreApi } from 'zustand/vanilla';
import { msg } from '#domain/messages';
import { getDb, type AppDatabase } from '#db/database';
import type { FetchLike } from '#api/raw-request';
import { refreshAccessToken } from '#api/client';
import { getSession, sessionStore } from '#api/session-store';
import { DEFAULT_BACKOFF, type BackoffSettings } from './backoff';
import { onOutboxChange } from './kick';
import { defaultLockManager, type LockManagerLike } from './lock';
import { discardedIds, liveChainRows, liveRows, sendableHeads } from './outbox-rules';
import { pushRow, type PushContext, type PushOutcome } from './push';
import { runPull, LAST_PULL_KEY, type PullResult } from './pull';
import {
  patchSyncStatus,
  refreshCounts,
  syncStatus,
  type SyncNotice,
  type SyncStatusState,
} from './status-store';
import type { SyncPhase } from './types';

export const DRAIN_LOCK = 'comonsit-sync-drain';
export const PULL_LOCK = 'comonsit-sync-pull';
export const LAST_SYNC_KEY = 'sync.lastSuccessAt';

export interface SyncEngineOptions {
  /** The user database to sync (default: the open one, `getDb()`). */
  db?: () => AppDatabase;
  fetch?: FetchLike;
  /** Clock (epoch ms): backoff, Retry-After and due times use it. */
  now?: () => number;
  random?: () => number;
  lockManager?: LockManagerLike;
  /** Read at send time (default: the session store's access token). */
  getAccessToken?: () => string | null;
  /** Renew the access token once (default: the API layer's shared refresh). */
  refresh?: () => Promise<boolean>;
  isOnline?: () => boolean;
  backoff?: Partial<BackoffSettings>;
  /** Independent chains sent at once (1–3, default 3). */
  concurrency?: number;
  /** While online: push due rows this often (default 30 s) and pull this often (default 5 min). */
  pushIntervalMs?: number;
  pullIntervalMs?: number;
  /** When another tab holds the drain lock, look again after this long (default 2 s). */
  busyRetryMs?: number;
  timeoutMs?: number;
  pullLimit?: number;
  /** Listen to window `online`/`offline`, `visibilitychange` and session changes (default true). */
  listen?: boolean;
  onNotice?: (notice: SyncNotice) => void;
}

export type StopReason = 'network' | 'login' | 'update' | 'busy';

export interface DrainReport {
  /** Rows that reached `done` in this drain. */
  sent: number;
  /** Why the drain stopped early, if it did. */
  stop: StopReason | null;
  /** Another tab was draining: this one did nothing. */
  elsewhere: boolean;
}

export interface SyncEngine {
  /** Begin: first push + pull, then listen to the triggers. Resolves after the first cycle. */
  start(): Promise<void>;
  stop(): void;
  /**
   * Before the page reloads (a new app version): stop like `stop()` — no new send starts —
   * and resolve once the drain in progress is over, so the item on the wire gets its answer
   * recorded. The rest of the queue stays in the outbox for the next start.
   */
  settle(): Promise<void>;
  /** The "Sync now" button: push everything (ignoring backoff), then pull. */
  syncNow(): Promise<void>;
  drain(): Promise<DrainReport>;
  pull(): Promise<PullResult>;
  status: StoreApi<SyncStatusState>;
}

type PullMode = 'always' | 'if-due' | 'after-push';

function browserOnline(): boolean {
  return (globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine ?? true;
}

function clampConcurrency(n: number | undefined): number {
  return Math.min(3, Math.max(1, Math.floor(n ?? 3)));
}

/** Run `work` over `items` with at most `limit` at once. */
async function pool<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next]!;
      next += 1;
      await work(item);
    }
  });
  await Promise.all(runners);
}

export function createSyncEngine(options: SyncEngineOptions = {}): SyncEngine {
  const dbOf = options.db ?? getDb;
  const now = options.now ?? Date.now;
  const lockManager = options.lockManager ?? defaultLockManager();
  const getAccessToken = options.getAccessToken ?? (() => getSession().access);
  const refresh = options.refresh ?? refreshAccessToken;
  const isOnline = options.isOnline ?? browserOnline;
  const backoff: BackoffSettings = { ...DEFAULT_BACKOFF, ...options.backoff };
  const concurrency = clampConcurrency(options.concurrency);
  const pushIntervalMs = options.pushIntervalMs ?? 30_000;
  const pullIntervalMs = options.pullIntervalMs ?? 5 * 60_000;
  const busyRetryMs = options.busyRetryMs ?? 2_000;

  let started = false;
  let stopped = false;
  let draining: Promise<DrainReport> | null = null;
  let dirty = false;
  let forceNext = false;
  let pulling: Promise<PullResult> | null = null;
  let cycleRunning: Promise<void> | null = null;
  let cycleAgain: PullMode | null = null;
  /** Rows this engine has on the wire (anything else left `sending` is a crash leftover). */
  const inFlight = new Set<string>();
  /** Set on 401 after a failed refresh: no pushes until the token changes (a new login). */
  let pausedToken: string | null | undefined;
  let holdUntil = 0;
  let updateRequired = false;
  let lastPullMs = 0;
  let lastNetworkFailure = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const unsubscribers: (() => void)[] = [];

  const pushContext = (db: AppDatabase): PushContext => ({
    db,
    fetch: options.fetch,
    now,
    random: options.random ?? Math.random,
    getAccessToken,
    refresh,
    backoff,
    timeoutMs: options.timeoutMs,
  });

  function phaseNow(): SyncPhase {
    if (pausedToken !== undefined) return 'paused-login';
    if (!isOnline() || lastNetworkFailure) return 'offline';
    return 'idle';
  }

  function setPhase(phase?: SyncPhase): void {
    patchSyncStatus({ phase: phase ?? phaseNow(), online: isOnline(), updateRequired });
  }

  /** Checks shared by push and pull: may this engine talk to the server right now? */
  function blockedReason(): StopReason | null {
    if (updateRequired) return 'update';
    if (holdUntil > now()) return 'busy';
    if (pausedToken !== undefined) {
      if (getAccessToken() === pausedToken) return 'login';
      pausedToken = undefined; // a new token arrived: resume
    }
    return null;
  }

  function noteStop(
    outcome: Extract<PushOutcome, { kind: 'stop' }> | { reason: StopReason; waitMs?: number },
  ): void {
    lastNetworkFailure = outcome.reason === 'network';
    if (outcome.reason === 'network') patchSyncStatus({ lastError: msg('sync.error.offline') });
    if (outcome.reason === 'login') {
      pausedToken = getAccessToken();
      patchSyncStatus({ lastError: msg('sync.error.loginRequired') });
    }
    if (outcome.reason === 'update') {
      updateRequired = true;
      patchSyncStatus({ lastError: msg('sync.error.updateRequired') });
    }
    if (outcome.reason === 'busy' && 'waitMs' in outcome && outcome.waitMs !== undefined) {
      holdUntil = Math.max(holdUntil, now() + outcome.waitMs);
      patchSyncStatus({ lastError: msg('sync.error.serverBusy') });
    }
  }

  /** Rows left `sending` by a crash or reload may have reached the server: same key later. */
  async function recoverOrphans(db: AppDatabase): Promise<void> {
    await db.transaction('rw', db.outbox, async () => {
      const orphans = await db.outbox.where('status').equals('sending').toArray();
      for (const row of orphans) {
        if (inFlight.has(row.id)) continue;
        await db.outbox.put({
          ...row,
          status: 'uncertain',
          nextAttemptAt: 0,
          updatedAt: new Date(now()).toISOString(),
        });
      }
    });
  }

  async function nextInChain(db: AppDatabase, chainKey: string): Promise<string | null> {
    const rows = await liveChainRows(db, chainKey);
    const [head] = sendableHeads(rows, await discardedIds(db), now(), false);
    return head?.id ?? null;
  }

  async function pushAll(force: boolean): Promise<Omit<DrainReport, 'elsewhere'>> {
    const blocked = blockedReason();
    if (blocked) return { sent: 0, stop: blocked };
    const db = dbOf();
    await recoverOrphans(db);
    const ctx = pushContext(db);
    let sent = 0;
    let stop: StopReason | null = null;
    let first = true;
    setPhase('pushing');
    try {
      while (!stop && !stopped) {
        const heads = sendableHeads(
          await liveRows(db),
          await discardedIds(db),
          now(),
          force && first,
        );
        first = false;
        if (heads.length === 0) break;
        let progressed = false;
        await pool(heads, concurrency, async (head) => {
          let id: string | null = head.id;
          while (id && !stop && !stopped) {
            inFlight.add(id);
            let outcome: PushOutcome;
            try {
              outcome = await pushRow(ctx, id);
            } finally {
              inFlight.delete(id);
            }
            await refreshCounts(db);
            if (outcome.kind === 'done') {
              sent += 1;
              progressed = true;
              lastNetworkFailure = false;
              options.onNotice?.(outcome.notice);
              id = await nextInChain(db, head.chainKey);
            } else {
              if (outcome.kind === 'stop') {
                stop ??= outcome.reason;
                noteStop(outcome);
              } else if (outcome.kind === 'row-held') {
                lastNetworkFailure = false;
              }
              id = null;
            }
          }
        });
        if (!progressed) break;
      }
    } finally {
      await refreshCounts(db);
    }
    return { sent, stop };
  }

  function drain(): Promise<DrainReport> {
    if (draining) {
      dirty = true;
      return draining;
    }
    draining = (async () => {
      const report: DrainReport = { sent: 0, stop: null, elsewhere: false };
      try {
        do {
          dirty = false;
          const force = forceNext;
          forceNext = false;
          const result = await lockManager.request(
            DRAIN_LOCK,
            { ifAvailable: true },
            async (lock) => (lock ? pushAll(force) : null),
          );
          if (result === null) {
            report.elsewhere = true;
            if (started) setTimeout(() => void cycle('after-push'), busyRetryMs);
            break;
          }
          report.sent += result.sent;
          report.stop = result.stop;
        } while (dirty && !report.stop && !stopped);
      } finally {
        setPhase();
      }
      return report;
    })().finally(() => {
      draining = null;
    });
    return draining;
  }

  function pull(): Promise<PullResult> {
    if (pulling) return pulling;
    pulling = (async (): Promise<PullResult> => {
      const blocked = blockedReason();
      if (blocked === 'busy') return { ok: false, reason: 'busy', waitMs: holdUntil - now() };
      if (blocked) return { ok: false, reason: blocked };
      const db = dbOf();
      const result = await lockManager.request(PULL_LOCK, { ifAvailable: true }, async (lock) => {
        if (!lock) return null;
        setPhase('pulling');
        return runPull({
          db,
          fetch: options.fetch,
          now,
          getAccessToken,
          refresh,
          limit: options.pullLimit,
          timeoutMs: options.timeoutMs,
          onProgress: (progress) => patchSyncStatus({ pull: progress }),
        });
      });
      if (result === null) return { ok: false, reason: 'busy', waitMs: 0 };
      if (result.ok) {
        lastPullMs = now();
        lastNetworkFailure = false;
        patchSyncStatus({ lastPullAt: new Date(lastPullMs).toISOString() });
      } else if (result.reason === 'busy') {
        noteStop({ reason: 'busy', waitMs: result.waitMs });
      } else if (result.reason === 'server') {
        patchSyncStatus({ lastError: msg('sync.error.pullFailed') });
      } else {
        noteStop({ reason: result.reason });
      }
      return result;
    })().finally(() => {
      pulling = null;
      setPhase();
    });
    return pulling;
  }

  async function markSynced(db: AppDatabase): Promise<void> {
    const at = new Date(now()).toISOString();
    await db.meta.put({ key: LAST_SYNC_KEY, value: at });
    patchSyncStatus({ lastSyncAt: at, lastError: null });
  }

  async function runCycle(mode: PullMode): Promise<void> {
    if (!isOnline()) {
      setPhase();
      return;
    }
    const report = await drain();
    if (report.elsewhere || report.stop || stopped) return;
    const pullDue = now() - lastPullMs >= pullIntervalMs;
    const wantPull = mode === 'always' || pullDue || (mode === 'after-push' && report.sent > 0);
    if (wantPull) {
      const result = await pull();
      if (!result.ok) return;
    }
    await markSynced(dbOf());
  }

  /** Run a cycle; a trigger during a running cycle runs one more afterwards. */
  function cycle(mode: PullMode): Promise<void> {
    if (stopped) return Promise.resolve();
    if (cycleRunning) {
      cycleAgain = cycleAgain === 'always' || mode === 'always' ? 'always' : mode;
      dirty = true;
      return cycleRunning;
    }
    cycleRunning = (async () => {
      try {
        let next: PullMode | null = mode;
        while (next && !stopped) {
          cycleAgain = null;
          await runCycle(next).catch((error: unknown) => {
            patchSyncStatus({ lastError: msg('sync.error.unexpected', { reason: String(error) }) });
          });
          next = cycleAgain;
        }
      } finally {
        cycleRunning = null;
        void scheduleTick();
      }
    })();
    return cycleRunning;
  }

  async function scheduleTick(): Promise<void> {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (!started || stopped) return;
    const t = now();
    let wait = Math.min(pushIntervalMs, Math.max(0, lastPullMs + pullIntervalMs - t));
    try {
      const rows = await liveRows(dbOf());
      for (const row of rows) {
        if (row.status === 'pending' || row.status === 'uncertain')
          wait = Math.min(wait, Math.max(0, row.nextAttemptAt - t));
      }
    } catch {
      // No database open (logged out): the plain interval will look again.
    }
    if (holdUntil > t) wait = Math.max(wait, holdUntil - t);
    if (!started || stopped) return;
    timer = setTimeout(() => void cycle('if-due'), Math.max(50, wait));
  }

  function listen(): void {
    const onOutbox = onOutboxChange(() => {
      if (!started) return;
      // A write during a drain is caught by the dirty flag; otherwise start a push now.
      if (draining) dirty = true;
      else void cycle('after-push');
    });
    unsubscribers.push(onOutbox);
    if (options.listen === false) return;
    // Typed structurally: the same engine runs in a page and in the service worker.
    type Listen = (type: string, listener: () => void) => void;
    const target = globalThis as {
      addEventListener?: Listen;
      removeEventListener?: Listen;
      document?: {
        visibilityState: string;
        addEventListener: Listen;
        removeEventListener: Listen;
      };
    };
    if (target.addEventListener && target.removeEventListener) {
      const onOnline = () => {
        lastNetworkFailure = false;
        void cycle('always');
      };
      const onOffline = () => setPhase();
      target.addEventListener('online', onOnline);
      target.addEventListener('offline', onOffline);
      unsubscribers.push(() => {
        target.removeEventListener!('online', onOnline);
        target.removeEventListener!('offline', onOffline);
      });
    }
    const doc = target.document;
    if (doc) {
      const onVisible = () => {
        if (doc.visibilityState === 'visible') void cycle('if-due');
      };
      doc.addEventListener('visibilitychange', onVisible);
      unsubscribers.push(() => doc.removeEventListener('visibilitychange', onVisible));
    }
    unsubscribers.push(
      sessionStore.subscribe((state, previous) => {
        if (state.access && state.access !== previous.access && pausedToken !== undefined)
          void cycle('always');
      }),
    );
  }

  function stopEngine(): void {
    started = false;
    stopped = true;
    if (timer !== null) clearTimeout(timer);
    timer = null;
    for (const off of unsubscribers.splice(0)) off();
  }

  return {
    status: syncStatus,
    async start() {
      if (started) return;
      started = true;
      stopped = false;
      const db = dbOf();
      const lastPull = await db.meta.get(LAST_PULL_KEY);
      if (typeof lastPull?.value === 'string') patchSyncStatus({ lastPullAt: lastPull.value });
      const lastSync = await db.meta.get(LAST_SYNC_KEY);
      if (typeof lastSync?.value === 'string') patchSyncStatus({ lastSyncAt: lastSync.value });
      await refreshCounts(db);
      listen();
      await cycle('always');
    },
    stop: stopEngine,
    async settle() {
      stopEngine();
      await draining?.catch(() => undefined);
    },
    async syncNow() {
      lastNetworkFailure = false;
      forceNext = true;
      if (!started) {
        const report = await drain();
        if (!report.stop && !report.elsewhere && (await pull()).ok) await markSynced(dbOf());
        return;
      }
      await cycle('always');
    },
    drain,
    pull,
  };
}
