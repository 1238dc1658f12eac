/**
 * The engine's state machine, alone (src/sync/engine-machine.ts): each rule of
 * src/sync/README.md "The engine's state machine" and "Rules the engine keeps" that lives in
 * the state, checked on the pure transition — no server, no database, no clock.
 */
import { describe, expect, it } from 'vitest';
import {
  blockedBy,
  initialEngineState,
  mergePullMode,
  phaseOf,
  shownChanged,
  transition,
  wantsPull,
  type EngineEvent,
  type EngineState,
} from '#sync/engine-machine';

const run = (events: EngineEvent[], from: EngineState = initialEngineState()): EngineState =>
  events.reduce(transition, from);

/** Deep-freeze so a transition that mutates its input throws. */
function frozen(state: EngineState): EngineState {
  if (state.paused) Object.freeze(state.paused);
  return Object.freeze(state);
}

const MIN = 60_000;

describe('life', () => {
  it('created → running → stopped, and a stopped engine can start again', () => {
    const created = initialEngineState();
    expect(created.life).toBe('created');
    const running = transition(created, { type: 'start' });
    expect(running.life).toBe('running');
    expect(transition(running, { type: 'start' })).toBe(running); // already running: nothing
    const stopped = transition(running, { type: 'stop' });
    expect(stopped.life).toBe('stopped');
    expect(transition(stopped, { type: 'start' }).life).toBe('running');
  });

  it('never changes the state it is given', () => {
    const events: EngineEvent[] = [
      { type: 'start' },
      { type: 'cycle-pass' },
      { type: 'cycle-requested', mode: 'always' },
      { type: 'drain-begin' },
      { type: 'drain-requested' },
      { type: 'gate', now: 5, token: 'a' },
      { type: 'push-begin' },
      { type: 'halted', halt: { reason: 'login' }, now: 5, token: 'a' },
      { type: 'halted', halt: { reason: 'busy', waitMs: 10 }, now: 5, token: 'a' },
      { type: 'drain-pass' },
      { type: 'drain-end' },
      { type: 'pull-begin' },
      { type: 'pulled', now: 9 },
      { type: 'pull-end' },
      { type: 'cycle-end' },
      { type: 'stop' },
    ];
    let state = frozen(initialEngineState());
    for (const event of events) state = frozen(transition(state, event));
    expect(state.life).toBe('stopped');
  });
});

describe('the phase the status shows', () => {
  it('is idle at rest and offline when the browser is offline', () => {
    expect(phaseOf(initialEngineState(), true)).toBe('idle');
    expect(phaseOf(initialEngineState(), false)).toBe('offline');
  });

  it('is pushing from the first row sent until the drain ends, whatever stopped it', () => {
    const pushing = run([{ type: 'drain-begin' }, { type: 'push-begin' }]);
    expect(phaseOf(pushing, true)).toBe('pushing');
    const halted = transition(pushing, {
      type: 'halted',
      halt: { reason: 'login' },
      now: 1,
      token: 'old',
    });
    expect(phaseOf(halted, true)).toBe('pushing');
    expect(phaseOf(transition(halted, { type: 'drain-end' }), true)).toBe('paused-login');
  });

  it('a drain that never passed its checks does not show pushing', () => {
    expect(phaseOf(run([{ type: 'drain-begin' }]), true)).toBe('idle');
  });

  it('is pulling while a pull holds its lock; a push beside it shows pushing', () => {
    const pulling = run([{ type: 'pull-begin' }]);
    expect(phaseOf(pulling, true)).toBe('pulling');
    const both = run([{ type: 'drain-begin' }, { type: 'push-begin' }], pulling);
    expect(phaseOf(both, true)).toBe('pushing');
    expect(phaseOf(transition(both, { type: 'drain-end' }), true)).toBe('pulling');
    expect(phaseOf(run([{ type: 'pull-end' }], pulling), true)).toBe('idle');
  });

  it('is written again only when the phase or the 426 mark changes', () => {
    const idle = initialEngineState();
    const cycling = transition(idle, { type: 'cycle-pass' });
    expect(shownChanged(idle, cycling, true)).toBe(false);
    expect(shownChanged(idle, transition(idle, { type: 'push-begin' }), true)).toBe(true);
    const outdated = transition(idle, {
      type: 'halted',
      halt: { reason: 'update' },
      now: 0,
      token: null,
    });
    expect(shownChanged(idle, outdated, true)).toBe(true);
    const noAnswer = transition(idle, {
      type: 'halted',
      halt: { reason: 'network' },
      now: 0,
      token: null,
    });
    expect(shownChanged(idle, noAnswer, true)).toBe(true);
    expect(shownChanged(idle, noAnswer, false)).toBe(false); // offline already
  });

  it('a login pause outranks being offline', () => {
    const paused = run([{ type: 'halted', halt: { reason: 'login' }, now: 0, token: 't' }]);
    expect(phaseOf(paused, false)).toBe('paused-login');
  });
});

