/**
 * The push against the real server through the fault proxy (docs/testing.md): every
 * outcome rule of "How data flows" 3, observed on the outbox rows and counted on the server.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '#domain/sync-protocol';
import { patchSession } from '#api/session-store';
import { discard, enqueue, resubmit, retry } from '#sync/commands';
import { outboxItems, recordMutations } from '#sync/queries';
import { syncStatus } from '#sync/status-store';
import type { OutboxRow } from '#sync/types';
import type { SyncEngineOptions } from '#sync/engine';
import {
  eventually,
  startSyncWorld,
  type NotePayload,
  type SyncWorld,
} from '#tests/helpers/sync-harness';

let w: SyncWorld;
beforeAll(async () => {
  w = await startSyncWorld();
});
afterAll(async () => {
  await w.close();
});
beforeEach(async () => {
  await w.reset();
});

const note = (text: string, chain = 'c1', ref?: string): NotePayload => ({
  text,
  chain,
  ...(ref !== undefined && { ref }),
});
/**
 * These tests pin each write's own request (the engine's single calls, what it falls back to
 * against a server without `POST /api/sync/push/`); the same outcomes through batches are in
 * sync-batch.test.ts.
 */
const singleCallEngine = (options: SyncEngineOptions = {}) =>
  w.engine({ pushMode: 'single', ...options });
const row = async (id: string): Promise<OutboxRow> => (await w.db.outbox.get(id))!;
const isNotePost = (path: string, method: string) =>
  method === 'POST' && path.startsWith('/api/test-notes');

