/**
 * Which rows go in the next batch (`planBatch`) and how the link's byte budget moves
 * (`createLinkMeter`): pure, no server.
 */
import { describe, expect, it } from 'vitest';
import type { PushWrite } from '#domain/sync-protocol';
import { planBatch, type PlanOptions } from '#sync/batch-plan';
import { BATCH_TARGET_MS, createLinkMeter, PUSH_BATCH_BYTES } from '#sync/link-meter';
import type { OutboxRow } from '#sync/types';

let seq = 0;
function outboxRow(over: Partial<OutboxRow> & { id: string }): OutboxRow {
  seq += 1;
  return {
    seq,
    deviceId: 'd',
    userId: 1,
    kind: 'note.create',
    recordId: `rec-${over.id}`,
    chainKey: over.id,
    dependsOn: [],
    payload: { text: over.id },
    capturedAt: '2026-01-01T00:00:00.000Z',
    status: 'pending',
    attempts: 0,
    nextAttemptAt: 0,
    lastError: null,
    result: null,
    serverId: 7,
    supersedes: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    sentAt: null,
    doneAt: null,
    ...over,
  };
}

const writeOf = (row: OutboxRow): PushWrite => ({
  key: row.id,
  method: 'POST',
  path: '/api/test-notes/',
  body: row.payload,
  chain: row.chainKey,
});
const options = (over: Partial<PlanOptions> = {}): PlanOptions => ({
  discarded: new Set(),
  now: 1000,
  force: false,
  budgetBytes: 1_000_000,
  maxBatchBytes: 1_000_000,
  writeOf,
  ...over,
});
const ids = (rows: { row: OutboxRow }[]) => rows.map((w) => w.row.id);

describe('planBatch', () => {
  it('keeps capture order and follows each chain from its head', () => {
    const rows = [
      outboxRow({ id: 'a1', chainKey: 'A' }),
      outboxRow({ id: 'b1', chainKey: 'B' }),
      outboxRow({ id: 'a2', chainKey: 'A' }),
    ];
    expect(ids(planBatch(rows, options()).writes)).toEqual(['a1', 'b1', 'a2']);
  });

  it('a row that cannot go closes its chain; other chains go on', () => {
    const rows = [
      outboxRow({ id: 'a1', chainKey: 'A', status: 'rejected' }),
      outboxRow({ id: 'a2', chainKey: 'A' }),
      outboxRow({ id: 'b1', chainKey: 'B', nextAttemptAt: 5000 }),
      outboxRow({ id: 'b2', chainKey: 'B' }),
      outboxRow({ id: 'c1', chainKey: 'C', dependsOn: ['b1'] }),
      outboxRow({ id: 'd1', chainKey: 'D', status: 'uncertain' }),
    ];
    expect(ids(planBatch(rows, options()).writes)).toEqual(['d1']);
    // "Sync now" sends a row still waiting out its backoff.
    expect(ids(planBatch(rows, options({ force: true })).writes)).toEqual(['b1', 'b2', 'd1']);
  });

  it('a row naming a record the batch creates waits (its reference is not rewritten yet)', () => {
    const created = '01890a5d-ac96-774b-bcce-b302099a8057';
    const rows = [
      outboxRow({ id: 'p', chainKey: 'P', recordId: created, serverId: null }),
      outboxRow({ id: 'c', chainKey: 'C', payload: { text: `after ${created}` } }),
      outboxRow({ id: 'e', chainKey: 'P', recordId: created, serverId: null }),
      outboxRow({ id: 'x', chainKey: 'X' }),
    ];
    expect(ids(planBatch(rows, options()).writes)).toEqual(['p', 'x']);
    // An existing record's edits (a stable id, the server's own) go together.
    const edits = [1, 2, 3].map((i) =>
      outboxRow({ id: `u${i}`, chainKey: 'U', recordId: 'user-5', serverId: null }),
    );
    expect(ids(planBatch(edits, options()).writes)).toEqual(['u1', 'u2', 'u3']);
  });

  it('stops at the byte budget (one write always goes) and at the write cap', () => {
    const rows = Array.from({ length: 10 }, (_, i) =>
      outboxRow({ id: `n${i}`, payload: { text: 'x'.repeat(1000) } }),
    );
    const plan = planBatch(rows, options({ budgetBytes: 3500 }));
    expect(ids(plan.writes)).toEqual(['n0', 'n1', 'n2']);
    expect(plan.bytes).toBeLessThanOrEqual(3500);
    expect(planBatch(rows, options({ budgetBytes: 10 })).writes).toHaveLength(1);
    expect(planBatch(rows, options({ maxWrites: 4 })).writes).toHaveLength(4);
  });

  it('a write larger than a batch may be, or of an unknown kind, goes as a single call', () => {
    const rows = [
      outboxRow({ id: 'big', payload: { text: 'x'.repeat(5000) } }),
      outboxRow({ id: 'odd', kind: 'nobody.knows' }),
      outboxRow({ id: 'ok' }),
    ];
    const plan = planBatch(
      rows,
      options({
        maxBatchBytes: 4000,
        writeOf: (row) => (row.kind === 'note.create' ? writeOf(row) : null),
      }),
    );
    expect(ids(plan.writes)).toEqual(['ok']);
    expect(plan.singles.map((r) => r.id)).toEqual(['big', 'odd']);
  });
});

describe('createLinkMeter', () => {
  it('sizes the next batch to what the link carried in the target time, within bounds', () => {
    const meter = createLinkMeter(100_000);
    // 100 kB in 4 s: 25 kB/s → 50 kB in the 2 s target.
    meter.record(100_000, 4000);
    expect(meter.budgetBytes()).toBe((100_000 * BATCH_TARGET_MS) / 4000);
    // A fast answer grows it at most 4× a step, never past the maximum.
    meter.record(50_000, 10);
    expect(meter.budgetBytes()).toBe(200_000);
    for (let i = 0; i < 5; i += 1) meter.record(meter.budgetBytes(), 10);
    expect(meter.budgetBytes()).toBe(PUSH_BATCH_BYTES.max);
    // A small batch (the queue's end) does not shrink it; a slow full one does, to the minimum.
    meter.record(1000, 3000);
    expect(meter.budgetBytes()).toBe(PUSH_BATCH_BYTES.max);
    meter.record(PUSH_BATCH_BYTES.max, 600_000);
    expect(meter.budgetBytes()).toBe(PUSH_BATCH_BYTES.min);
  });
});
