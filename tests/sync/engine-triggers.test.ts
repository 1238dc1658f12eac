/**
 * The engine's own timer (src/sync/engine-triggers.ts): when the next timer cycle is due — a row
 * whose backoff ends, the push interval, the pull interval — never before a Retry-After, never
 * in a busy loop. And the outbox kick reaches a listening engine only until it unsubscribes.
 */
import { describe, expect, it } from 'vitest';
import { clearSession, patchSession } from '#api/session-store';
import { initialEngineState, transition, type EngineState } from '#sync/engine-machine';
import {
  UNREACHABLE_RETRY_MS,
  listenForTriggers,
  nextTickDelay,
  type TriggerHandlers,
} from '#sync/engine-triggers';
import { notifyOutboxChange } from '#sync/kick';
import type { OutboxStatus } from '#sync/types';

const intervals = { pushIntervalMs: 30_000, pullIntervalMs: 300_000 };
const NOW = 1_000_000;
const pulledAt = (ms: number): EngineState =>
  transition(initialEngineState(), { type: 'pulled', now: ms });
const row = (status: OutboxStatus, nextAttemptAt: number) => ({ status, nextAttemptAt });

describe('nextTickDelay', () => {
  it('with nothing queued and a recent pull: the push interval', () => {
    expect(nextTickDelay(pulledAt(NOW), [], NOW, intervals, true)).toBe(30_000);
  });

  it('a pull falling due sooner than the push interval comes first', () => {
    expect(nextTickDelay(pulledAt(NOW - 290_000), [], NOW, intervals, true)).toBe(10_000);
  });

  it('a waiting row is looked at when its backoff ends', () => {
    const rows = [row('pending', NOW + 4_000), row('uncertain', NOW + 9_000)];
    expect(nextTickDelay(pulledAt(NOW), rows, NOW, intervals, true)).toBe(4_000);
  });

  it('rows that need a person or are on the wire do not wake the timer', () => {
    const rows = [row('rejected', NOW + 1), row('stuck', NOW + 1), row('sending', NOW + 1)];
    expect(nextTickDelay(pulledAt(NOW), rows, NOW, intervals, true)).toBe(30_000);
  });

  it('never before the Retry-After the server gave', () => {
    const held = transition(pulledAt(NOW), {
      type: 'halted',
      halt: { reason: 'busy', waitMs: 120_000 },
      now: NOW,
      token: null,
    });
    expect(nextTickDelay(held, [row('pending', NOW)], NOW, intervals, true)).toBe(120_000);
  });

  it('offline: the push interval, though a pull is overdue and rows are due (the online event wakes it)', () => {
    const rows = [row('pending', NOW - 5_000), row('uncertain', NOW)];
    expect(nextTickDelay(pulledAt(NOW - 3_600_000), rows, NOW, intervals, false)).toBe(30_000);
  });

  it('no answer at the last try while online: rows due and an overdue pull wait 5 s, not 50 ms', () => {
    const unreachable = transition(pulledAt(NOW - 3_600_000), {
      type: 'halted',
      halt: { reason: 'network' },
      now: NOW,
      token: null,
    });
    const rows = [row('uncertain', NOW)];
    expect(UNREACHABLE_RETRY_MS).toBe(5_000);
    expect(nextTickDelay(unreachable, rows, NOW, intervals, true)).toBe(5_000);
    // Reached again: due at once.
    const reached = transition(unreachable, { type: 'pulled', now: NOW });
    expect(nextTickDelay(reached, rows, NOW, intervals, true)).toBe(50);
  });

  it('something already due still waits 50 ms (no busy loop)', () => {
    expect(nextTickDelay(pulledAt(NOW), [row('pending', NOW - 5_000)], NOW, intervals, true)).toBe(
      50,
    );
  });
});

describe('listenForTriggers', () => {
  const ignore = () => undefined;
  const quiet: TriggerHandlers = {
    outboxChanged: ignore,
    online: ignore,
    offline: ignore,
    visible: ignore,
    accessTokenChanged: ignore,
  };

  it('hears the outbox kick until it unsubscribes (browser events off)', () => {
    let kicks = 0;
    const off = listenForTriggers({ ...quiet, outboxChanged: () => (kicks += 1) }, false);
    notifyOutboxChange();
    expect(kicks).toBe(1);
    off();
    notifyOutboxChange();
    expect(kicks).toBe(1);
  });

  it('hears a new access token (a login), not a logout nor the same token again', () => {
    clearSession();
    let logins = 0;
    const off = listenForTriggers({ ...quiet, accessTokenChanged: () => (logins += 1) }, true);
    try {
      patchSession({ access: 'first' });
      patchSession({ access: 'first', refresh: 'r' });
      expect(logins).toBe(1);
      patchSession({ access: 'second' });
      expect(logins).toBe(2);
      clearSession();
      expect(logins).toBe(2);
    } finally {
      off();
    }
    patchSession({ access: 'third' });
    expect(logins).toBe(2);
    clearSession();
  });

  it('with browser events off, a new token is not heard', () => {
    let logins = 0;
    const off = listenForTriggers({ ...quiet, accessTokenChanged: () => (logins += 1) }, false);
    patchSession({ access: 'unheard' });
    off();
    clearSession();
    expect(logins).toBe(0);
  });
});