describe('push outcomes', () => {
  it('sends with the idempotency, capture and schema headers and marks only that row done', async () => {
    const { mutationId, recordId } = await enqueue('note.create', note('plain-1'));
    const report = await singleCallEngine().drain();
    expect(report).toMatchObject({ sent: 1, stop: null });
    const sent = w.proxy.log.find((r) => isNotePost(r.path, r.method))!;
    expect(sent.headers['idempotency-key']).toBe(mutationId);
    expect(sent.headers['x-captured-at']).toBe((await row(mutationId)).capturedAt);
    expect(sent.headers['x-client-schema']).toBe('1');
    const done = await row(mutationId);
    expect(done.status).toBe('done');
    expect(typeof done.serverId).toBe('number');
    // The optimistic record is replaced by the server's, under the server id.
    expect(await w.db.meta.get(`note|${recordId}`)).toBeUndefined();
    expect((await w.db.meta.get(`note|${String(done.serverId)}`))?.value).toMatchObject({
      text: 'plain-1',
    });
    expect(syncStatus.getState().notices[0]).toMatchObject({ mutationId, serverId: done.serverId });
    expect(syncStatus.getState().notices[0]!.message).toBe(
      `sync.notice.sentWithId|{"id":"${String(done.serverId)}"}`,
    );
    expect((await w.effects()).get('plain-1')).toBe(1);
  });

  it('answer lost after the server committed: uncertain, retried with the same key, one effect', async () => {
    const { mutationId } = await enqueue('note.create', note('lost-answer'));
    let drops = 1;
    w.proxy.rule = (r) =>
      isNotePost(r.path, r.method) && drops-- > 0 ? { type: 'drop-response' } : { type: 'pass' };
    const engine = singleCallEngine();
    expect((await engine.drain()).stop).toBe('network');
    expect((await row(mutationId)).status).toBe('uncertain');
    expect(syncStatus.getState().phase).toBe('offline');
    expect((await w.effects()).get('lost-answer')).toBe(1); // the server did commit
    await engine.drain();
    expect((await row(mutationId)).status).toBe('done');
    const keys = w.proxy.log
      .filter((r) => isNotePost(r.path, r.method))
      .map((r) => r.headers['idempotency-key']);
    expect(keys).toEqual([mutationId, mutationId]);
    expect((await w.effects()).get('lost-answer')).toBe(1);
  });

  it('connection dropped mid-request: uncertain, drain stops, later rows wait, then all go once', async () => {
    const a = await enqueue('note.create', note('drop-a', 'x'));
    const b = await enqueue('note.create', note('drop-b', 'y'));
    let drops = 1;
    w.proxy.rule = (r) =>
      isNotePost(r.path, r.method) && drops-- > 0 ? { type: 'drop-request' } : { type: 'pass' };
    const engine = singleCallEngine({ concurrency: 1 });
    expect((await engine.drain()).stop).toBe('network');
    expect((await row(a.mutationId)).status).toBe('uncertain');
    expect((await row(b.mutationId)).status).toBe('pending'); // the drain stopped before it
    expect((await w.effects()).get('drop-a')).toBeUndefined();
    await engine.drain();
    expect((await row(a.mutationId)).status).toBe('done');
    expect((await row(b.mutationId)).status).toBe('done');
    const effects = await w.effects();
    expect([effects.get('drop-a'), effects.get('drop-b')]).toEqual([1, 1]);
  });

  it('500 then success: backoff with an attempt counted, then done, one effect', async () => {
    w.notes.crashes = 1;
    const { mutationId } = await enqueue('note.create', note('crash'));
    const engine = singleCallEngine();
    await engine.drain();
    const failed = await row(mutationId);
    expect(failed.status).toBe('pending');
    expect(failed.attempts).toBe(1);
    expect(failed.lastError?.status).toBe(500);
    expect(failed.nextAttemptAt).toBeGreaterThan(Date.now() - 1000);
    await new Promise((r) => setTimeout(r, 30)); // backoff of the test engine: ≤ 20 ms
    await engine.drain();
    expect((await row(mutationId)).status).toBe('done');
    expect((await w.effects()).get('crash')).toBe(1);
  });

  it('5xx every time: stuck after N attempts, never dropped; retry sends the same key again', async () => {
    w.proxy.rule = (r) =>
      isNotePost(r.path, r.method)
        ? { type: 'respond', status: 502, body: { detail: 'bad gateway' } }
        : { type: 'pass' };
    const { mutationId } = await enqueue('note.create', note('always-502'));
    const engine = singleCallEngine();
    for (let i = 0; i < 6; i += 1) {
      await engine.drain();
      await new Promise((r) => setTimeout(r, 25));
    }
    const stuck = await row(mutationId);
    expect(stuck.status).toBe('stuck');
    expect(stuck.attempts).toBe(4);
    w.proxy.rule = () => ({ type: 'pass' });
    await retry(mutationId);
    await engine.drain();
    expect((await row(mutationId)).status).toBe('done');
    const keys = new Set(
      w.proxy.log
        .filter((r) => isNotePost(r.path, r.method))
        .map((r) => r.headers['idempotency-key']),
    );
    expect(keys).toEqual(new Set([mutationId]));
  });

  it('429 with Retry-After: the drain stops and nothing is sent before the wait is over', async () => {
    let busy = 1;
    w.proxy.rule = (r) =>
      isNotePost(r.path, r.method) && busy-- > 0
        ? {
            type: 'respond',
            status: 429,
            headers: { 'retry-after': '1' },
            body: { detail: 'slow down' },
          }
        : { type: 'pass' };
    const a = await enqueue('note.create', note('busy-a', 'p'));
    const b = await enqueue('note.create', note('busy-b', 'q'));
    const engine = singleCallEngine({ concurrency: 1 });
    expect((await engine.drain()).stop).toBe('busy');
    const waiting = await row(a.mutationId);
    expect(waiting.status).toBe('pending');
    expect(waiting.attempts).toBe(0);
    expect(waiting.nextAttemptAt).toBeGreaterThanOrEqual(Date.now() + 500);
    expect((await row(b.mutationId)).status).toBe('pending');
    const sentBefore = w.proxy.log.length;
    expect((await engine.drain()).stop).toBe('busy'); // still inside Retry-After
    expect(w.proxy.log.length).toBe(sentBefore);
    await new Promise((r) => setTimeout(r, 1050));
    await engine.drain();
    expect((await row(a.mutationId)).status).toBe('done');
    expect((await row(b.mutationId)).status).toBe('done');
  });

  it('Retry-After as an HTTP date on a 503 is honoured too', async () => {
    let busy = 1;
    const at = new Date(Date.now() + 2000).toUTCString();
    w.proxy.rule = (r) =>
      isNotePost(r.path, r.method) && busy-- > 0
        ? { type: 'respond', status: 503, headers: { 'retry-after': at } }
        : { type: 'pass' };
    const { mutationId } = await enqueue('note.create', note('busy-date'));
    await singleCallEngine().drain();
    expect((await row(mutationId)).nextAttemptAt).toBeGreaterThan(Date.now() + 500);
  });

  it('400 on item 2 of 5: rejected with field errors, its chain blocked, other chains done', async () => {
    const ids = [
      await enqueue('note.create', note('five-1', 'A')),
      await enqueue('note.create', note('', 'A')), // empty text: the server's field error
      await enqueue('note.create', note('five-3', 'A')),
      await enqueue('note.create', note('five-4', 'B')),
      await enqueue('note.create', note('five-5', 'C')),
    ].map((r) => r.mutationId);
    await singleCallEngine().drain();
    const rows = await Promise.all(ids.map(row));
    expect(rows.map((r) => r.status)).toEqual(['done', 'rejected', 'blocked', 'done', 'done']);
    expect(rows[1]!.lastError?.status).toBe(400);
    expect(rows[1]!.lastError?.body).toMatchObject({ text: [expect.any(String)] });
    expect(rows[2]!.lastError?.body).toEqual({ blockedBy: ids[1] });
    // Fix it: a new mutation id for the same record, the chain unblocks and finishes.
    const fixed = await resubmit(ids[1]!, note('five-2-fixed', 'A'));
    expect(fixed.mutationId).not.toBe(ids[1]);
    expect(fixed.recordId).toBe(rows[1]!.recordId);
    expect((await row(ids[2]!)).status).toBe('pending');
    await singleCallEngine().drain();
    expect((await row(fixed.mutationId)).status).toBe('done');
    expect((await row(ids[2]!)).status).toBe('done');
    const effects = await w.effects();
    expect(
      ['five-1', 'five-2-fixed', 'five-3', 'five-4', 'five-5'].map((t) => effects.get(t)),
    ).toEqual([1, 1, 1, 1, 1]);
    // The superseded row is kept in the audit log.
    expect((await w.db.audit.toArray()).map((a) => [a.action, a.row.id])).toEqual([
      ['resubmit', ids[1]],
    ]);
  });

  it('409 → conflict with the server body; discard keeps an audit entry, undoes the record and unblocks the chain', async () => {
    const bad = await enqueue('note.create', note('conflict', 'K'));
    const next = await enqueue('note.create', note('after-conflict', 'K'));
    const dependent = await enqueue('note.create', note('needs-conflict', 'Z'), {
      dependsOn: [bad.mutationId],
    });
    await singleCallEngine().drain();
    const conflicted = await row(bad.mutationId);
    expect(conflicted.status).toBe('conflict');
    expect(conflicted.lastError?.body).toMatchObject({ code: 'note_conflict' });
    expect((await row(next.mutationId)).status).toBe('blocked');
    expect((await row(dependent.mutationId)).status).toBe('blocked');
    await discard(bad.mutationId, 'duplicate');
    expect(await w.db.outbox.get(bad.mutationId)).toBeUndefined();
    expect(await w.db.meta.get(`note|${bad.recordId}`)).toBeUndefined();
    const [audit] = await w.db.audit.toArray();
    expect(audit).toMatchObject({
      action: 'discard',
      reason: 'duplicate',
      userId: w.userId,
      row: { id: bad.mutationId },
    });
    expect((await row(next.mutationId)).status).toBe('pending');
    const orphan = await row(dependent.mutationId);
    expect(orphan.status).toBe('blocked');
    expect(orphan.lastError?.message).toBe('sync.reason.dependencyDiscarded');
    await singleCallEngine().drain();
    expect((await row(next.mutationId)).status).toBe('done');
    expect((await row(dependent.mutationId)).status).toBe('blocked');
    await expect(discard(next.mutationId, 'x')).rejects.toThrow(/status "done"/);
  });

  it('403/404 answers are rejections with the server message', async () => {
    w.proxy.rule = (r) =>
      isNotePost(r.path, r.method)
        ? { type: 'respond', status: 403, body: { detail: 'No autorizado' } }
        : { type: 'pass' };
    const { mutationId } = await enqueue('note.create', note('forbidden'));
    await singleCallEngine().drain();
    expect((await row(mutationId)).status).toBe('rejected');
    expect((await row(mutationId)).lastError?.message).toBe('No autorizado');
  });

  it('a queued row naming a created record is rewritten to the server id before it leaves', async () => {
    const first = await enqueue('note.create', note('parent', 'R'));
    const child = await enqueue('note.create', note('child', 'R', first.recordId));
    await singleCallEngine().drain();
    const parent = await row(first.mutationId);
    const sentChild = await row(child.mutationId);
    expect((sentChild.payload as NotePayload).ref).toBe(parent.serverId);
    expect((await w.effects()).get(`child after ${String(parent.serverId)}`)).toBe(1);
  });

  it('device clock skew: a capture too old or in the future is rejected with the server message', async () => {
    const old = await enqueue('note.create', note('too-old', 'o'), {
      capturedAt: new Date(Date.now() - 61 * 86_400_000).toISOString(),
    });
    const future = await enqueue('note.create', note('future', 'f'), {
      capturedAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const fine = await enqueue('note.create', note('skew-ok', 's'), {
      capturedAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    });
    await singleCallEngine().drain();
    for (const id of [old.mutationId, future.mutationId]) {
      const r = await row(id);
      expect(r.status).toBe('rejected');
      expect(r.lastError?.status).toBe(400);
      expect(r.lastError?.message).not.toBe('sync.reason.rejected'); // the server's own words
    }
    expect((await row(fine.mutationId)).status).toBe('done');
    expect(w.notes.lastCapture?.capturedAt?.toISOString()).toBe(
      (await row(fine.mutationId)).capturedAt,
    );
    // Fixing the capture instant lets it through.
    const fixed = await resubmit(future.mutationId, note('future', 'f'), {
      capturedAt: new Date().toISOString(),
    });
    await singleCallEngine().drain();
    expect((await row(fixed.mutationId)).status).toBe('done');
  });

  it('426: updateRequired, nothing dropped, no further pushes', async () => {
    w.proxy.rule = (r) =>
      isNotePost(r.path, r.method)
        ? { type: 'respond', status: 426, body: { detail: 'update', code: 'client_outdated' } }
        : { type: 'pass' };
    const { mutationId } = await enqueue('note.create', note('old-app'));
    const engine = singleCallEngine();
    expect((await engine.drain()).stop).toBe('update');
    expect(syncStatus.getState().updateRequired).toBe(true);
    expect((await row(mutationId)).status).toBe('pending');
    const before = w.proxy.log.length;
    expect((await engine.drain()).stop).toBe('update');
    expect(w.proxy.log.length).toBe(before);
  });
});

describe('triggers', () => {
  it('a started engine pushes right after an enqueue and its timer retries a 5xx when due', async () => {
    const engine = singleCallEngine({ pushIntervalMs: 60_000 });
    await engine.start();
    try {
      w.notes.crashes = 1;
      const { mutationId } = await enqueue('note.create', note('crash', 'trig'));
      await eventually(async () => (await row(mutationId)).status === 'done', 5_000);
      expect((await row(mutationId)).attempts).toBe(2);
      // The badge's recount follows the row (recounts run in order, the capture's first).
      await eventually(() => syncStatus.getState().counts.pending === 0, 5_000);
    } finally {
      engine.stop();
    }
  });
});

describe('sessions', () => {
  it('401 mid-queue: refresh once, continue, no attempt counted', async () => {
    const a = await enqueue('note.create', note('auth-1', 'u'));
    const b = await enqueue('note.create', note('auth-2', 'u'));
    patchSession({ access: 'expired-token' });
    await singleCallEngine().drain();
    for (const r of [await row(a.mutationId), await row(b.mutationId)]) {
      expect(r.status).toBe('done');
      expect(r.attempts).toBe(1);
    }
    expect(w.proxy.log.filter((r) => r.path.startsWith('/api/token/refresh')).length).toBe(1);
  });

  it('refresh dead: paused-login, nothing dropped; resumes after a new login', async () => {
    const a = await enqueue('note.create', note('paused-1', 'v'));
    const b = await enqueue('note.create', note('paused-2', 'w'));
    patchSession({ access: 'expired-token', refresh: 'dead-refresh' });
    const engine = singleCallEngine({ concurrency: 1 });
    expect((await engine.drain()).stop).toBe('login');
    expect(syncStatus.getState().phase).toBe('paused-login');
    expect((await outboxItems()).map((r) => [r.status, r.attempts])).toEqual([
      ['pending', 0],
      ['pending', 0],
    ]);
    const before = w.proxy.log.length;
    expect((await engine.drain()).stop).toBe('login'); // same dead token: no request at all
    expect(w.proxy.log.length).toBe(before);
    patchSession({ access: w.access, refresh: w.refresh }); // the user logged in again
    await engine.drain();
    expect((await row(a.mutationId)).status).toBe('done');
    expect((await row(b.mutationId)).status).toBe('done');
    expect(syncStatus.getState().phase).toBe('idle');
  });
});

describe('concurrency and crashes', () => {
  it('reload during a send: the row left sending becomes uncertain, same key, one effect', async () => {
    const { mutationId } = await enqueue('note.create', note('reload'));
    // The page died after the server committed and before the answer was recorded.
    let drops = 1;
    w.proxy.rule = (r) =>
      isNotePost(r.path, r.method) && drops-- > 0 ? { type: 'drop-response' } : { type: 'pass' };
    await singleCallEngine().drain();
    await w.db.outbox.update(mutationId, { status: 'sending' });
    const restarted = singleCallEngine();
    await restarted.drain();
    const r = await row(mutationId);
    expect(r.status).toBe('done');
    expect((await w.effects()).get('reload')).toBe(1);
    const keys = w.proxy.log
      .filter((p) => isNotePost(p.path, p.method))
      .map((p) => p.headers['idempotency-key']);
    expect(keys).toEqual([mutationId, mutationId]);
  });

  it('two tabs draining at once: each row is sent once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 8; i += 1)
      ids.push((await enqueue('note.create', note(`tab-${i}`, `t${i % 3}`))).mutationId);
    const tabA = singleCallEngine({ concurrency: 3 });
    const tabB = singleCallEngine({ concurrency: 3 });
    const [ra, rb] = await Promise.all([tabA.drain(), tabB.drain()]);
    expect([ra.elsewhere, rb.elsewhere].filter(Boolean).length).toBe(1);
    for (const id of ids) expect((await row(id)).status).toBe('done');
    const keys = w.proxy.log
      .filter((r) => isNotePost(r.path, r.method))
      .map((r) => r.headers['idempotency-key']);
    expect(keys.length).toBe(8);
    expect(new Set(keys).size).toBe(8);
  });

  it('parallel duplicate POSTs with one key: one effect, both get the same answer', async () => {
    const { mutationId } = await enqueue('note.create', note('dup'));
    const send = () =>
      fetch(`${w.proxy.url}/api/test-notes/`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${w.access}`,
          [IDEMPOTENCY_KEY_HEADER]: mutationId,
        },
        body: JSON.stringify({ text: 'dup' }),
      }).then(async (res) => ({ status: res.status, body: (await res.json()) as unknown }));
    const answers = await Promise.all([send(), send(), send()]);
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    // And the engine's own send of that row is a replay, not a second note.
    await singleCallEngine().drain();
    expect((await row(mutationId)).status).toBe('done');
    expect((await w.effects()).get('dup')).toBe(1);
  });

  it('a write made during a drain is sent by the same drain (dirty flag)', async () => {
    await enqueue('note.create', note('dirty-1', 'd'));
    let late: Promise<{ mutationId: string }> | null = null;
    w.proxy.rule = (r) => {
      if (isNotePost(r.path, r.method) && !late)
        late = enqueue('note.create', note('dirty-2', 'e'));
      return { type: 'pass' };
    };
    const engine = singleCallEngine();
    const drained = engine.drain();
    await new Promise((r) => setTimeout(r, 50));
    await engine.drain(); // what the enqueue trigger does: joins the running drain
    await drained;
    const { mutationId } = await late!;
    expect((await row(mutationId)).status).toBe('done');
  });

  it('recordMutations shows a record’s state and last error', async () => {
    const { mutationId, recordId } = await enqueue('note.create', note('', 'm'));
    expect((await recordMutations(recordId)).map((r) => r.status)).toEqual(['pending']);
    await singleCallEngine().drain();
    const [r] = await recordMutations(recordId);
    expect(r).toMatchObject({ id: mutationId, status: 'rejected' });
    expect(r!.lastError?.status).toBe(400);
  });
});
