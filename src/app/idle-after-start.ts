/**
 * Work the app's start does not need — fetching screens ahead of their first visit, the
 * receipt's view — waits until the start has settled: no sooner than AFTER_START_MS after the
 * page opened, and then for an idle moment. Run in the idle gaps of the start itself (while it
 * waits on the phone's database), each such module took the main thread for tens of
 * milliseconds on a cheap phone and pushed the home back (issue 21: cold start).
 */

/** Page age before ahead-of-need work may start (ms since the page opened). */
export const AFTER_START_MS = 3_000;

/**
 * Run `work` once idle, AFTER_START_MS into the page's life at the earliest; `timeoutMs` caps
 * the wait for an idle moment. Where the browser has no idle callback, after the delay alone.
 * Returns the cancel.
 */
export function whenIdleAfterStart(work: () => void, timeoutMs: number): () => void {
  let idleHandle: number | null = null;
  const delay = Math.max(0, AFTER_START_MS - performance.now());
  const timer = window.setTimeout(() => {
    if (typeof window.requestIdleCallback === 'function')
      idleHandle = window.requestIdleCallback(work, { timeout: timeoutMs });
    else work();
  }, delay);
  return () => {
    window.clearTimeout(timer);
    if (idleHandle !== null) window.cancelIdleCallback(idleHandle);
  };
}
