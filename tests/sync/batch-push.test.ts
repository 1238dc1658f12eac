/**
 * The engine's batches against the real server through the fault proxy: many
 * queued writes in one `POST /api/sync/push/`, each with its own key, capture instant and
 * chain, each result recorded as its single call's answer is (push-faults.test.ts pins those
 * single calls), the same batch again after a lost answer, single calls against a server
 * without the endpoint.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PUSH_MAX_WRITES, pushBatchSchema, type PushWrite } from '#domain/sync-protocol';
import { enqueue, resubmit } from '#sync/commands';
import type { OutboxRow } from '#sync/types';
import type { ProxiedRequest } from '#tests/helpers/sync-proxy';
import { startSyncWorld, type NotePayload, type SyncWorld } from '#tests/helpers/sync-harness';

let w: SyncWorld;
beforeAll(async () => {
  w = await startSyncWorld();
});
afterAll(async () => {
  await w.close();
});
beforeEach(async () => {
  await w.reset();
  w.notes.crashes = 0;
});

const note = (text: string, chain: string, ref?: string | number): NotePayload => ({
  text,
  chain,
  ...(ref !== undefined && { ref }),
});
const row = async (id: string): Promise<OutboxRow> => (await w.db.outbox.get(id))!;
const isBatch = (r: Pick<ProxiedRequest, 'method' | 'path'>) =>
  r.method === 'POST' && r.path.startsWith('/api/sync/push');
const isNotePost = (r: ProxiedRequest) =>
  r.method === 'POST' && r.path.startsWith('/api/test-notes');
/** The writes of every batch the proxy saw, batch by batch. */
const batches = (): PushWrite[][] =>
  w.proxy.log.filter(isBatch).map((r) => pushBatchSchema.parse(JSON.parse(r.body)).writes);
const effectsOf = async (texts: string[]) => {
  const effects = await w.effects();
  return texts.map((t) => effects.get(t) ?? 0);
};

