/**
 * Property (docs/testing.md): over random interleavings of captures, network
 * failures, server errors and restarts, every mutation ends in exactly one terminal state
 * (done, or waiting for a person) and the server applies at most one effect per key — exactly
 * one for every done mutation and none for the others.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { enqueue } from '#sync/commands';
import type { SyncEngine } from '#sync/engine';
import type { OutboxStatus } from '#sync/types';
import type { Fault } from '#tests/helpers/sync-proxy';
import { startSyncWorld, type SyncWorld } from '#tests/helpers/sync-harness';

let w: SyncWorld;
beforeAll(async () => {
  w = await startSyncWorld();
});
afterAll(async () => {
  await w.close();
});

/** 'crash' notes make the real server fail (and roll back) while a server-500 fault is armed. */
type Outcome = 'ok' | 'crash' | 'reject' | 'conflict';
type FaultKind = 'drop-request' | 'drop-response' | 'proxy-500' | 'busy-503' | 'server-500';
type Action =
  | { type: 'enqueue'; chain: number; outcome: Outcome }
  | { type: 'fault'; fault: FaultKind }
  | { type: 'drain' }
  | { type: 'restart'; crashMidSend: boolean };

const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      type: fc.constant('enqueue' as const),
      chain: fc.integer({ min: 0, max: 2 }),
      outcome: fc.constantFrom<Outcome>('ok', 'ok', 'ok', 'crash', 'reject', 'conflict'),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('fault' as const),
      fault: fc.constantFrom<FaultKind>(
        'drop-request',
        'drop-response',
        'proxy-500',
        'busy-503',
        'server-500',
      ),
    }),
  },
  { weight: 3, arbitrary: fc.constant({ type: 'drain' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({ type: fc.constant('restart' as const), crashMidSend: fc.boolean() }),
  },
);

const TERMINAL: readonly OutboxStatus[] = ['done', 'rejected', 'conflict', 'blocked', 'stuck'];
/** A note's own call, or a batch of them (the engine's default, docs/sync-protocol.md#batch-push). */
const isNotePost = (method: string, path: string) =>
  method === 'POST' && (path.startsWith('/api/test-notes') || path.startsWith('/api/sync/push'));

/**
 * A fixed number of cases and no time limit: a run cut short would pass with fewer cases than
 * asked (fast-check does not count an interrupt as a failure). 25 cases take a few seconds.
 */
const CASES = 25;
let run = 0;

describe('sync property', () => {
  it('every mutation ends in one terminal state; at most one effect per key', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 14 }), async (actions) => {
        run += 1;
        await w.reset();
        w.notes.crashes = 0;
        let clock = Date.now();
        const faults: FaultKind[] = [];
        w.proxy.rule = (r) => {
          if (!isNotePost(r.method, r.path) || faults.length === 0) return { type: 'pass' };
          const next = faults.shift()!;
          const answers: Record<FaultKind, Fault> = {
            'drop-request': { type: 'drop-request' },
            'drop-response': { type: 'drop-response' },
            'proxy-500': { type: 'respond', status: 500, body: { detail: 'boom' } },
            'busy-503': { type: 'respond', status: 503, headers: { 'retry-after': '2' } },
            'server-500': { type: 'pass' },
          };
          if (next === 'server-500') w.notes.crashes += 1;
          return answers[next];
        };
        const newEngine = () =>
          w.engine({
            now: () => clock,
            backoff: { baseMs: 1000, maxMs: 4000, maxAttempts: 3, defaultRetryAfterMs: 1000 },
          });
        let engine: SyncEngine = newEngine();
        const crashEffectsBefore = (await w.effects()).get('crash') ?? 0;
        const texts = new Map<string, string>();
        let n = 0;
        for (const a of actions) {
          if (a.type === 'enqueue') {
            const text = a.outcome === 'ok' ? `p${run}-${n}` : a.outcome;
            const { mutationId } = await enqueue('note.create', { text, chain: `ch${a.chain}` });
            texts.set(mutationId, text);
            n += 1;
          } else if (a.type === 'fault') {
            faults.push(a.fault);
          } else if (a.type === 'drain') {
            await engine.drain();
            clock += 500;
          } else {
            if (a.crashMidSend) {
              // The page died with a request on the wire: its row is left `sending`.
              const uncertain = await w.db.outbox.where('status').equals('uncertain').first();
              if (uncertain) await w.db.outbox.update(uncertain.id, { status: 'sending' });
            }
            engine = newEngine();
          }
        }
        // Signal comes back for good: drain until nothing is left to send (time passes).
        faults.length = 0;
        w.notes.crashes = 0;
        for (let i = 0; i < 12; i += 1) {
          clock += 10_000;
          await engine.drain();
          const open = await w.db.outbox
            .where('status')
            .anyOf('pending', 'uncertain', 'sending')
            .count();
          if (open === 0) break;
        }
        const rows = await w.db.outbox.toArray();
        expect(rows.length).toBe(texts.size);
        const effects = await w.effects();
        for (const row of rows) {
          expect(TERMINAL).toContain(row.status);
          const text = texts.get(row.id)!;
          if (text.startsWith('p'))
            expect(effects.get(text) ?? 0).toBe(row.status === 'done' ? 1 : 0);
          if (text === 'reject')
            expect(row.status === 'rejected' || row.status === 'blocked').toBe(true);
          if (text === 'conflict')
            expect(row.status === 'conflict' || row.status === 'blocked').toBe(true);
          if (row.status === 'blocked') {
            const chainRows = rows.filter((r) => r.chainKey === row.chainKey && r.seq < row.seq);
            expect(
              chainRows.some((r) => ['rejected', 'conflict', 'stuck'].includes(r.status)),
            ).toBe(true);
          }
        }
        // 'crash' notes share a text: their effects add up to exactly the done ones.
        const crashDone = rows.filter(
          (r) => texts.get(r.id) === 'crash' && r.status === 'done',
        ).length;
        expect((effects.get('crash') ?? 0) - crashEffectsBefore).toBe(crashDone);
        expect(effects.get('reject') ?? 0).toBe(0);
        expect(effects.get('conflict') ?? 0).toBe(0);
        // Ok rows in a chain without a problem are all done.
        const troubled = new Set(rows.filter((r) => r.status !== 'done').map((r) => r.chainKey));
        for (const row of rows) if (!troubled.has(row.chainKey)) expect(row.status).toBe('done');
      }),
      { numRuns: CASES },
    );
    // Every case ran (and, the property holding, none was shrunk): fewer would prove less.
    expect(run).toBe(CASES);
  });
});
