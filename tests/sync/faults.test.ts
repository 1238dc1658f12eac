/**
 * Field faults on the engine side: a new app version while items are
 * pending — the update waits for the item on the wire and leaves the rest queued, and the next
 * Dexie schema version opens over today's database with the outbox intact; the server
 * restarting mid-send.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Dexie } from 'dexie';
import type { FetchLike } from '#api/raw-request';
import { AppDatabase } from '#db/database';
import { LATEST_SCHEMA_VERSION, SCHEMA_VERSIONS } from '#db/schema-versions';
import type { StoredOutboxRow } from '#db/stored-rows';
import { enqueue } from '#sync/commands';
import type { SyncEngineOptions } from '#sync/engine';
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
});

/**
 * These tests pin each write's own request (the engine's single calls, what it falls back to
 * against a server without `POST /api/sync/push/`); the same outcomes through batches are in
 * sync-batch.test.ts.
 */
const singleCallEngine = (options: SyncEngineOptions = {}) =>
  w.engine({ pushMode: 'single', ...options });
const note = (text: string, chain: string): NotePayload => ({ text, chain });
const status = async (id: string) => (await w.db.outbox.get(id))?.status;
const notePosts = () =>
  w.proxy.log.filter((r) => r.method === 'POST' && r.path.startsWith('/api/test-notes'));

/** A fetch whose answers are held back until `release()`: the request has reached the server. */
function heldAnswers() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let onWire!: () => void;
  const firstOnWire = new Promise<void>((resolve) => (onWire = resolve));
  const fetchLike: FetchLike = async (input, init) => {
    const answer = await fetch(input, init);
    onWire();
    await gate;
    return answer;
  };
  return { fetchLike, firstOnWire, release };
}

describe('a new app version while items are pending', () => {
  it('the update waits for the item on the wire, sends nothing more, and the rest stays queued', async () => {
    const first = await enqueue('note.create', note('update-1', 'u'));
    const second = await enqueue('note.create', note('update-2', 'u'));
    const held = heldAnswers();
    const engine = singleCallEngine({ fetch: held.fetchLike, concurrency: 1 });
    const draining = engine.drain();
    await held.firstOnWire;

    let settled = false;
    // What the outbox says the moment settle() resolves: its item's answer must be recorded.
    const settling = engine.settle().then(async () => {
      settled = true;
      return status(first.mutationId);
    });
    // The item is on the wire, its answer held back (a read of the outbox, after settle began).
    expect(await status(first.mutationId)).toBe('sending');
    expect(settled).toBe(false); // so settle is still waiting

    held.release();
    expect(await settling).toBe('done');
    await draining;
    expect(await status(first.mutationId)).toBe('done');
    expect(await status(second.mutationId)).toBe('pending');
    expect(notePosts()).toHaveLength(1);

    // The new version's engine sends what was left, once.
    await singleCallEngine().drain();
    expect(await status(second.mutationId)).toBe('done');
    const effects = await w.effects();
    expect([effects.get('update-1'), effects.get('update-2')]).toEqual([1, 1]);
  });

  it('settle with nothing being sent resolves at once and leaves the queue alone', async () => {
    const queued = await enqueue('note.create', note('idle', 'i'));
    const engine = singleCallEngine();
    await engine.settle();
    expect(await status(queued.mutationId)).toBe('pending');
    expect(notePosts()).toHaveLength(0);
  });
});

describe('Dexie schema upgrade of a new app version', () => {
  function row(id: string, state: StoredOutboxRow['status'], seq: number): StoredOutboxRow {
    const at = new Date(Date.UTC(2026, 0, 5, 10, seq)).toISOString();
    return {
      id,
      seq,
      deviceId: 'phone-1',
      userId: 9,
      kind: 'pago.create',
      recordId: `r-${id}`,
      chainKey: 'credito-7',
      dependsOn: [],
      payload: { monto: 104000 },
      capturedAt: at,
      status: state,
      attempts: state === 'uncertain' ? 1 : 0,
      nextAttemptAt: 0,
      lastError: null,
      result: null,
      serverId: null,
      supersedes: null,
      createdAt: at,
      updatedAt: at,
      sentAt: null,
      doneAt: null,
    };
  }

  it('the next version (new table, new index, a row upgrade) opens over today’s database and keeps the outbox', async () => {
    const name = 'comonsit-faults-upgrade';
    const today = new AppDatabase(name);
    await today.open();
    expect(today.verno).toBe(LATEST_SCHEMA_VERSION);
    const queued = [row('m1', 'pending', 1), row('m2', 'uncertain', 2), row('m3', 'rejected', 3)];
    await today.outbox.bulkPut(queued);
    await today
      .wire('pagos')
      .put({ id: 'r-m1', credito: 7, fecha_pago: '2026-01-05', _pending: 'm1' });
    today.close();

    let upgradedRows = 0;
    const next = new AppDatabase(name, [
      ...SCHEMA_VERSIONS,
      {
        version: LATEST_SCHEMA_VERSION + 1,
        stores: {
          waivers: 'id, credito',
          outbox: 'id, seq, status, chainKey, recordId, kind, nextAttemptAt, userId',
        },
        upgrade: async (tx) => {
          upgradedRows = await tx
            .table('pagos')
            .toCollection()
            .modify((p: Record<string, unknown>) => {
              p.origen = 'telefono';
            });
        },
      },
    ]);
    await next.open();
    expect(next.verno).toBe(LATEST_SCHEMA_VERSION + 1);
    expect(await next.outbox.orderBy('seq').toArray()).toEqual(queued);
    expect(await next.outbox.where('userId').equals(9).count()).toBe(3);
    expect(upgradedRows).toBe(1);
    expect(await next.pagos.get('r-m1')).toMatchObject({ _pending: 'm1', origen: 'telefono' });
    await next.table('waivers').put({ id: 1, credito: 7 });
    next.close();
    await Dexie.delete(name);
  });
});

describe('the server restarts mid-send', () => {
  it('items on the wire when it went down become uncertain and arrive once after it is back', async () => {
    const a = await enqueue('note.create', note('restart-a', 'ra'));
    const b = await enqueue('note.create', note('restart-b', 'rb'));
    // Going down: the first request is handled (committed) but its answer is lost, the
    // next finds nobody listening.
    let seen = 0;
    w.proxy.rule = (r) => {
      if (r.method !== 'POST' || !r.path.startsWith('/api/test-notes')) return { type: 'pass' };
      seen += 1;
      return seen === 1 ? { type: 'drop-response' } : { type: 'drop-request' };
    };
    const engine = singleCallEngine({ concurrency: 2 });
    expect((await engine.drain()).stop).toBe('network');
    const statuses = [await status(a.mutationId), await status(b.mutationId)];
    expect(statuses.sort()).toEqual(['uncertain', 'uncertain']);

    w.proxy.rule = () => ({ type: 'pass' }); // back up
    await engine.drain();
    expect([await status(a.mutationId), await status(b.mutationId)]).toEqual(['done', 'done']);
    const keys = notePosts().map((r) => r.headers['idempotency-key']);
    expect(new Set(keys)).toEqual(new Set([a.mutationId, b.mutationId]));
    expect(keys.length).toBe(4); // each sent twice, with the same key
    const effects = await w.effects();
    expect([effects.get('restart-a'), effects.get('restart-b')]).toEqual([1, 1]);
  });
});
