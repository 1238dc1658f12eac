/**
 * The pull against the real `GET /api/sync/pull/` (docs/sync-protocol.md#pull): first (full) pull
 * in pages with progress, delta, reset, and a pulled row never hiding a pending local change.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { replicaTableNames } from '#db/replica-tables';
import { registerCommand, enqueue, discard } from '#sync/commands';
import { PULL_CURSOR_KEY } from '#sync/pull';
import { syncStatus } from '#sync/status-store';
import type { CommandDefinition, PullProgress } from '#sync/types';
import { startSyncWorld, type SyncWorld } from '#tests/helpers/sync-harness';

let w: SyncWorld;
beforeAll(async () => {
  w = await startSyncWorld();
  const phoneCommand: CommandDefinition<{ clave_socio: number; telefono: string }, unknown> = {
    kind: 'socio.phone',
    tables: ['socios'],
    request: (p) => ({
      method: 'PATCH',
      path: `test-socio-phone/${p.clave_socio}`,
      body: { telefono: p.telefono },
    }),
    chainKey: (p) => `socio-${p.clave_socio}`,
    parseResult: (body) => body,
    optimistic: async (p, ctx) => {
      await w.db.socios.update(p.clave_socio, {
        telefono: p.telefono,
        _pending: ctx.mutationId,
        _localId: ctx.recordId,
      });
    },
    describe: () => ({ key: 'sync.notice.sent' }),
  };
  registerCommand(phoneCommand);
});
afterAll(async () => {
  await w.close();
});
beforeEach(async () => {
  await w.reset();
});

const isPull = (path: string) => path.startsWith('/api/sync/pull');

describe('pull', () => {
  it('first pull: every page lands in the replica with its cursor; progress is reported', async () => {
    const progress: PullProgress[] = [];
    const off = syncStatus.subscribe((s) => s.pull && progress.push(s.pull));
    const result = await w.engine({ pullLimit: 40 }).pull();
    off();
    expect(result.ok).toBe(true);
    const pages = w.proxy.log.filter((r) => isPull(r.path));
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.every((p) => p.headers['x-client-schema'] === '1')).toBe(true);
    expect(await w.db.regiones.count()).toBeGreaterThan(0);
    const socios = await w.db.socios.toArray();
    expect(socios.length).toBeGreaterThan(0);
    expect(new Set(socios.map((s) => s.region))).toEqual(new Set([1])); // the promoter's scope
    expect(typeof (await w.db.meta.get(PULL_CURSOR_KEY))?.value).toBe('string');
    const last = progress[progress.length - 1]!;
    expect(last).toMatchObject({ done: true, initial: true, pages: pages.length });
    // Every row of every replicated table (each area registers its own) arrived once.
    let stored = 0;
    for (const table of replicaTableNames()) stored += await w.db.replica(table).count();
    expect(last.rows).toBe(stored);
    expect(last.bytes).toBeGreaterThan(1000);
  });

  it('first pull: a small first page, then full pages; the KB count moves while a page arrives', async () => {
    const progress: PullProgress[] = [];
    const off = syncStatus.subscribe((s) => s.pull && progress.push(s.pull));
    const result = await w.engine().pull();
    off();
    expect(result.ok).toBe(true);
    const limits = w.proxy.log
      .filter((r) => isPull(r.path))
      .map((r) => new URL(r.path, 'http://x').searchParams.get('limit'));
    expect(limits[0]).toBe('300');
    expect(limits.slice(1).every((l) => l === '5000')).toBe(true);
    // Bytes were counted before the first page's rows were written (rows still 0).
    expect(progress.some((p) => p.rows === 0 && p.bytes > 0 && !p.done)).toBe(true);
    // The first page said how many rows the pull brings: all of them arrived.
    const last = progress[progress.length - 1]!;
    expect(last.total).toBe(last.rows);
    expect(progress.some((p) => p.total !== undefined && !p.done && p.rows < last.rows)).toBe(true);
    // And the counters only go up.
    for (let i = 1; i < progress.length; i += 1) {
      expect(progress[i]!.bytes).toBeGreaterThanOrEqual(progress[i - 1]!.bytes);
      expect(progress[i]!.rows).toBeGreaterThanOrEqual(progress[i - 1]!.rows);
    }
  });

  it('delta: only what changed since the cursor comes again', async () => {
    const engine = w.engine();
    await engine.pull();
    const [socio] = await w.db.socios.limit(1).toArray();
    const clave = socio!.clave_socio as number;
    await w.t.db.execute(
      sql`UPDATE socios SET telefono = '9610000001' WHERE clave_socio = ${clave}`,
    );
    w.proxy.log.length = 0;
    const progress: PullProgress[] = [];
    const off = syncStatus.subscribe((s) => s.pull && progress.push(s.pull));
    expect((await engine.pull()).ok).toBe(true);
    off();
    expect(progress[progress.length - 1]).toMatchObject({ rows: 1, initial: false, done: true });
    expect((await w.db.socios.get(clave))?.telefono).toBe('9610000001');
  });

  it('reset: the replica is rebuilt, the outbox is kept', async () => {
    const engine = w.engine();
    await engine.pull();
    const before = await w.db.socios.count();
    await w.db.wire('socios').put({ clave_socio: 999_999, region: 1, nombres: 'stale row' });
    const queued = await enqueue('note.create', { text: 'kept', chain: 'k' });
    await w.db.meta.put({ key: PULL_CURSOR_KEY, value: 'v1.1.0000000000000000' }); // another scope
    expect((await engine.pull()).ok).toBe(true);
    expect(await w.db.socios.get(999_999)).toBeUndefined();
    expect(await w.db.socios.count()).toBe(before);
    expect((await w.db.outbox.get(queued.mutationId))?.status).toBe('pending');
  });

  it('a pulled row never hides a local record with a pending change; discarding it brings the server copy', async () => {
    const engine = w.engine();
    await engine.pull();
    const [socio] = await w.db.socios.limit(1).toArray();
    const clave = socio!.clave_socio as number;
    const { mutationId } = await enqueue('socio.phone', {
      clave_socio: clave,
      telefono: '9619999999',
    });
    await w.t.db.execute(
      sql`UPDATE socios SET telefono = '9610000002' WHERE clave_socio = ${clave}`,
    );
    await engine.pull();
    expect(await w.db.socios.get(clave)).toMatchObject({
      telefono: '9619999999',
      _pending: mutationId,
    });
    // The server refuses the change (no such route): discarding shows the server's version.
    await engine.drain();
    expect((await w.db.outbox.get(mutationId))?.status).toBe('rejected');
    await discard(mutationId, 'wrong phone');
    expect((await w.db.socios.get(clave))?.telefono).toBe('9610000002');
  });

  it('no answer: the pull stops, the cursor stays at the last whole page', async () => {
    let pages = 0;
    w.proxy.rule = (r) =>
      isPull(r.path) && ++pages === 2 ? { type: 'drop-request' } : { type: 'pass' };
    const engine = w.engine({ pullLimit: 40 });
    expect(await engine.pull()).toEqual({ ok: false, reason: 'network' });
    const cursor = (await w.db.meta.get(PULL_CURSOR_KEY))?.value;
    expect(typeof cursor).toBe('string');
    w.proxy.rule = () => ({ type: 'pass' });
    w.proxy.log.length = 0;
    expect((await engine.pull()).ok).toBe(true);
    expect(w.proxy.log.find((r) => isPull(r.path))?.path).toContain(
      `cursor=${encodeURIComponent(cursor as string)}`,
    );
  });

  it('a first pull cut off goes on counting where it was, with its total and complete tables', async () => {
    let pages = 0;
    w.proxy.rule = (r) =>
      isPull(r.path) && ++pages === 3 ? { type: 'drop-request' } : { type: 'pass' };
    const progress: PullProgress[] = [];
    const off = syncStatus.subscribe((s) => s.pull && progress.push(s.pull));
    const engine = w.engine({ pullLimit: 40 });
    expect(await engine.pull()).toEqual({ ok: false, reason: 'network' });
    // From the first page on, the counter is above zero and the server said what is complete.
    const firstPage = progress.find((p) => p.pages === 1)!;
    expect(firstPage.rows).toBeGreaterThan(0);
    expect(firstPage.bytes).toBeGreaterThan(0);
    expect(firstPage.total).toBeGreaterThan(firstPage.rows);
    expect(firstPage.ready).toContain('regiones');
    const cut = progress.at(-1)!;
    w.proxy.rule = () => ({ type: 'pass' });
    progress.length = 0;
    expect((await w.engine({ pullLimit: 40 }).pull()).ok).toBe(true);
    off();
    // The resumed pull is still the first download and starts from the rows already there.
    expect(progress[0]).toMatchObject({ initial: true, rows: cut.rows, total: cut.total });
    expect(progress[0]!.ready).toEqual(cut.ready);
    const last = progress.at(-1)!;
    expect(last).toMatchObject({ done: true, initial: true });
    let stored = 0;
    for (const table of replicaTableNames()) stored += await w.db.replica(table).count();
    expect(last.rows).toBe(stored);
    expect(last.total).toBe(stored);
  });

  it('start(): push then pull, and the last successful sync is recorded', async () => {
    await enqueue('note.create', { text: 'at-start', chain: 's' });
    const engine = w.engine();
    await engine.start();
    engine.stop();
    const paths = w.proxy.log.map((r) => r.method + ' ' + r.path.split('?')[0]);
    expect(paths.indexOf('POST /api/test-notes/')).toBeLessThan(
      paths.indexOf('GET /api/sync/pull/'),
    );
    expect(syncStatus.getState().lastSyncAt).not.toBeNull();
    expect(syncStatus.getState().counts).toEqual({ pending: 0, attention: 0, sending: 0 });
  });
});
