import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REFRESH_WINDOW_MS, TOKEN_REFRESH_MS } from '#domain/codes';
import {
  getSession,
  patchSession,
  reloadSessionFromStorage,
  clearSession,
} from '#api/session-store';
import { getDb } from '#db/database';
import { unlockOffline } from '#sync/offline-unlock';
import { syncStatus } from '#sync/status-store';
import { login, refreshSession, restoreSession } from '#app/session.ts';
import { loadReferenceLists } from '#app/reference-store.ts';
import { lockStore } from '#app/lock-store.ts';
import { replicaStore } from '#app/user-replica.ts';
import { readCurrentUser } from '#commands/current-user';
import { installFakeFetch, json, meAnswer, type Handler } from './api-fake-fetch';
import { addRows, freshDevice, outboxRow, serverHandlers } from './sync-fixtures';

/** Let pending work settle without moving the faked clock (vi.waitFor would advance it). */
async function settle(check: () => void | Promise<void>) {
  for (let i = 0; i < 400; i++) {
    try {
      await check();
      return;
    } catch {
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  await check();
}

const NOW = new Date('2026-03-10T15:00:00Z').getTime();

function storeSession(refreshExpiresAt: number) {
  patchSession({
    access: 'old-access',
    refresh: 'stored-refresh',
    refreshExpiresAt,
    userId: 3,
    user: meAnswer('PR'),
    role: 'PR',
  });
  // What a reload sees: only what was persisted.
  reloadSessionFromStorage();
}

function api(extra: Record<string, Handler> = {}) {
  return installFakeFetch(serverHandlers('PR', extra));
}

beforeEach(async () => {
  await freshDevice();
});

afterEach(async () => {
  vi.useRealTimers();
  await freshDevice();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('login', () => {
  it('stores the tokens and the user, opens the user replica and fills it with the first pull', async () => {
    const fake = api();
    const before = Date.now();
    await login({ username: 'promotor', password: 'comonsit-demo' });

    const s = getSession();
    expect(s).toMatchObject({
      access: 'acc',
      refresh: 'ref',
      userId: 3,
      role: 'PR',
      loading: false,
    });
    expect(s.user?.first_name).toBe('Ana');
    expect(s.refreshExpiresAt).toBeGreaterThanOrEqual(before + REFRESH_WINDOW_MS);
    expect(replicaStore.getState()).toEqual({ userId: 3, ready: true });
    expect((await readCurrentUser())?.username).toBe('promotor');
    // The reference lists come from the pull into the replica, not from the list endpoints.
    await settle(async () =>
      expect((await loadReferenceLists()).comunidades.map((c) => c.nombre_de_comunidad)).toEqual([
        'Bachajón',
      ]),
    );
    expect(fake.calls('GET', '/api/regiones.json')).toHaveLength(0);
    const pull = fake.seen.find((r) => r.path.startsWith('/api/sync/pull/'))!;
    expect(pull.headers.get('Authorization')).toBe('Bearer acc');
  });

  it('remembers a password verifier so the same password unlocks offline later', async () => {
    api();
    await login({ username: 'promotor', password: 'comonsit-demo' });
    expect(await unlockOffline('promotor', 'otra-clave')).toBe('wrong');
    expect(await unlockOffline('promotor', 'comonsit-demo')).toBe('ok');
  });

  it('wrong credentials leave no half session and open no replica', async () => {
    api({ 'POST /api/token/': () => json({ detail: 'No active account' }, 401) });
    await expect(login({ username: 'x', password: 'y' })).rejects.toMatchObject({ status: 401 });
    expect(getSession()).toMatchObject({ access: null, refresh: null, role: null, loading: false });
    expect(replicaStore.getState().ready).toBe(false);
  });
});

describe('restore on start', () => {
  it('restores a stored session whose refresh token is still valid, unlocked', async () => {
    api();
    storeSession(NOW + 60_000);
    expect(restoreSession(NOW)).toBe(true);
    expect(getSession()).toMatchObject({
      role: 'PR',
      refresh: 'stored-refresh',
      autoSignInDone: true,
    });
    expect(lockStore.getState().locked).toBe(false);
  });

  it('an expired refresh window LOCKS: session, replica and outbox stay on the phone', async () => {
    api();
    storeSession(NOW + 60_000);
    restoreSession(NOW);
    await settle(() => expect(replicaStore.getState().ready).toBe(true));
    await addRows(outboxRow({ id: 'm-unsent' }));

    storeSession(NOW - 1);
    expect(restoreSession(NOW)).toBe(true);
    expect(lockStore.getState()).toMatchObject({ locked: true, reason: 'expired' });
    expect(getSession()).toMatchObject({
      role: 'PR',
      refresh: 'stored-refresh',
      user: { username: 'promotor' },
    });
    await settle(() => expect(replicaStore.getState().ready).toBe(true));
    expect((await getDb().outbox.get('m-unsent'))?.status).toBe('pending');
  });

  it('with nothing stored stays logged out', () => {
    clearSession();
    expect(restoreSession(NOW)).toBe(false);
    expect(getSession().role).toBeNull();
  });
});

describe('refresh timer', () => {
  it('renews the token every 5 minutes and reloads the current user each time', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(NOW);
    const fake = api();
    storeSession(NOW + REFRESH_WINDOW_MS);
    restoreSession();
    await settle(() => expect(fake.calls('GET', '/api/users/me.json')).toHaveLength(1));
    expect(fake.calls('POST', '/api/token/refresh/')).toHaveLength(0);

    await vi.advanceTimersByTimeAsync(TOKEN_REFRESH_MS - 1);
    expect(fake.calls('POST', '/api/token/refresh/')).toHaveLength(0);

    await vi.advanceTimersByTimeAsync(1);
    await settle(() => expect(fake.calls('GET', '/api/users/me.json')).toHaveLength(2));
    expect(fake.calls('POST', '/api/token/refresh/')[0]!.body).toEqual({
      refresh: 'stored-refresh',
    });
    expect(getSession().access).toBe('access-1');
    // The reload after the refresh used the new token.
    expect(fake.calls('GET', '/api/users/me.json')[1]!.headers.get('Authorization')).toBe(
      'Bearer access-1',
    );
  });

  it('a refused refresh locks the app instead of logging out', async () => {
    api({
      'POST /api/token/refresh/': () => json({ detail: 'El token de actualización expiró.' }, 401),
    });
    storeSession(NOW + REFRESH_WINDOW_MS);
    expect(await refreshSession(NOW)).toBe(false);
    expect(getSession()).toMatchObject({
      error: 'El token de actualización expiró.',
      refresh: 'stored-refresh',
    });
    expect(lockStore.getState()).toMatchObject({ locked: true, reason: 'refresh-refused' });
  });

  it('no answer changes nothing (offline promoter): no lock, the session stays', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    storeSession(NOW + REFRESH_WINDOW_MS);
    expect(await refreshSession(NOW)).toBe(false);
    expect(lockStore.getState().locked).toBe(false);
    expect(getSession().refresh).toBe('stored-refresh');
  });

  it('a tick after the refresh window locks and keeps the session', async () => {
    api();
    storeSession(NOW + 1000);
    expect(await refreshSession(NOW + 2000)).toBe(false);
    expect(getSession().refresh).toBe('stored-refresh');
    expect(lockStore.getState().locked).toBe(true);
  });

  it('an engine paused for a login (refresh refused mid-use) locks the app', async () => {
    api();
    storeSession(NOW + REFRESH_WINDOW_MS);
    restoreSession(NOW);
    await settle(() => expect(replicaStore.getState().ready).toBe(true));
    await settle(() => expect(syncStatus.getState().phase).not.toBe('pulling'));
    syncStatus.setState({ phase: 'paused-login' });
    expect(lockStore.getState()).toMatchObject({ locked: true, reason: 'paused' });
  });
});
