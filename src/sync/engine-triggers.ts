/**
 * What wakes a started engine: a write (the outbox kick), the browser going online or offline,
 * the page becoming visible, a new access token (a login after a pause), and its own timer —
 * due rows, the push and pull intervals, never earlier than a Retry-After.
 */
import { sessionStore } from '#api/session-store';
import type { EngineState } from './engine-machine';
import { onOutboxChange } from './kick';
import type { OutboxRow } from './types';

export interface TriggerHandlers {
  outboxChanged(): void;
  online(): void;
  offline(): void;
  visible(): void;
  /** The session got a different, non-empty access token. */
  accessTokenChanged(): void;
}

// Typed structurally: the same engine runs in a page and in the service worker.
type Listen = (type: string, listener: () => void) => void;
interface EventScope {
  addEventListener?: Listen;
  removeEventListener?: Listen;
  document?: { visibilityState: string; addEventListener: Listen; removeEventListener: Listen };
}

function listenToBrowser(handlers: TriggerHandlers): (() => void)[] {
  const offs: (() => void)[] = [];
  const scope = globalThis as EventScope;
  if (scope.addEventListener && scope.removeEventListener) {
    const online = () => handlers.online();
    const offline = () => handlers.offline();
    scope.addEventListener('online', online);
    scope.addEventListener('offline', offline);
    offs.push(() => {
      scope.removeEventListener?.('online', online);
      scope.removeEventListener?.('offline', offline);
    });
  }
  const doc = scope.document;
  if (doc) {
    const onVisibility = () => {
      if (doc.visibilityState === 'visible') handlers.visible();
    };
    doc.addEventListener('visibilitychange', onVisibility);
    offs.push(() => doc.removeEventListener('visibilitychange', onVisibility));
  }
  offs.push(
    sessionStore.subscribe((state, previous) => {
      if (state.access && state.access !== previous.access) handlers.accessTokenChanged();
    }),
  );
  return offs;
}

/**
 * Subscribe the handlers; returns the unsubscribe. The outbox kick is always heard; the
 * browser's and the session's events only when `browser` is true (not in tests or a worker's
 * one-off cycle).
 */
export function listenForTriggers(handlers: TriggerHandlers, browser: boolean): () => void {
  const offs = [onOutboxChange(() => handlers.outboxChanged())];
  if (browser) offs.push(...listenToBrowser(handlers));
  return () => {
    for (const off of offs.splice(0)) off();
  };
}

export interface TickIntervals {
  pushIntervalMs: number;
  pullIntervalMs: number;
}

/**
 * While the last try got no answer though the browser says it is online (signal bars, no data),
 * the timer tries again no sooner than this: rows left `uncertain` and an overdue pull are due at
 * once, and would otherwise be tried every 50 ms, each try a request failing at once.
 */
export const UNREACHABLE_RETRY_MS = 5_000;

/**
 * Shortest wait before a timer cycle is due (never under 50 ms). Offline nothing can go: the
 * browser's `online` event starts the next cycle, and the timer only looks again after the push
 * interval — not every 50 ms for a pull that is overdue, which kept the phone busy (and its
 * battery draining) for as long as it had no signal.
 */
export function nextTickDelay(
  state: EngineState,
  rows: readonly Pick<OutboxRow, 'status' | 'nextAttemptAt'>[],
  now: number,
  intervals: TickIntervals,
  online: boolean,
): number {
  if (!online) return intervals.pushIntervalMs;
  const pullDue = Math.max(0, state.lastPullAt + intervals.pullIntervalMs - now);
  let wait = Math.min(intervals.pushIntervalMs, pullDue);
  for (const row of rows) {
    if (row.status === 'pending' || row.status === 'uncertain')
      wait = Math.min(wait, Math.max(0, row.nextAttemptAt - now));
  }
  if (state.unreachable) wait = Math.max(wait, UNREACHABLE_RETRY_MS);
  if (state.holdUntil > now) wait = Math.max(wait, state.holdUntil - now);
  return Math.max(50, wait);
}

export interface Ticker {
  /** Replace any pending tick by one in `delayMs`. */
  schedule(delayMs: number): void;
  cancel(): void;
}

export function createTicker(onTick: () => void): Ticker {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  return {
    schedule(delayMs) {
      cancel();
      timer = setTimeout(() => {
        timer = null;
        onTick();
      }, delayMs);
    },
    cancel,
  };
}
