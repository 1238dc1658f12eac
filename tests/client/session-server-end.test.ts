/**
 * The app's side of server sessions (docs/security.md "Sessions"): a logout asks the server to
 * end the session (and still logs out offline), a refresh answer's rotated token replaces the
 * stored one, and a login sends the device token of the user's earlier login and keeps the new.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REFRESH_WINDOW_MS } from '#domain/codes';
import { getSession, patchSession, reloadSessionFromStorage } from '#api/session-store';
import { login, logout, refreshSession, restoreSession } from '#app/session.ts';
import { installFakeFetch, json, meAnswer, type Handler } from './api-fake-fetch';
import { freshDevice, serverHandlers } from './sync-fixtures';

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

function storeSession() {
  patchSession({
    access: 'old-access',
    refresh: 'stored-refresh',
    refreshExpiresAt: Date.now() + REFRESH_WINDOW_MS,
    userId: 3,
    user: meAnswer('PR'),
    role: 'PR',
  });
  reloadSessionFromStorage();
}

const api = (extra: Record<string, Handler> = {}) => installFakeFetch(serverHandlers('PR', extra));

beforeEach(async () => {
  await freshDevice();
  localStorage.clear();
});
afterEach(async () => {
  await freshDevice();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the server session', () => {
  it('a logout asks the server to end the session with the stored refresh token', async () => {
    const fake = api({ 'POST /api/token/logout/': () => json({ ended: true }) });
    storeSession();
    await logout();
    await settle(() => expect(fake.calls('POST', '/api/token/logout/')).toHaveLength(1));
    expect(fake.calls('POST', '/api/token/logout/')[0]!.body).toEqual({
      refresh: 'stored-refresh',
    });
    expect(getSession()).toMatchObject({ access: null, refresh: null });
  });

  it('offline, the logout still forgets the tokens on the phone', async () => {
    const fake = api({
      'POST /api/token/logout/': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    storeSession();
    await logout();
    await settle(() => expect(fake.calls('POST', '/api/token/logout/')).toHaveLength(1));
    expect(getSession()).toMatchObject({ access: null, refresh: null });
  });

  it('the rotated refresh token replaces the stored one, and the next refresh sends it', async () => {
    let n = 0;
    const fake = api({
      'POST /api/token/refresh/': () =>
        json({ access: `access-${++n}`, refresh: `refresh-${n}`, localId: 3 }),
    });
    storeSession();
    restoreSession();
    await settle(() => expect(fake.calls('GET', '/api/users/me.json')).toHaveLength(1));
    expect(await refreshSession()).toBe(true);
    expect(getSession().refresh).toBe('refresh-1');
    expect(await refreshSession()).toBe(true);
    expect(fake.calls('POST', '/api/token/refresh/').map((c) => c.body)).toEqual([
      { refresh: 'stored-refresh' },
      { refresh: 'refresh-1' },
    ]);
  });

  it('a login sends the device token of the user’s earlier login and keeps the new one', async () => {
    let n = 0;
    const fake = api({
      'POST /api/token/': () =>
        json({ access: 'acc', refresh: 'ref', localId: 3, device: `device-${++n}` }),
      'POST /api/token/logout/': () => json({ ended: true }),
    });
    await login({ username: 'promotor', password: 'comonsit-demo' });
    await logout();
    await login({ username: 'promotor', password: 'comonsit-demo' });
    const bodies = fake.calls('POST', '/api/token/').map((c) => c.body);
    expect(bodies[0]).toEqual({ username: 'promotor', password: 'comonsit-demo' });
    expect(bodies[1]).toEqual({
      username: 'promotor',
      password: 'comonsit-demo',
      device: 'device-1',
    });
  });
});
