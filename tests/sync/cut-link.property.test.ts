/**
 * Property: a link that drops at random points inside batches and pull pages
 * — the request lost, the answer lost after the server committed, half an answer — and then
 * comes back. Every queued write has exactly one effect on the server, and the replica ends
 * equal to what the server serves the user from scratch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { REPLICA_TABLES } from '#db/replica-tables';
import type { PullAnswer } from '#domain/sync-protocol';
import { enqueue } from '#sync/commands';
import type { Fault } from '#tests/helpers/sync-proxy';
import { startSyncWorld, type SyncWorld } from '#tests/helpers/sync-harness';

let w: SyncWorld;
beforeAll(async () => {
  w = await startSyncWorld();
});
afterAll(async () => {
  await w.close();
});

type Cut = 'drop-request' | 'drop-response' | 'cut-response';
/** The n-th batch or pull request (counted from the start of the case) is cut this way. */
interface Drop {
  target: 'batch' | 'pull';
  at: number;
  cut: Cut;
}

const drop: fc.Arbitrary<Drop> = fc.record({
  target: fc.constantFrom<Drop['target']>('batch', 'pull'),
  at: fc.integer({ min: 0, max: 5 }),
  cut: fc.constantFrom<Cut>('drop-request', 'drop-response', 'cut-response'),
});
/** Every case cuts one of its first batches (the first, or the one sent again after it). */
const batchDrop: fc.Arbitrary<Drop> = fc.record({
  target: fc.constant<Drop['target']>('batch'),
  at: fc.integer({ min: 0, max: 1 }),
  cut: fc.constantFrom<Cut>('drop-request', 'drop-response', 'cut-response'),
});
const writes = fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 24 });

const isBatch = (method: string, path: string) =>
  method === 'POST' && path.startsWith('/api/sync/push');
const isPull = (path: string) => path.startsWith('/api/sync/pull');

/** What the server serves the user from scratch, table → JSON of each row, sorted. */
async function serverReplica(): Promise<Map<string, string[]>> {
  const replicated = new Set(REPLICA_TABLES.map((d) => d.server));
  const rows = new Map<string, string[]>();
  let cursor = '';
  for (;;) {
    const res = await fetch(`${w.proxy.url}/api/sync/pull/?limit=5000&cursor=${cursor}`, {
      headers: { authorization: `Bearer ${w.access}`, 'x-client-schema': '1' },
    });
    const page = (await res.json()) as PullAnswer;
    for (const [table, list] of Object.entries(page.changes))
      if (replicated.has(table))
        rows.set(table, [...(rows.get(table) ?? []), ...list.map((r) => JSON.stringify(r))]);
    cursor = encodeURIComponent(page.cursor);
    if (!page.hasMore) break;
  }
  for (const list of rows.values()) list.sort();
  return rows;
}

async function phoneReplica(): Promise<Map<string, string[]>> {
  const rows = new Map<string, string[]>();
  for (const def of REPLICA_TABLES) {
    const list = (await w.db.wire(def.table).toArray()).map((r) => JSON.stringify(r)).sort();
    if (list.length > 0) rows.set(def.server, list);
  }
  return rows;
}

/** Fixed cases, no time limit (an interrupted run would pass with fewer cases than asked). */
const CASES = 6;
const PULL_PAGE_ROWS = 250;
let run = 0;

describe('a link cut inside batches and pages', () => {
  it('every write has exactly one effect and the replica ends equal to the server’s', async () => {
    const expected = await serverReplica();
    await fc.assert(
      fc.asyncProperty(
        writes,
        batchDrop,
        fc.array(drop, { maxLength: 3 }),
        async (chains, first, more) => {
          const drops = [first, ...more];
          run += 1;
          await w.reset();
          const seen = { batch: 0, pull: 0 };
          w.proxy.rule = (r) => {
            const target = isBatch(r.method, r.path) ? 'batch' : isPull(r.path) ? 'pull' : null;
            if (!target) return { type: 'pass' };
            const at = seen[target];
            seen[target] += 1;
            const hit = drops.find((d) => d.target === target && d.at === at);
            const fault: Fault = hit ? { type: hit.cut } : { type: 'pass' };
            return fault;
          };
          const texts = chains.map((_, i) => `cut${run}-${i}`);
          for (const [i, chain] of chains.entries())
            await enqueue('note.create', { text: texts[i]!, chain: `c${chain}` });
          const engine = w.engine({ pullLimit: PULL_PAGE_ROWS, timeoutMs: 30_000 });
          // Windows of signal until everything is through (each drop is used once).
          let pulled = false;
          for (let window = 0; window < 12; window += 1) {
            await engine.drain();
            pulled = (await engine.pull()).ok;
            const open = await w.db.outbox.where('status').notEqual('done').count();
            if (open === 0 && pulled) break;
          }
          expect(pulled).toBe(true);
          const rows = await w.db.outbox.toArray();
          expect(rows.map((r) => r.status)).toEqual(chains.map(() => 'done'));
          const effects = await w.effects();
          expect(texts.map((t) => effects.get(t) ?? 0)).toEqual(texts.map(() => 1));
          expect(await phoneReplica()).toEqual(expected);
        },
      ),
      { numRuns: CASES },
    );
    expect(run).toBe(CASES);
  });
});
