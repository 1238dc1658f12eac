/**
 * The sync engine's state machine, pure: `transition(state, event)` → next state, and what the
 * engine decides from a state (`phaseOf`, `blockedBy`, `wantsPull`). No I/O, no clock: events
 * carry the instants and tokens they need. The engine (engine.ts) holds one state, dispatches
 * events as work starts and ends, and publishes `phaseOf` to the status store when it changes.
 *
 * Three independent regions share the state (src/sync/README.md "The engine's state machine"):
 * - life: created → running (`start`) → stopped (`stop`; `start` again restarts);
 * - work: a cycle (push then pull), the drain inside it, rows on the wire, a pull page by page;
 * - holds: why the server is not asked now (no answer, login, Retry-After, 426).
 */
import type { SyncPhase } from './types';

/** created: built, not started — `drain`, `pull` and `syncNow` still work (Background Sync). */
export type EngineLife = 'created' | 'running' | 'stopped';

/** What a cycle pulls after its push: always, only when the pull interval has passed, or also after sending something. */
export type PullMode = 'always' | 'if-due' | 'after-push';

export type StopReason = 'network' | 'login' | 'update' | 'busy';

/** Why the server said "not now" (a push outcome or a pull result that stops the engine). */
export type Halt = { reason: 'network' | 'login' | 'update' } | { reason: 'busy'; waitMs: number };

export interface EngineState {
  life: EngineLife;
  /** A drain is running: a new write only marks it dirty (it looks at the outbox again). */
  draining: boolean;
  /** Rows are on the wire (set once the drain passed its checks, cleared when it ends). */
  pushing: boolean;
  /** A write arrived during the drain's pass: run one more pass. */
  dirty: boolean;
  /** "Sync now": the next drain pass sends rows still waiting out their backoff. */
  force: boolean;
  /** A pull holds the pull lock. */
  pulling: boolean;
  /** A cycle is running; `cycleAgain` is the one asked for meanwhile (run once it ends). */
  cycling: boolean;
  cycleAgain: PullMode | null;
  /** The last request got no answer: shown as offline until one gets through. */
  unreachable: boolean;
  /** 401 after a dead refresh: the access token that failed. Nothing is sent until it changes. */
  paused: { token: string | null } | null;
  /** Retry-After: no request before this instant (epoch ms). */
  holdUntil: number;
  /** 426: nothing is sent until the app updates. */
  updateRequired: boolean;
  /** Last successful pull (epoch ms; 0 = none by this engine). */
  lastPullAt: number;
}

export type EngineEvent =
  | { type: 'start' }
  | { type: 'stop' }
  /** The "Sync now" button: forget the last failure, skip backoff once. */
  | { type: 'sync-now' }
  /** The browser says it is online again. */
  | { type: 'online' }
  | { type: 'cycle-pass' }
  | { type: 'cycle-requested'; mode: PullMode }
  | { type: 'cycle-end' }
  | { type: 'drain-begin' }
  /** A write (or another `drain()` call) while a drain runs. */
  | { type: 'drain-requested' }
  /** The drain looks at the outbox (again): the dirty mark and the force are used up. */
  | { type: 'drain-pass' }
  | { type: 'drain-end' }
  /** About to ask the server: a login pause ends if the access token changed since. */
  | { type: 'gate'; now: number; token: string | null }
  | { type: 'push-begin' }
  /** The server answered a row (sent, refused or told to wait): it is reachable. */
  | { type: 'row-answered' }
  | { type: 'halted'; halt: Halt; now: number; token: string | null }
  | { type: 'pull-begin' }
  | { type: 'pulled'; now: number }
  | { type: 'pull-end' };

export function initialEngineState(): EngineState {
  return {
    life: 'created',
    draining: false,
    pushing: false,
    dirty: false,
    force: false,
    pulling: false,
    cycling: false,
    cycleAgain: null,
    unreachable: false,
    paused: null,
    holdUntil: 0,
    updateRequired: false,
    lastPullAt: 0,
  };
}

