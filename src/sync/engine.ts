/**
 * The sync engine (docs/sync-protocol.md): pushes the outbox, then pulls.
 * - its state is one value of the machine in engine-machine.ts, changed only by `dispatch`;
 * - one drain at a time per engine (engine-drain.ts), a dirty mark for writes made during a
 *   drain, and one tab drains (a lock shared by tabs);
 * - cycles (push, then pull when wanted) run one at a time, a trigger during one queues the next;
 * - triggers (engine-triggers.ts): start, `online`, page visible, each enqueue, a timer while
 *   started, a new login after a pause, `syncNow()`;
 * - the status store shows the machine's phase (engine-status.ts).
 * Everything that touches the outside is injectable: fetch, clock, lock manager, token source.
 */
import type { StoreApi } from 'zustand/vanilla';
import { getDb, type AppDatabase } from '#db/database';
import type { FetchLike } from '#api/raw-request';
import { refreshAccessToken } from '#api/client';
import { getSession } from '#api/session-store';
import { DEFAULT_BACKOFF, type BackoffSettings } from './backoff';
import { runDrain, type BatchSettings, type DrainDeps, type DrainReport } from './engine-drain';
import { createLinkMeter } from './link-meter';
import { sendQueueReport } from './queue-report';
import {
  blockedBy,
  initialEngineState,
  shownChanged,
  transition,
  wantsPull,
  type EngineEvent,
  type EngineState,
  type Halt,
  type PullMode,
  type StopReason,
} from './engine-machine';
import {
  markSynced,
  publishState,
  reportHalt,
  reportPulled,
  reportPullFailed,
  reportPullProgress,
  reportUnexpected,
  restoreSyncInstants,
} from './engine-status';
import {
  createTicker,
  listenForTriggers,
  nextTickDelay,
  type Ticker,
  type TriggerHandlers,
} from './engine-triggers';
import { defaultLockManager, type LockManagerLike } from './lock';
import { commandsReady } from './commands';
import { liveRows } from './outbox-rules';
import type { PushContext, PushOutcome } from './push';
import { runPull, type PullResult } from './pull';
import { refreshCounts, syncStatus, type SyncNotice, type SyncStatusState } from './status-store';
import type { OutboxRow } from './types';

export { DRAIN_LOCK, type DrainReport } from './engine-drain';
export { LAST_SYNC_KEY } from './engine-status';
export type { StopReason } from './engine-machine';
export const PULL_LOCK = 'comonsit-sync-pull';

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
  /** Independent chains sent at once by single calls (1–3, default 3). */
  concurrency?: number;
  /**
   * 'batch' (default): many writes per `POST /api/sync/push/`, sized by bytes to the link,
   * single calls against a server without it; 'single': one request per write.
   */
  pushMode?: 'batch' | 'single';
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
  /**
   * Whether to tell the server this phone's queue after each synced cycle (the app
   * says yes for the roles that write from the field). Off by default.
   */
  reportQueue?: () => boolean;
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

/** The options with their defaults filled in (these four stay optional: the callee's default). */
type OptionalSetting = 'fetch' | 'timeoutMs' | 'pullLimit' | 'onNotice' | 'reportQueue';
type Settings = Required<Omit<SyncEngineOptions, OptionalSetting | 'backoff'>> &
  Pick<SyncEngineOptions, OptionalSetting> & { backoff: BackoffSettings };

/** One engine: its settings, its machine state, and the runs in progress that callers join. */
interface Engine {
  settings: Settings;
  readonly state: EngineState;
  dispatch(event: EngineEvent): void;
  /** Show the state in the status store (also after the browser's online/offline changes). */
  publish(): void;
  /** Rows this engine has on the wire (anything else left `sending` is a crash leftover). */
  inFlight: Set<string>;
  /** Batches and the link's byte budget, kept from one drain to the next (null: single calls). */
  batch: BatchSettings | null;
  runs: {
    drain: Promise<DrainReport> | null;
    pull: Promise<PullResult> | null;
    cycle: Promise<void> | null;
  };
  ticker: Ticker;
  unlisten: (() => void) | null;
}

function browserOnline(): boolean {
  return typeof navigator === 'undefined' ? true : navigator.onLine;
}

function resolveSettings(options: SyncEngineOptions): Settings {
  return {
    ...options,
    db: options.db ?? getDb,
    now: options.now ?? Date.now,
    random: options.random ?? Math.random,
    lockManager: options.lockManager ?? defaultLockManager(),
    getAccessToken: options.getAccessToken ?? (() => getSession().access),
    refresh: options.refresh ?? refreshAccessToken,
    isOnline: options.isOnline ?? browserOnline,
    backoff: { ...DEFAULT_BACKOFF, ...options.backoff },
    concurrency: Math.min(3, Math.max(1, Math.floor(options.concurrency ?? 3))),
    pushMode: options.pushMode ?? 'batch',
    pushIntervalMs: options.pushIntervalMs ?? 30_000,
    pullIntervalMs: options.pullIntervalMs ?? 5 * 60_000,
    busyRetryMs: options.busyRetryMs ?? 2_000,
    listen: options.listen ?? true,
  };
}

