/**
 * The service worker's Background Sync cycle (docs/sync-protocol.md#triggers, a bonus trigger):
 * with only what the page mirrored into the device database — whose replica, and the session's
 * tokens — it renews an expired access token and sends the queue once, with no page session at all.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearSession } from '#api/session-store';
import {
  forgetBackgroundCredentials,
  readBackgroundCredentials,
  rememberBackgroundCredentials,
  runBackgroundSync,
} from '#sync/background-sync';
import { enqueue } from '#sync/commands';
import { createUserKey, forgetUserKey } from '#sync/at-rest-keys';
import { startSyncWorld, type SyncWorld } from '#tests/helpers/sync-harness';

let w: SyncWorld;
beforeAll(async () => {
  w = await startSyncWorld();
});
afterAll(async () => {
  await w.close();
});
beforeEach(async () => {
  await w.reset();
  await forgetBackgroundCredentials();
});

const api = () => `${w.proxy.url}/api/`;

describe('background sync from the service worker', () => {
  it('renews the expired access token and sends every queued item once', async () => {
    const a = await enqueue('note.create', { text: 'bg-a', chain: 'bg1' });
    const b = await enqueue('note.create', { text: 'bg-b', chain: 'bg2' });
    await rememberBackgroundCredentials({
      userId: w.userId,
      access: 'no-longer-valid',
      refresh: w.refresh,
    });
    clearSession(); // a worker has no page session

    expect(await runBackgroundSync({ apiBase: api() })).toBe(true);

    const effects = await w.effects();
    expect(effects.get('bg-a')).toBe(1);
    expect(effects.get('bg-b')).toBe(1);
    expect((await w.db.outbox.get(a.mutationId))?.status).toBe('done');
    expect((await w.db.outbox.get(b.mutationId))?.status).toBe('done');
    // The renewed token is remembered for the next background cycle.
    expect((await readBackgroundCredentials())?.access).not.toBe('no-longer-valid');
    expect(w.proxy.log.some((r) => r.path.startsWith('/api/token/refresh'))).toBe(true);

    // Nothing is sent twice by a second cycle.
    await runBackgroundSync({ apiBase: api() });
    expect((await w.effects()).get('bg-a')).toBe(1);
  });

  it('does nothing once the user logged out (credentials forgotten)', async () => {
    const queued = await enqueue('note.create', { text: 'bg-none', chain: 'bg3' });
    expect(await runBackgroundSync({ apiBase: api() })).toBe(false);
    expect((await w.effects()).get('bg-none')).toBeUndefined();
    expect((await w.db.outbox.get(queued.mutationId))?.status).toBe('pending');
  });

  it('a sealed copy (the user has a data key) waits for the page: the worker sends nothing', async () => {
    const queued = await enqueue('note.create', { text: 'bg-sealed', chain: 'bg5' });
    await rememberBackgroundCredentials({ userId: w.userId, access: null, refresh: w.refresh });
    clearSession();
    await createUserKey(w.userId, 'the-password');
    try {
      expect(await runBackgroundSync({ apiBase: api() })).toBe(false);
      expect((await w.effects()).get('bg-sealed')).toBeUndefined();
      expect((await w.db.outbox.get(queued.mutationId))?.status).toBe('pending');
    } finally {
      await forgetUserKey(w.userId);
    }
    // The same queue and credentials without a key: the worker sends it (the refusal above was
    // the key's, not a broken setup).
    expect(await runBackgroundSync({ apiBase: api() })).toBe(true);
    expect((await w.effects()).get('bg-sealed')).toBe(1);
  });

  it('keeps the queue for the next login when the refresh token is dead too', async () => {
    const queued = await enqueue('note.create', { text: 'bg-dead', chain: 'bg4' });
    await rememberBackgroundCredentials({ userId: w.userId, access: 'bad', refresh: 'bad' });
    clearSession();
    await runBackgroundSync({ apiBase: api() });
    expect((await w.effects()).get('bg-dead')).toBeUndefined();
    expect(['pending', 'uncertain']).toContain((await w.db.outbox.get(queued.mutationId))?.status);
  });
});