describe('no answer: offline until one gets through', () => {
  const unreachable = run([{ type: 'halted', halt: { reason: 'network' }, now: 0, token: 't' }]);

  it('shows offline while the browser still says online', () => {
    expect(phaseOf(unreachable, true)).toBe('offline');
    // No answer is not a reason to refuse the next try: it is the only way to find out.
    expect(blockedBy(unreachable, 0, 't')).toBeNull();
  });

  it('any answer, a pull, the online event or "Sync now" clears it', () => {
    for (const event of [
      { type: 'row-answered' },
      { type: 'pulled', now: 1 },
      { type: 'online' },
      { type: 'sync-now' },
      { type: 'halted', halt: { reason: 'busy', waitMs: 1 }, now: 0, token: 't' },
    ] satisfies EngineEvent[]) {
      expect(transition(unreachable, event).unreachable).toBe(false);
    }
  });
});

describe('401 with a dead refresh: paused until the access token changes', () => {
  const paused = run([{ type: 'halted', halt: { reason: 'login' }, now: 0, token: 'dead' }]);

  it('refuses with the same token, and stays paused', () => {
    const gated = transition(paused, { type: 'gate', now: 10, token: 'dead' });
    expect(blockedBy(gated, 10, 'dead')).toBe('login');
    expect(gated.paused).toEqual({ token: 'dead' });
  });

  it('resumes with a new token (a new login)', () => {
    const gated = transition(paused, { type: 'gate', now: 10, token: 'fresh' });
    expect(gated.paused).toBeNull();
    expect(blockedBy(gated, 10, 'fresh')).toBeNull();
    expect(phaseOf(gated, true)).toBe('idle');
  });

  it('a pause taken with no token at all holds while there is still none', () => {
    const none = run([{ type: 'halted', halt: { reason: 'login' }, now: 0, token: null }]);
    expect(blockedBy(transition(none, { type: 'gate', now: 1, token: null }), 1, null)).toBe(
      'login',
    );
  });
});

describe('429/503: no request before Retry-After', () => {
  const held = run([
    { type: 'halted', halt: { reason: 'busy', waitMs: 30_000 }, now: 1_000, token: 't' },
  ]);

  it('holds until the instant the server named, then lets requests go', () => {
    expect(blockedBy(held, 30_999, 't')).toBe('busy');
    expect(blockedBy(held, 31_000, 't')).toBeNull();
  });

  it('a shorter wait told later does not shorten the hold', () => {
    const again = transition(held, {
      type: 'halted',
      halt: { reason: 'busy', waitMs: 10 },
      now: 2_000,
      token: 't',
    });
    expect(blockedBy(again, 30_999, 't')).toBe('busy');
  });

  it('a login pause does not end during the hold, even with a new token', () => {
    const pausedAndHeld = run(
      [{ type: 'halted', halt: { reason: 'login' }, now: 1_000, token: 'dead' }],
      held,
    );
    const gated = transition(pausedAndHeld, { type: 'gate', now: 5_000, token: 'fresh' });
    expect(blockedBy(gated, 5_000, 'fresh')).toBe('busy');
    expect(phaseOf(gated, true)).toBe('paused-login');
    const later = transition(gated, { type: 'gate', now: 31_000, token: 'fresh' });
    expect(blockedBy(later, 31_000, 'fresh')).toBeNull();
  });
});

