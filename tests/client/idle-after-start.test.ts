/**
 * Ahead-of-need work (screens fetched before their first visit, the receipt's view) waits for
 * the app's start to settle: not before AFTER_START_MS of the page's life, then for an idle
 * moment (issue 21: it had been run in the idle gaps of the start itself).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AFTER_START_MS, whenIdleAfterStart } from '#app/idle-after-start.ts';

let idle: (() => void)[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  idle = [];
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

const pageAge = (ms: number) => vi.spyOn(performance, 'now').mockReturnValue(ms);
const runIdle = () => {
  for (const callback of idle.splice(0)) callback();
};

describe('whenIdleAfterStart', () => {
  it('one second into the page: nothing for two more seconds, then at the next idle moment', () => {
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

  it('later in the page: at the next idle moment, with no delay', () => {
    pageAge(60_000);
    const work = vi.fn();
    whenIdleAfterStart(work, 5_000);
    vi.advanceTimersByTime(0);
    runIdle();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('cancelled before or while waiting for idle: never runs', () => {
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