describe('batch push', () => {
  it('sends the queue in one request, each write with its own key, capture instant and chain', async () => {
    const queued = [
      await enqueue('note.create', note('b-1', 'A')),
      await enqueue('note.create', note('b-2', 'A')),
      await enqueue('note.create', note('b-3', 'B')),
    ];
    const report = await w.engine().drain();
    expect(report).toMatchObject({ sent: 3, stop: null });
    expect(w.proxy.log.filter(isNotePost)).toHaveLength(0);
    const sent = batches();
    expect(sent).toHaveLength(1);
    const rows = await Promise.all(queued.map((q) => row(q.mutationId)));
    expect(sent[0]).toEqual(
      rows.map((r) => ({
        key: r.id,
        capturedAt: r.capturedAt,
        method: 'POST',
        path: '/api/test-notes/',
        body: { text: (r.payload as NotePayload).text },
        chain: r.chainKey,
      })),
    );
    expect(rows.map((r) => r.status)).toEqual(['done', 'done', 'done']);
    expect(rows.every((r) => typeof r.serverId === 'number')).toBe(true);
    expect(await effectsOf(['b-1', 'b-2', 'b-3'])).toEqual([1, 1, 1]);
  });

  it('answer lost: every write uncertain, the same batch again with the same keys, one effect each', async () => {
    for (const text of ['lost-1', 'lost-2', 'lost-3'])
      await enqueue('note.create', note(text, text));
    let drops = 1;
    w.proxy.rule = (r) =>
      isBatch(r) && drops-- > 0 ? { type: 'drop-response' } : { type: 'pass' };
    const engine = w.engine();
    expect((await engine.drain()).stop).toBe('network');
    const statuses = (await w.db.outbox.toArray()).map((r) => r.status);
    expect(statuses).toEqual(['uncertain', 'uncertain', 'uncertain']);
    expect(await effectsOf(['lost-1', 'lost-2', 'lost-3'])).toEqual([1, 1, 1]); // it committed
    expect((await engine.drain()).sent).toBe(3);
    const [first, second] = batches();
    expect(second).toEqual(first);
    expect(await effectsOf(['lost-1', 'lost-2', 'lost-3'])).toEqual([1, 1, 1]);
  });

  it('request lost: nothing applied; sent again, one effect each', async () => {
    for (const text of ['cut-1', 'cut-2']) await enqueue('note.create', note(text, 'cut'));
    let drops = 1;
    w.proxy.rule = (r) => (isBatch(r) && drops-- > 0 ? { type: 'drop-request' } : { type: 'pass' });
    const engine = w.engine();
    expect((await engine.drain()).stop).toBe('network');
    expect(await effectsOf(['cut-1', 'cut-2'])).toEqual([0, 0]);
    await engine.drain();
    expect(await effectsOf(['cut-1', 'cut-2'])).toEqual([1, 1]);
  });

  it('400 on item 2 of 5: rejected with its field errors, the rest of its chain blocked, other chains done', async () => {
    const ids = [
      await enqueue('note.create', note('five-1', 'A')),
      await enqueue('note.create', note('', 'A')),
      await enqueue('note.create', note('five-3', 'A')),
      await enqueue('note.create', note('five-4', 'B')),
      await enqueue('note.create', note('five-5', 'C')),
    ].map((r) => r.mutationId);
    await w.engine().drain();
    const rows = await Promise.all(ids.map(row));
    expect(rows.map((r) => r.status)).toEqual(['done', 'rejected', 'blocked', 'done', 'done']);
    expect(rows[1]!.lastError?.status).toBe(400);
    expect(rows[1]!.lastError?.body).toMatchObject({ text: [expect.any(String)] });
    expect(rows[2]!.lastError?.body).toEqual({ blockedBy: ids[1] });
    expect(rows[2]!.attempts).toBe(0); // blocked in the batch: never reached the command
    const fixed = await resubmit(ids[1]!, note('five-2-fixed', 'A'));
    await w.engine().drain();
    expect((await row(fixed.mutationId)).status).toBe('done');
    expect((await row(ids[2]!)).status).toBe('done');
    expect(await effectsOf(['five-1', 'five-2-fixed', 'five-3', 'five-4', 'five-5'])).toEqual([
      1, 1, 1, 1, 1,
    ]);
  });

  it('a batch whose request was lost, then refused at its head: the rest of the chain is blocked, not left uncertain', async () => {
    const ids = [
      await enqueue('note.create', note('', 'R')),
      await enqueue('note.create', note('after-refusal', 'R')),
    ].map((r) => r.mutationId);
    let drops = 1;
    w.proxy.rule = (r) => (isBatch(r) && drops-- > 0 ? { type: 'drop-request' } : { type: 'pass' });
    const engine = w.engine();
    expect((await engine.drain()).stop).toBe('network');
    await engine.drain();
    const rows = await Promise.all(ids.map(row));
    expect(rows.map((r) => r.status)).toEqual(['rejected', 'blocked']);
    expect(rows[1]!.lastError?.body).toEqual({ blockedBy: ids[0] });
    // Once the refusal is fixed, the blocked write goes with its own key and arrives once.
    const fixed = await resubmit(ids[0]!, note('refusal-fixed', 'R'));
    await engine.drain();
    expect((await row(fixed.mutationId)).status).toBe('done');
    expect((await row(ids[1]!)).status).toBe('done');
    expect(await effectsOf(['refusal-fixed', 'after-refusal'])).toEqual([1, 1]);
  });

  it('409 → conflict with the server body', async () => {
    const { mutationId } = await enqueue('note.create', note('conflict', 'K'));
    await w.engine().drain();
    const r = await row(mutationId);
    expect(r.status).toBe('conflict');
    expect(r.lastError?.status).toBe(409);
  });

  it('a write whose database went away halts the batch: the rest stays queued, then all arrive once', async () => {
    w.notes.crashes = 1;
    const ids = [
      await enqueue('note.create', note('halt-1', 'H1')),
      await enqueue('note.create', note('unavailable', 'H2')),
      await enqueue('note.create', note('halt-3', 'H3')),
    ].map((r) => r.mutationId);
    const engine = w.engine();
    expect((await engine.drain()).stop).toBe('busy');
    const rows = await Promise.all(ids.map(row));
    expect(rows.map((r) => r.status)).toEqual(['done', 'pending', 'pending']);
    expect(rows[2]!.attempts).toBe(0); // not attempted: not counted
    // "Sync now" on a new engine: past this one's Retry-After hold and the rows' wait.
    await w.engine().syncNow();
    expect((await Promise.all(ids.map(row))).map((r) => r.status)).toEqual([
      'done',
      'done',
      'done',
    ]);
    expect(await effectsOf(['halt-1', 'unavailable', 'halt-3'])).toEqual([1, 1, 1]);
  });

  it('429 on the batch: the drain stops, nothing counted as an attempt', async () => {
    const { mutationId } = await enqueue('note.create', note('busy', 'Z'));
    w.proxy.rule = (r) =>
      isBatch(r)
        ? { type: 'respond', status: 429, headers: { 'retry-after': '1' }, body: {} }
        : { type: 'pass' };
    expect((await w.engine().drain()).stop).toBe('busy');
    const r = await row(mutationId);
    expect(r.status).toBe('pending');
    expect(r.attempts).toBe(0);
  });

  it('a row naming a record created in the batch waits for the next one, rewritten to the server id', async () => {
    const parent = await enqueue('note.create', note('parent', 'R'));
    const child = await enqueue('note.create', note('child', 'R', parent.recordId));
    await w.engine().drain();
    const serverId = (await row(parent.mutationId)).serverId;
    expect(batches().map((b) => b.length)).toEqual([1, 1]);
    expect((await row(child.mutationId)).status).toBe('done');
    expect(await effectsOf([`child after ${String(serverId)}`])).toEqual([1]);
  });

  it("two records created in one batch: each later row is rewritten to its own record's server id", async () => {
    const first = await enqueue('note.create', note('first', 'A'));
    const second = await enqueue('note.create', note('second', 'B'));
    const ofFirst = await enqueue('note.create', note('of-first', 'A', first.recordId));
    const ofSecond = await enqueue('note.create', note('of-second', 'B', second.recordId));
    await w.engine().drain();
    const firstId = (await row(first.mutationId)).serverId;
    const secondId = (await row(second.mutationId)).serverId;
    expect(firstId).not.toBe(secondId);
    expect(batches().map((b) => b.length)).toEqual([2, 2]);
    expect((await row(ofFirst.mutationId)).status).toBe('done');
    expect((await row(ofSecond.mutationId)).status).toBe('done');
    expect(
      await effectsOf([`of-first after ${String(firstId)}`, `of-second after ${String(secondId)}`]),
    ).toEqual([1, 1]);
  });

  it(`never more than ${PUSH_MAX_WRITES} writes in a batch`, async () => {
    const count = PUSH_MAX_WRITES + 5;
    for (let i = 0; i < count; i += 1) await enqueue('note.create', note(`many-${i}`, `m${i}`));
    // A loaded CI machine may need more than the test engine's 5 s for a full batch.
    expect((await w.engine({ timeoutMs: 60_000 }).drain()).sent).toBe(count);
    expect(batches().map((b) => b.length)).toEqual([PUSH_MAX_WRITES, 5]);
  });

  it('a server without the batch endpoint gets single calls, and is not asked again', async () => {
    w.proxy.rule = (r) =>
      isBatch(r) ? { type: 'respond', status: 404, body: { detail: 'no' } } : { type: 'pass' };
    const engine = w.engine();
    const a = await enqueue('note.create', note('old-1', 'O'));
    await enqueue('note.create', note('old-2', 'O'));
    expect((await engine.drain()).sent).toBe(2);
    expect((await row(a.mutationId)).attempts).toBe(1); // the 404 batch is not counted
    await enqueue('note.create', note('old-3', 'P'));
    await engine.drain();
    expect(w.proxy.log.filter(isBatch)).toHaveLength(1);
    expect(w.proxy.log.filter(isNotePost)).toHaveLength(3);
    expect(await effectsOf(['old-1', 'old-2', 'old-3'])).toEqual([1, 1, 1]);
  });
});