describe('426: nothing more until the app updates', () => {
  it('refuses every later request, whatever the time or token', () => {
    const outdated = run([{ type: 'halted', halt: { reason: 'update' }, now: 0, token: 't' }]);
    expect(outdated.updateRequired).toBe(true);
    const gated = transition(outdated, { type: 'gate', now: 10 * MIN, token: 'other' });
    expect(blockedBy(gated, 10 * MIN, 'other')).toBe('update');
  });

  it('a login pause taken before stays shown: no request is made that could end it', () => {
    const both = run([
      { type: 'halted', halt: { reason: 'login' }, now: 0, token: 'dead' },
      { type: 'halted', halt: { reason: 'update' }, now: 0, token: 'dead' },
      { type: 'gate', now: 1, token: 'fresh' },
    ]);
    expect(phaseOf(both, true)).toBe('paused-login');
  });
});

describe('one drain per engine, a dirty mark for writes made meanwhile', () => {
  it('a write with no drain running marks nothing (the trigger starts a cycle instead)', () => {
    expect(transition(initialEngineState(), { type: 'drain-requested' }).dirty).toBe(false);
  });

  it('a write during a drain marks it dirty; the next pass uses the mark up', () => {
    const dirty = run([
      { type: 'drain-begin' },
      { type: 'drain-pass' },
      { type: 'drain-requested' },
    ]);
    expect(dirty.dirty).toBe(true);
    expect(transition(dirty, { type: 'drain-pass' }).dirty).toBe(false);
  });

  it('"Sync now" forces only the next pass', () => {
    const forced = transition(initialEngineState(), { type: 'sync-now' });
    expect(forced.force).toBe(true);
    expect(transition(forced, { type: 'drain-pass' }).force).toBe(false);
  });

  it('the drain ends with nothing on the wire', () => {
    const ended = run([{ type: 'drain-begin' }, { type: 'push-begin' }, { type: 'drain-end' }]);
    expect([ended.draining, ended.pushing]).toEqual([false, false]);
  });
});

describe('cycles: one at a time, a trigger during one queues the next', () => {
  it('a request with no cycle running queues nothing', () => {
    const state = transition(initialEngineState(), { type: 'cycle-requested', mode: 'always' });
    expect(state.cycleAgain).toBeNull();
  });

  it('queues the latest mode, but a full pull asked once is kept', () => {
    const cycling = transition(initialEngineState(), { type: 'cycle-pass' });
    const latest = run(
      [
        { type: 'cycle-requested', mode: 'after-push' },
        { type: 'cycle-requested', mode: 'if-due' },
      ],
      cycling,
    );
    expect(latest.cycleAgain).toBe('if-due');
    const full = run(
      [
        { type: 'cycle-requested', mode: 'always' },
        { type: 'cycle-requested', mode: 'after-push' },
      ],
      cycling,
    );
    expect(full.cycleAgain).toBe('always');
    // A queued cycle also marks a running drain dirty, so its writes go in this drain.
    expect(full.dirty).toBe(true);
    expect(transition(full, { type: 'cycle-pass' }).cycleAgain).toBeNull();
  });

  it('mergePullMode: always wins in either place', () => {
    expect(mergePullMode(null, 'if-due')).toBe('if-due');
    expect(mergePullMode('always', 'if-due')).toBe('always');
    expect(mergePullMode('if-due', 'always')).toBe('always');
    expect(mergePullMode('if-due', 'after-push')).toBe('after-push');
  });
});

describe('pull after push', () => {
  const pulledAt = (ms: number) => transition(initialEngineState(), { type: 'pulled', now: ms });
  const interval = 5 * MIN;

  it('always pulls when asked for a full cycle', () => {
    expect(wantsPull(pulledAt(0), 'always', 0, 1, interval)).toBe(true);
  });

  it('pulls when the pull interval has passed since the last pull', () => {
    expect(wantsPull(pulledAt(0), 'if-due', 0, interval - 1, interval)).toBe(false);
    expect(wantsPull(pulledAt(0), 'if-due', 0, interval, interval)).toBe(true);
  });

  it('after a write it pulls only when something was sent', () => {
    expect(wantsPull(pulledAt(0), 'after-push', 0, 1_000, interval)).toBe(false);
    expect(wantsPull(pulledAt(0), 'after-push', 2, 1_000, interval)).toBe(true);
    expect(wantsPull(pulledAt(0), 'if-due', 2, 1_000, interval)).toBe(false);
  });

  it('an engine that never pulled is due at once', () => {
    expect(wantsPull(initialEngineState(), 'if-due', 0, Date.UTC(2026, 0, 1), interval)).toBe(true);
  });
});