/** Ends of work after which the status is written even when the phase stays the same. */
const SETTLING_EVENTS: ReadonlySet<EngineEvent['type']> = new Set(['drain-end', 'pull-end']);

function createEngine(settings: Settings): Engine {
  let state = initialEngineState();
  const engine: Engine = {
    settings,
    get state() {
      return state;
    },
    dispatch(event) {
      const before = state;
      state = transition(state, event);
      const online = settings.isOnline();
      if (SETTLING_EVENTS.has(event.type) || shownChanged(before, state, online))
        publishState(state, online);
    },
    publish: () => publishState(state, settings.isOnline()),
    inFlight: new Set(),
    batch: settings.pushMode === 'batch' ? { supported: true, meter: createLinkMeter() } : null,
    runs: { drain: null, pull: null, cycle: null },
    ticker: createTicker(() => void cycle(engine, 'if-due')),
    unlisten: null,
  };
  return engine;
}

const isRunning = (engine: Engine) => engine.state.life === 'running';
const isStopped = (engine: Engine) => engine.state.life === 'stopped';

function pushContext(s: Settings, db: AppDatabase): PushContext {
  const { fetch, now, random, getAccessToken, refresh, backoff, timeoutMs } = s;
  return { db, fetch, now, random, getAccessToken, refresh, backoff, timeoutMs };
}

/** About to ask the server: may it (update, Retry-After, a login pause for this token)? */
function gateCheck(engine: Engine, now: number): StopReason | null {
  const token = engine.settings.getAccessToken();
  engine.dispatch({ type: 'gate', now, token });
  return blockedBy(engine.state, now, token);
}

function noteHalt(engine: Engine, halt: Halt): void {
  const { now, getAccessToken } = engine.settings;
  engine.dispatch({ type: 'halted', halt, now: now(), token: getAccessToken() });
  reportHalt(halt.reason);
}

function notePushOutcome(engine: Engine, outcome: PushOutcome): void {
  if (outcome.kind === 'stop') noteHalt(engine, outcome);
  else if (outcome.kind !== 'skipped') engine.dispatch({ type: 'row-answered' });
  if (outcome.kind === 'done') engine.settings.onNotice?.(outcome.notice);
}

function drainDeps(engine: Engine): DrainDeps {
  const s = engine.settings;
  return {
    state: () => engine.state,
    dispatch: (event) => engine.dispatch(event),
    lockManager: s.lockManager,
    blocked: () => gateCheck(engine, s.now()),
    db: s.db,
    pushContext: (db) => pushContext(s, db),
    now: s.now,
    concurrency: s.concurrency,
    inFlight: engine.inFlight,
    onOutcome: (outcome) => notePushOutcome(engine, outcome),
    batch: engine.batch,
    onElsewhere: () => {
      if (isRunning(engine)) setTimeout(() => void cycle(engine, 'after-push'), s.busyRetryMs);
    },
  };
}

function drain(engine: Engine): Promise<DrainReport> {
  if (engine.runs.drain) {
    engine.dispatch({ type: 'drain-requested' });
    return engine.runs.drain;
  }
  engine.dispatch({ type: 'drain-begin' });
  // Every queued kind's definition first: a row sent without one would be marked stuck.
  const run = commandsReady()
    .then(() => runDrain(drainDeps(engine)))
    .finally(() => {
      engine.runs.drain = null;
      engine.dispatch({ type: 'drain-end' });
    });
  engine.runs.drain = run;
  return run;
}

/** What a failed pull means for the engine (a server error only shows a message). */
function pullHalt(result: Extract<PullResult, { ok: false }>): Halt | null {
  switch (result.reason) {
    case 'busy':
      return { reason: 'busy', waitMs: result.waitMs };
    case 'server':
      return null;
    default:
      return { reason: result.reason };
  }
}

async function pullOnce(engine: Engine): Promise<PullResult> {
  const s = engine.settings;
  const now = s.now();
  const blocked = gateCheck(engine, now);
  if (blocked === 'busy')
    return { ok: false, reason: 'busy', waitMs: engine.state.holdUntil - now };
  if (blocked) return { ok: false, reason: blocked };
  // The records live writes name (their commands' `refersTo`) are kept from the delta's removals.
  await commandsReady();
  const db = s.db();
  const result = await s.lockManager.request(PULL_LOCK, { ifAvailable: true }, async (lock) => {
    if (!lock) return null;
    engine.dispatch({ type: 'pull-begin' });
    const { fetch, getAccessToken, refresh, pullLimit: limit, timeoutMs } = s;
    const ctx = { db, fetch, now: s.now, getAccessToken, refresh, limit, timeoutMs };
    return runPull({ ...ctx, onProgress: reportPullProgress });
  });
  if (result === null) return { ok: false, reason: 'busy', waitMs: 0 };
  if (result.ok) {
    const at = s.now();
    engine.dispatch({ type: 'pulled', now: at });
    reportPulled(at);
    return result;
  }
  const halt = pullHalt(result);
  if (halt) noteHalt(engine, halt);
  else reportPullFailed();
  return result;
}

