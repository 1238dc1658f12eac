/**
 * Ahead-of-need work (screens fetched before their first visit, the receipt's view) waits for
 * the app's start to settle: not before AFTER_START_MS of the page's life, not before a quiet
 * second after the page's last long task, then for an idle moment (it had been run in
 * the idle gaps of the start itself, and then at a fixed 3 s, just after a slow start's home).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

let idle: (() => void)[] = [];
/** The long-task observer the module under test registered, to report tasks to it. */
let reportLongTasks: ((tasks: { startTime: number; duration: number }[]) => void) | null = null;

class FakePerformanceObserver {
  static supportedEntryTypes = ['longtask'];
  constructor(private readonly callback: (list: { getEntries: () => unknown[] }) => void) {}
  observe(options: { type: string; buffered: boolean }) {
    expect(options).toEqual({ type: 'longtask', buffered: true });
    reportLongTasks = (tasks) => this.callback({ getEntries: () => tasks });
  }
}

beforeEach(() => {
  vi.resetModules();
  vi.useFakeTimers();
  idle = [];
  reportLongTasks = null;
  vi.stubGlobal('PerformanceObserver', FakePerformanceObserver);
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
  vi.stubGlobal('cancelIdleCallback', (handle: number) => {
    idle[handle - 1] = () => undefined;
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The page's age as performance.now() reports it, moving with the fake timers. */
function pageAge(ms: number) {
  const start = Date.now();
  vi.spyOn(performance, 'now').mockImplementation(() => ms + (Date.now() - start));
}
const runIdle = () => {
  for (const callback of idle.splice(0)) callback();
};
const load = () => import('#app/idle-after-start.ts');

describe('whenIdleAfterStart', () => {
  it('one second into a quiet page: nothing for two more seconds, then at the next idle moment', async () => {
    const { AFTER_START_MS, whenIdleAfterStart } = await load();
    expect(AFTER_START_MS).toBe(3_000);
    pageAge(1_000);
    const work = vi.fn();
    whenIdleAfterStart(work, 5_000);
    vi.advanceTimersByTime(1_999);
    runIdle();
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(work).not.toHaveBeenCalled();
    runIdle();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('a long task ending at 2.6 s holds the work until a quiet second has passed (3.6 s)', async () => {
    const { whenIdleAfterStart } = await load();
    pageAge(1_000);
    const work = vi.fn();
    whenIdleAfterStart(work, 5_000);
    reportLongTasks?.([{ startTime: 2_400, duration: 200 }]);
    vi.advanceTimersByTime(2_000); // 3.0 s: past the start, but only 0.4 s since the task
    runIdle();
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(599); // 3.599 s
    runIdle();
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1); // 3.6 s
    runIdle();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('a page that keeps having long tasks runs the work anyway once it is 15 s old', async () => {
    const { QUIET_GIVE_UP_MS, whenIdleAfterStart } = await load();
    expect(QUIET_GIVE_UP_MS).toBe(15_000);
    pageAge(1_000);
    const work = vi.fn();
    whenIdleAfterStart(work, 5_000);
    for (let at = 1_000; at < 15_000; at += 500) {
      reportLongTasks?.([{ startTime: at, duration: 100 }]);
      vi.advanceTimersByTime(500);
      if (at + 500 < 15_000) {
        runIdle();
        expect(work).not.toHaveBeenCalled();
      }
    }
    vi.advanceTimersByTime(1_000);
    runIdle();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('later in a quiet page: at the next idle moment, with no delay', async () => {
    const { whenIdleAfterStart } = await load();
    pageAge(60_000);
    const work = vi.fn();
    whenIdleAfterStart(work, 5_000);
    vi.advanceTimersByTime(0);
    runIdle();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('cancelled before or while waiting for idle: never runs', async () => {
    const { AFTER_START_MS, whenIdleAfterStart } = await load();
    pageAge(0);
    const early = vi.fn();
    whenIdleAfterStart(early, 5_000)();
    vi.advanceTimersByTime(AFTER_START_MS);
    runIdle();
    expect(early).not.toHaveBeenCalled();

    const waiting = vi.fn();
    const cancel = whenIdleAfterStart(waiting, 5_000);
    vi.advanceTimersByTime(AFTER_START_MS);
    cancel();
    runIdle();
    expect(waiting).not.toHaveBeenCalled();
  });
});

describe('not while the user is typing or tapping', () => {
  const key = () => window.dispatchEvent(new KeyboardEvent('keydown', { key: '5' }));

  it('a key pressed 0.4 s before the start settles holds the work until a second after it', async () => {
    const { INPUT_QUIET_MS, whenIdleAfterStart } = await load();
    expect(INPUT_QUIET_MS).toBe(1_000);
    pageAge(2_000);
    const work = vi.fn();
    whenIdleAfterStart(work, 5_000);
    vi.advanceTimersByTime(600); // 2.6 s
    key();
    vi.advanceTimersByTime(400); // 3.0 s: the start has settled, the key is 0.4 s old
    runIdle();
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(599); // 3.599 s
    runIdle();
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1); // 3.6 s
    runIdle();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('the next piece of work: at the next idle moment, or a second after the last key', async () => {
    const { whenIdleBetweenInputs } = await load();
    pageAge(60_000);
    const calm = vi.fn();
    whenIdleBetweenInputs(calm, 5_000);
    vi.advanceTimersByTime(0);
    runIdle();
    expect(calm).toHaveBeenCalledTimes(1);

    const typedMeanwhile = vi.fn();
    whenIdleBetweenInputs(typedMeanwhile, 5_000);
    vi.advanceTimersByTime(0);
    key(); // after the idle moment was asked for, before it came
    runIdle();
    expect(typedMeanwhile).not.toHaveBeenCalled();
    vi.advanceTimersByTime(999);
    runIdle();
    expect(typedMeanwhile).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    runIdle();
    expect(typedMeanwhile).toHaveBeenCalledTimes(1);
  });

  it('a tap counts as input too; cancelled while held back, the work never runs', async () => {
    const { whenIdleBetweenInputs } = await load();
    pageAge(60_000);
    const work = vi.fn();
    const cancel = whenIdleBetweenInputs(work, 5_000);
    window.dispatchEvent(new Event('pointerdown'));
    vi.advanceTimersByTime(500);
    runIdle();
    expect(work).not.toHaveBeenCalled();
    cancel();
    vi.advanceTimersByTime(1_000);
    runIdle();
    expect(work).not.toHaveBeenCalled();
  });
});
