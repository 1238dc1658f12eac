import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiRequest } from '#api/client';
import { ApiError, NetworkError } from '#api/errors';
import { setApiLanguage } from '#api/http';
import { clearSession, getSession, patchSession, SESSION_STORAGE_KEY } from '#api/session-store';
import { fetchMe } from '#api/users-me';
import { obtainToken } from '#api/token';
import { loadConfig, CONFIG_STORAGE_KEY } from '#api/config';
import { installFakeFetch, json, meAnswer } from './api-fake-fetch';
import { first } from '#tests/helpers/present';

const ok = z.object({ ok: z.boolean() });

beforeEach(() => {
  localStorage.clear();
  clearSession();
  setApiLanguage('es');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('sends the bearer read at send time and the UI language', async () => {
    const api = installFakeFetch({ 'GET /api/users/me.json': () => json(meAnswer('CO')) });
    patchSession({ access: 'first-token', refresh: 'r' });
    setApiLanguage('en');
    patchSession({ access: 'second-token' });

    const me = await fetchMe();

    expect(me.first_name).toBe('Luis');
    const request = first(api.seen, 'the request to /api/users/me.json');
    expect(request.headers.get('Authorization')).toBe('Bearer second-token');
    expect(request.headers.get('Accept-Language')).toBe('en');
  });

  it('sends no bearer on login', async () => {
    const api = installFakeFetch({
      'POST /api/token/': () => json({ access: 'a', refresh: 'r', localId: 3 }),
    });
    patchSession({ access: 'stale' });
    await obtainToken({ username: 'ana', password: 'x' });
    const login = first(api.seen, 'the login request');
    expect(login.headers.get('Authorization')).toBeNull();
    expect(login.body).toEqual({ username: 'ana', password: 'x' });
  });

  it('on 401 refreshes the token once and retries with the new one', async () => {
    const api = installFakeFetch({
      'POST /api/token/refresh/': () => json({ access: 'fresh', localId: 3 }),
      'PATCH /api/users/me.json': (req) =>
        req.headers.get('Authorization') === 'Bearer fresh'
          ? json({ ...meAnswer('PR'), phone: '9191234567' })
          : json({ detail: 'Token expirado' }, 401),
    });
    patchSession({ access: 'expired', refresh: 'refresh-token' });

    const me = await apiRequest('patch', 'users/me.json', z.object({ phone: z.string() }), {
      json: { phone: '9191234567' },
    });

    expect(me.phone).toBe('9191234567');
    expect(api.calls('POST', '/api/token/refresh/')).toHaveLength(1);
    expect(first(api.calls('POST', '/api/token/refresh/'), 'the refresh').body).toEqual({
      refresh: 'refresh-token',
    });
    expect(api.calls('PATCH', '/api/users/me.json')).toHaveLength(2);
    expect(getSession().access).toBe('fresh');
  });

  it('gives up after one refresh when the retry is still 401 (no loop)', async () => {
    const api = installFakeFetch({
      'POST /api/token/refresh/': () => json({ access: 'fresh', localId: 3 }),
      'GET /api/thing/': () => json({ detail: 'No autorizado' }, 401),
    });
    patchSession({ access: 'expired', refresh: 'r' });

    await expect(apiRequest('get', 'thing/', ok)).rejects.toMatchObject({ status: 401 });
    expect(api.calls('POST', '/api/token/refresh/')).toHaveLength(1);
    expect(api.calls('GET', '/api/thing/')).toHaveLength(2);
  });

  it('a failed refresh keeps the server detail as the auth error and surfaces the 401', async () => {
    installFakeFetch({
      'POST /api/token/refresh/': () => json({ detail: 'El token expiró' }, 401),
      'GET /api/thing/': () => json({ detail: 'No autorizado' }, 401),
    });
    patchSession({ access: 'expired', refresh: 'dead' });

    const error = await apiRequest('get', 'thing/', ok).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).body).toEqual({ detail: 'No autorizado' });
    expect(getSession().error).toBe('El token expiró');
  });

  it('concurrent 401s share one refresh', async () => {
    const api = installFakeFetch({
      'POST /api/token/refresh/': () => json({ access: 'fresh', localId: 3 }),
      'GET /api/a/': (req) =>
        req.headers.get('Authorization') === 'Bearer fresh' ? json({ ok: true }) : json({}, 401),
      'GET /api/b/': (req) =>
        req.headers.get('Authorization') === 'Bearer fresh' ? json({ ok: true }) : json({}, 401),
    });
    patchSession({ access: 'expired', refresh: 'r' });
    await Promise.all([apiRequest('get', 'a/', ok), apiRequest('get', 'b/', ok)]);
    expect(api.calls('POST', '/api/token/refresh/')).toHaveLength(1);
  });

  it('never retries a write when no answer comes back', async () => {
    const fetchMock = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetchMock);
    patchSession({ access: 'a', refresh: 'r' });
    await expect(
      apiRequest('post', 'pagos/', ok, { json: { cantidad: '10.00' } }),
    ).rejects.toBeInstanceOf(NetworkError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('answers with the error status and body for other failures', async () => {
    installFakeFetch({
      'POST /api/socios/': () => json({ curp: ['Deben ser al menos 18 caracteres'] }, 400),
    });
    const error = await apiRequest('post', 'socios/', ok, { json: {} }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 400,
      body: { curp: ['Deben ser al menos 18 caracteres'] },
    });
  });

  it('rejects an answer of the wrong shape instead of passing it on', async () => {
    installFakeFetch({ 'GET /api/users/me.json': () => json({ id: 'nope' }) });
    patchSession({ access: 'a' });
    await expect(fetchMe()).rejects.toMatchObject({
      status: 502,
      body: { detail: 'errors.badResponse' },
    });
  });
});

