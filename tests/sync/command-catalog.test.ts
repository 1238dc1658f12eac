/**
 * The page loads its command catalog after the start: a write queued, a queue sent or
 * a delta pulled before it has arrived waits for it — nothing is refused, marked stuck or
 * dropped for want of a definition — and a catalog that could not be fetched is fetched again.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCommands, enqueue, registerCommand, setCommandCatalog } from '#sync/commands';
import { noteCommand, startSyncWorld, type SyncWorld } from '#tests/helpers/sync-harness';

let w: SyncWorld;
beforeAll(async () => {
  w = await startSyncWorld();
});
afterAll(async () => {
  setCommandCatalog(null);
  registerCommand(noteCommand);
  await w.close();
});
beforeEach(async () => {
  await w.reset();
});

/** A catalog whose arrival the test decides; counts its loads. */
function heldCatalog() {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const catalog = {
    loads: 0,
    arrive,
    load: async () => {
      catalog.loads += 1;
      await arrived;
      registerCommand(noteCommand);
    },
  };
  return catalog;
}

const notePosts = () =>
  w.proxy.log.filter((r) => r.method === 'POST' && r.path.startsWith('/api/test-notes'));

describe('a write before the catalog has arrived', () => {
  it('waits for it, then is saved; two writes load the catalog once', async () => {
    clearCommands();
    const catalog = heldCatalog();
    setCommandCatalog(catalog.load);
    let saved = false;
    const first = enqueue('note.create', { text: 'early-1', chain: 'e' }).then((r) => {
      saved = true;
      return r;
    });
    const second = enqueue('note.create', { text: 'early-2', chain: 'e' });
    // The writes have asked for the catalog and wait on it.
    await vi.waitFor(() => expect(catalog.loads).toBe(1));
    expect(saved).toBe(false);
    expect(await w.db.outbox.count()).toBe(0);

    catalog.arrive();
    const ids = [await first, await second];
    expect(catalog.loads).toBe(1);
    const rows = await w.db.outbox.bulkGet(ids.map((r) => r.mutationId));
    expect(rows.map((r) => r?.status)).toEqual(['pending', 'pending']);
  });

  it('a catalog that failed to arrive is fetched again by the next write', async () => {
    clearCommands();
    let attempts = 0;
    setCommandCatalog(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('chunk not fetched');
      registerCommand(noteCommand);
    });
    await expect(enqueue('note.create', { text: 'retry-1', chain: 'r' })).rejects.toThrow(
      'chunk not fetched',
    );
    const { mutationId } = await enqueue('note.create', { text: 'retry-2', chain: 'r' });
    expect(attempts).toBe(2);
    expect((await w.db.outbox.get(mutationId))?.status).toBe('pending');
  });
});

describe('a sync cycle before the catalog has arrived', () => {
  it('sends the queued write once the catalog is there, instead of marking it stuck', async () => {
    // Queued in an earlier page (the catalog was loaded there); this page has not loaded it yet.
    setCommandCatalog(null);
    registerCommand(noteCommand);
    const { mutationId } = await enqueue('note.create', { text: 'queued-before', chain: 'q' });
    clearCommands();
    const catalog = heldCatalog();
    setCommandCatalog(catalog.load);

    const engine = w.engine();
    const cycle = engine.syncNow();
    // The cycle has come to the queued write and waits for its definition.
    await vi.waitFor(() => expect(catalog.loads).toBe(1));
    expect(notePosts()).toHaveLength(0);
    expect((await w.db.outbox.get(mutationId))?.status).toBe('pending');

    catalog.arrive();
    await cycle;
    expect((await w.db.outbox.get(mutationId))?.status).toBe('done');
    expect((await w.effects()).get('queued-before')).toBe(1);
    engine.stop();
  });
});
