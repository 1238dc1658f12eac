import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REFRESH_WINDOW_MS, TOKEN_REFRESH_MS } from '#domain/codes';
import { clearSession, getSession, patchSession, reloadSessionFromStorage } from '#api/session-store';
import { useErrorStore, dismissError } from '#ui/error-store.ts';
import { login, logout, refreshSession, restoreSession } from '#app/session.ts';
import { referenceStore } from '#app/reference-store.ts';
import { installFakeFetch, json, meAnswer, referenceHandlers, type Handler } from './api-fake-fetch';

/** Let pending fetches settle without moving the faked clock (vi.waitFor would advance it). */
async function settle(check: () => void) {
  for (let i = 0; i < 200; i++) {
    try {
      check();
      return;
    } catch {
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  check();
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
  let refreshCount = 0;
  const fake = installFakeFetch({
    ...referenceHandlers(),
    'GET /api/users/me.json': () => json(meAnswer('PR')),
    'POST /api/token/refresh/': () => json({ access: `access-${++refreshCount}`, localId: 3 }),
    ...extra,
  });
  return fake;
}

beforeEach(() => {
  localStorage.clear();
  logout();
  dismissError();
});

afterEach(() => {
  logout();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('login', () => {
  it('stores the tokens, then loads the user and the reference lists together', async () => {
    const fake = api({ 'POST /api/token/': () => json({ access: 'acc', refresh: 'ref', localId: 3 }) });
    const before = Date.now();
    await login({ username: 'promotor', password: 'comonsit-demo' });

    const s = getSession();
    expect(s).toMatchObject({ access: 'acc', refresh: 'ref', userId: 3, role: 'PR', loading: false });
    expect(s.user?.first_name).toBe('Ana');
    expect(s.refreshExpiresAt).toBeGreaterThanOrEqual(before + REFRESH_WINDOW_MS);
    expect(referenceStore.getState().comunidades.map((c) => c.nombre_de_comunidad)).toEqual(['Bachajón']);
    expect(fake.calls('GET', '/api/regiones.json')[0].headers.get('Authorization')).toBe('Bearer acc');
  });

  it('a failed list leaves that list empty and the login still succeeds', async () => {
    api({
      'POST /api/token/': () => json({ access: 'acc', refresh: 'ref', localId: 3 }),
      'GET /api/cargos.json': () => json({ detail: 'boom' }, 500),
    });
    await login({ username: 'promotor', password: 'x' });
    expect(getSession().role).toBe('PR');
    expect(referenceStore.getState().cargos).toEqual([]);
    expect(referenceStore.getState().empresas).toHaveLength(1);
  });

  it('wrong credentials leave no half session', async () => {
    api({ 'POST /api/token/': () => json({ detail: 'No active account' }, 401) });
    await expect(login({ username: 'x', password: 'y' })).rejects.toMatchObject({ status: 401 });
    expect(getSession()).toMatchObject({ access: null, refresh: null, role: null, loading: false });
  });
});

describe('restore on start', () => {
  it('restores a stored session whose refresh token is still valid', () => {
    api();
    storeSession(NOW + 60_000);
    expect(restoreSession(NOW)).toBe(true);
    expect(getSession()).toMatchObject({ role: 'PR', refresh: 'stored-refresh', autoSignInDone: true });
  });

  it('logs out a stored session whose refresh window is over', () => {
    api();
    storeSession(NOW - 1);
    expect(restoreSession(NOW)).toBe(false);
    expect(getSession()).toMatchObject({ access: null, refresh: null, user: null, role: null, autoSignInDone: true });
    expect(localStorage.length).toBe(0);
  });

  it('with nothing stored stays logged out', () => {
    clearSession();
    expect(restoreSession(NOW)).toBe(false);
    expect(getSession().role).toBeNull();
  });
});

describe('refresh timer', () => {
  it('renews the token every 5 minutes and reloads the lists and the user each time', async () => {
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
    expect(fake.calls('POST', '/api/token/refresh/')).toHaveLength(1);
    expect(fake.calls('POST', '/api/token/refresh/')[0].body).toEqual({ refresh: 'stored-refresh' });
    expect(fake.calls('GET', '/api/puestos.json')).toHaveLength(2);
    expect(getSession().access).toBe('access-1');
    // The reload after the refresh used the new token.
    expect(fake.calls('GET', '/api/users/me.json')[1].headers.get('Authorization')).toBe('Bearer access-1');

    await vi.advanceTimersByTimeAsync(TOKEN_REFRESH_MS);
    await settle(() => expect(fake.calls('GET', '/api/users/me.json')).toHaveLength(3));
    expect(fake.calls('POST', '/api/token/refresh/')).toHaveLength(2);
    expect(getSession().access).toBe('access-2');
  });

  it('stops after logout', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(NOW);
    const fake = api();
    storeSession(NOW + REFRESH_WINDOW_MS);
    restoreSession();
    logout();
    await vi.advanceTimersByTimeAsync(TOKEN_REFRESH_MS * 3);
    expect(fake.calls('POST', '/api/token/refresh/')).toHaveLength(0);
  });

  it('a refused refresh is alerted and its detail kept as the auth error', async () => {
    api({ 'POST /api/token/refresh/': () => json({ detail: 'El token de actualización expiró.' }, 401) });
    storeSession(NOW + REFRESH_WINDOW_MS);
    expect(await refreshSession(NOW)).toBe(false);
    expect(getSession().error).toBe('El token de actualización expiró.');
    expect(useErrorStore.getState().current).not.toBeNull();
  });

  it('no answer is not alerted (offline promoter) and the session stays', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('offline'))));
    storeSession(NOW + REFRESH_WINDOW_MS);
    expect(await refreshSession(NOW)).toBe(false);
    expect(useErrorStore.getState().current).toBeNull();
    expect(getSession().refresh).toBe('stored-refresh');
  });

  it('a tick after the refresh window ends the session', async () => {
    api();
    storeSession(NOW + 1000);
    expect(await refreshSession(NOW + 2000)).toBe(false);
    expect(getSession().refresh).toBeNull();
  });
});