describe('session store persistence', () => {
  it('keeps tokens, user and expiry in localStorage, and forgets them on clear', () => {
    patchSession({
      access: 'a',
      refresh: 'r',
      refreshExpiresAt: 123,
      userId: 2,
      role: 'CO',
      loading: true,
    });
    const stored = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null') as Record<
      string,
      unknown
    >;
    expect(stored).toMatchObject({
      access: 'a',
      refresh: 'r',
      refreshExpiresAt: 123,
      userId: 2,
      role: 'CO',
    });
    expect(stored).not.toHaveProperty('loading');
    clearSession();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });
});

describe('a device with no network', () => {
  it('gets "no answer" at once, without a request (and without its retry)', async () => {
    const api = installFakeFetch({ 'GET /api/users/me.json': () => json(meAnswer('CO')) });
    patchSession({ access: 'token', refresh: 'r' });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      await expect(fetchMe()).rejects.toBeInstanceOf(NetworkError);
      expect(api.seen).toHaveLength(0);
    } finally {
      vi.restoreAllMocks();
    }
    expect((await fetchMe()).first_name).toBe('Luis');
    expect(api.seen).toHaveLength(1);
  });
});

describe('public config', () => {
  it('screens asking at the same moment share one request', async () => {
    const api = installFakeFetch({ 'GET /api/config/': () => json({ calendarUrl: null }) });
    const [a, b] = await Promise.all([loadConfig(), loadConfig()]);
    expect(a).toEqual(b);
    expect(api.seen).toHaveLength(1);
    await loadConfig();
    expect(api.seen).toHaveLength(2);
  });

  it('caches the answer and serves it when the server does not answer', async () => {
    installFakeFetch({
      'GET /api/config/': () =>
        json({ tileUrl: 'https://tiles.example/{z}/{x}/{y}.png', timezone: 'America/Mexico_City' }),
    });
    expect((await loadConfig()).tileUrl).toBe('https://tiles.example/{z}/{x}/{y}.png');
    expect(localStorage.getItem(CONFIG_STORAGE_KEY)).toContain('tiles.example');

    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    const offline = await loadConfig();
    expect(offline.tileUrl).toBe('https://tiles.example/{z}/{x}/{y}.png');
    expect(offline.weatherUrl).toBeNull();
  });
});