function pull(engine: Engine): Promise<PullResult> {
  if (engine.runs.pull) return engine.runs.pull;
  const run = pullOnce(engine).finally(() => {
    engine.runs.pull = null;
    engine.dispatch({ type: 'pull-end' });
  });
  engine.runs.pull = run;
  return run;
}

async function runCycle(engine: Engine, mode: PullMode): Promise<void> {
  const s = engine.settings;
  if (!s.isOnline()) {
    engine.publish();
    return;
  }
  const report = await drain(engine);
  if (report.elsewhere || report.stop || isStopped(engine)) return;
  if (wantsPull(engine.state, mode, report.sent, s.now(), s.pullIntervalMs)) {
    const result = await pull(engine);
    if (!result.ok) return;
  }
  await synced(engine);
}

/** A cycle went through: note it, and tell the office what the queue still holds. */
async function synced(engine: Engine): Promise<void> {
  const s = engine.settings;
  await markSynced(s.db(), s.now());
  if (s.reportQueue?.()) {
    const { db, now, getAccessToken, fetch, timeoutMs } = s;
    await sendQueueReport({ db: db(), now, getAccessToken, fetch, timeoutMs }).catch(() => false);
  }
}

/** Run a cycle; a trigger during a running cycle runs one more afterwards. */
function cycle(engine: Engine, mode: PullMode): Promise<void> {
  if (isStopped(engine)) return Promise.resolve();
  if (engine.runs.cycle) {
    engine.dispatch({ type: 'cycle-requested', mode });
    return engine.runs.cycle;
  }
  const run = (async () => {
    try {
      let next: PullMode | null = mode;
      while (next && !isStopped(engine)) {
        engine.dispatch({ type: 'cycle-pass' });
        await runCycle(engine, next).catch(reportUnexpected);
        next = engine.state.cycleAgain;
      }
    } finally {
      engine.runs.cycle = null;
      engine.dispatch({ type: 'cycle-end' });
      void scheduleTick(engine);
    }
  })();
  engine.runs.cycle = run;
  return run;
}

async function scheduleTick(engine: Engine): Promise<void> {
  engine.ticker.cancel();
  if (!isRunning(engine)) return;
  const now = engine.settings.now();
  const online = engine.settings.isOnline();
  let rows: OutboxRow[] = [];
  try {
    // Offline the rows do not change the wait (nextTickDelay): not read.
    if (online) rows = await liveRows(engine.settings.db());
  } catch {
    // No database open (logged out): the plain interval will look again.
  }
  if (!isRunning(engine)) return;
  engine.ticker.schedule(nextTickDelay(engine.state, rows, now, engine.settings, online));
}

function triggerHandlers(engine: Engine): TriggerHandlers {
  return {
    outboxChanged: () => {
      if (!isRunning(engine)) return;
      // A write during a drain is caught by the dirty mark; otherwise start a push now.
      if (engine.runs.drain) engine.dispatch({ type: 'drain-requested' });
      else void cycle(engine, 'after-push');
    },
    online: () => {
      engine.dispatch({ type: 'online' });
      void cycle(engine, 'always');
    },
    offline: () => engine.publish(),
    visible: () => void cycle(engine, 'if-due'),
    accessTokenChanged: () => {
      if (engine.state.paused) void cycle(engine, 'always');
    },
  };
}

async function start(engine: Engine): Promise<void> {
  if (isRunning(engine)) return;
  engine.dispatch({ type: 'start' });
  const db = engine.settings.db();
  await restoreSyncInstants(db);
  await refreshCounts(db);
  if (!isRunning(engine)) return; // stopped meanwhile
  engine.unlisten = listenForTriggers(triggerHandlers(engine), engine.settings.listen);
  await cycle(engine, 'always');
}

function stop(engine: Engine): void {
  engine.dispatch({ type: 'stop' });
  engine.ticker.cancel();
  engine.unlisten?.();
  engine.unlisten = null;
}

async function syncNow(engine: Engine): Promise<void> {
  engine.dispatch({ type: 'sync-now' });
  if (isRunning(engine)) return cycle(engine, 'always');
  // Not started (Background Sync's one-off cycle): push, pull, no timers.
  const report = await drain(engine);
  if (report.stop || report.elsewhere) return;
  if ((await pull(engine)).ok) await synced(engine);
}

export function createSyncEngine(options: SyncEngineOptions = {}): SyncEngine {
  const engine = createEngine(resolveSettings(options));
  return {
    status: syncStatus,
    start: () => start(engine),
    stop: () => stop(engine),
    async settle() {
      stop(engine);
      await engine.runs.drain?.catch(() => undefined);
    },
    syncNow: () => syncNow(engine),
    drain: () => drain(engine),
    pull: () => pull(engine),
  };
}