/** A cycle asked for during a running one: 'always' wins, otherwise the latest ask. */
export function mergePullMode(queued: PullMode | null, asked: PullMode): PullMode {
  return queued === 'always' || asked === 'always' ? 'always' : asked;
}

function halted(state: EngineState, event: Extract<EngineEvent, { type: 'halted' }>): EngineState {
  const { halt } = event;
  const next: EngineState = { ...state, unreachable: halt.reason === 'network' };
  if (halt.reason === 'login') next.paused = { token: event.token };
  if (halt.reason === 'update') next.updateRequired = true;
  if (halt.reason === 'busy') next.holdUntil = Math.max(state.holdUntil, event.now + halt.waitMs);
  return next;
}

function gate(state: EngineState, event: Extract<EngineEvent, { type: 'gate' }>): EngineState {
  const resumes =
    state.paused !== null &&
    !state.updateRequired &&
    state.holdUntil <= event.now &&
    state.paused.token !== event.token;
  return resumes ? { ...state, paused: null } : state;
}

export function transition(state: EngineState, event: EngineEvent): EngineState {
  switch (event.type) {
    case 'start':
      return state.life === 'running' ? state : { ...state, life: 'running' };
    case 'stop':
      return { ...state, life: 'stopped' };
    case 'sync-now':
      return { ...state, unreachable: false, force: true };
    case 'online':
      return { ...state, unreachable: false };
    case 'cycle-pass':
      return { ...state, cycling: true, cycleAgain: null };
    case 'cycle-requested':
      if (!state.cycling) return state;
      return { ...state, cycleAgain: mergePullMode(state.cycleAgain, event.mode), dirty: true };
    case 'cycle-end':
      return { ...state, cycling: false };
    case 'drain-begin':
      return { ...state, draining: true };
    case 'drain-requested':
      return state.draining ? { ...state, dirty: true } : state;
    case 'drain-pass':
      return { ...state, dirty: false, force: false };
    case 'drain-end':
      return { ...state, draining: false, pushing: false };
    case 'gate':
      return gate(state, event);
    case 'push-begin':
      return { ...state, pushing: true };
    case 'row-answered':
      return { ...state, unreachable: false };
    case 'halted':
      return halted(state, event);
    case 'pull-begin':
      return { ...state, pulling: true };
    case 'pulled':
      return { ...state, lastPullAt: event.now, unreachable: false };
    case 'pull-end':
      return { ...state, pulling: false };
  }
}

/**
 * The phase the status store shows. Work in progress first (a push outranks a pull running
 * beside it), then the holds. `locked` is the app's lock screen, never the engine's.
 */
export function phaseOf(state: EngineState, online: boolean): SyncPhase {
  if (state.pushing) return 'pushing';
  if (state.pulling) return 'pulling';
  if (state.paused) return 'paused-login';
  if (!online || state.unreachable) return 'offline';
  return 'idle';
}

/** Did the event change what the status shows (the phase or the 426 mark)? */
export function shownChanged(before: EngineState, after: EngineState, online: boolean): boolean {
  return (
    before.updateRequired !== after.updateRequired ||
    phaseOf(before, online) !== phaseOf(after, online)
  );
}

/**
 * May the engine ask the server now? Checked by push and pull after the `gate` event, with the
 * same instant and token.
 */
export function blockedBy(
  state: EngineState,
  now: number,
  token: string | null,
): StopReason | null {
  if (state.updateRequired) return 'update';
  if (state.holdUntil > now) return 'busy';
  if (state.paused && state.paused.token === token) return 'login';
  return null;
}

/** After a cycle's push (not stopped early): pull now? */
export function wantsPull(
  state: EngineState,
  mode: PullMode,
  sent: number,
  now: number,
  pullIntervalMs: number,
): boolean {
  if (mode === 'always') return true;
  if (now - state.lastPullAt >= pullIntervalMs) return true;
  return mode === 'after-push' && sent > 0;
}
