/**
 * Work the app's start does not need — fetching screens ahead of their first visit, the
 * receipt's view — waits until the start has settled: no sooner than AFTER_START_MS after the
 * page opened, and not before the main thread has gone QUIET_MS without a long task (> 50 ms),
 * then for an idle moment. Run in the idle gaps of the start itself (while it waits on the
 * phone's database), each such module took the main thread for tens of milliseconds on a cheap
 * phone and pushed the home back; run at a fixed 3 s, it landed just after the home of a slow
 * start, when the promoter's first tap comes (cold start). A phone that never goes
 * quiet runs it anyway once the page is QUIET_GIVE_UP_MS old.
 *
 * Nor does it run while the user is at work: each piece waits until INPUT_QUIET_MS have passed
 * since the last key, tap or edit. A screen fetched ahead takes a cheap phone's main thread for
 * up to ~90 ms; started between the promoter's last keystroke and the tap on "Sí, enviar", it
 * held the receipt back by as much. In a pause of a second it costs no one.
 */

/** Page age before ahead-of-need work may start (ms since the page opened). */
export const AFTER_START_MS = 3_000;
/** Main-thread time without a long task before ahead-of-need work may start. */
export const QUIET_MS = 1_000;
/** Page age from which the work no longer waits for a quiet main thread. */
export const QUIET_GIVE_UP_MS = 15_000;
/** Time since the user's last key, tap or edit before ahead-of-need work may run. */
export const INPUT_QUIET_MS = 1_000;

/** When the user last pressed a key, touched or clicked, or edited a field (page clock). */
let lastInput = Number.NEGATIVE_INFINITY;
let watchingInput = false;

function watchInput(): void {
  if (watchingInput) return;
  watchingInput = true;
  const note = () => {
    lastInput = performance.now();
  };
  for (const type of ['keydown', 'pointerdown', 'input'] as const)
    window.addEventListener(type, note, { capture: true, passive: true });
}

/** End of the page's latest long task (ms since the page opened), as far as the browser says. */
let lastLongTaskEnd = 0;
let watching = false;

/** Follow the page's long tasks, from its start (buffered), where the browser reports them. */
function watchLongTasks(): void {
  if (watching) return;
  watching = true;
  if (
    typeof PerformanceObserver === 'undefined' ||
    !PerformanceObserver.supportedEntryTypes.includes('longtask')
  )
    return;
  new PerformanceObserver((list) => {
    for (const task of list.getEntries())
      lastLongTaskEnd = Math.max(lastLongTaskEnd, task.startTime + task.duration);
  }).observe({ type: 'longtask', buffered: true });
}

/** How long before ahead-of-need work may be asked for an idle moment (0: now). */
function waitBeforeIdle(now: number, startSettled: boolean): number {
  const input = lastInput + INPUT_QUIET_MS - now;
  if (!startSettled) return Math.max(0, input);
  const afterStart = AFTER_START_MS - now;
  const quiet = now < QUIET_GIVE_UP_MS ? lastLongTaskEnd + QUIET_MS - now : 0;
  return Math.max(0, afterStart, quiet, input);
}

/** Asks for an idle moment once `waitBeforeIdle` allows it. Returns the cancel. */
function whenIdleGated(work: () => void, timeoutMs: number, startSettled: boolean): () => void {
  watchInput();
  let timer: number | null = null;
  let cancelIdle: (() => void) | null = null;
  const check = () => {
    const wait = waitBeforeIdle(performance.now(), startSettled);
    if (wait > 0) {
      timer = window.setTimeout(check, wait);
      return;
    }
    // Input may come while the browser looks for an idle moment: look again after it.
    const askedAt = lastInput;
    cancelIdle = whenIdle(() => {
      if (lastInput === askedAt) work();
      else check();
    }, timeoutMs);
  };
  check();
  return () => {
    if (timer !== null) window.clearTimeout(timer);
    cancelIdle?.();
  };
}

/** Run `work` at the browser's next idle moment (at most `timeoutMs` away). Returns the cancel. */
export function whenIdle(work: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback !== 'function') {
    const timer = window.setTimeout(work, 0);
    return () => window.clearTimeout(timer);
  }
  const handle = window.requestIdleCallback(work, { timeout: timeoutMs });
  return () => window.cancelIdleCallback(handle);
}

/**
 * Run `work` once idle, after the start has settled and not while the user is typing or
 * tapping (see above); `timeoutMs` caps the wait for an idle moment. Returns the cancel.
 */
export function whenIdleAfterStart(work: () => void, timeoutMs: number): () => void {
  watchLongTasks();
  return whenIdleGated(work, timeoutMs, true);
}

/**
 * Run the next piece of ahead-of-need work already under way: at an idle moment, not while the
 * user is typing or tapping. Returns the cancel.
 */
export function whenIdleBetweenInputs(work: () => void, timeoutMs: number): () => void {
  return whenIdleGated(work, timeoutMs, false);
}
