/**
 * Sessions end on the server (docs/security.md "Sessions"), on every instance of one database:
 * a logout ends the session (its access token too); refresh tokens rotate; a refresh token used
 * again after its successor was used revokes the whole session.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { DEMO_PASSWORD, makeTestApp, type TestApp } from '#tests/helpers/server-app';

let t: TestApp;
/** A second instance: its own process state, the same database. */
let other: FastifyInstance;

beforeAll(async () => {
  t = await makeTestApp();
  other = await buildApp({ config: t.config, db: t.db });
});
afterAll(async () => {
  await other.close();
  await t.close();
});

interface Pair {
  access: string;
  refresh: string;
}

async function login(app: FastifyInstance, username = 'promotor'): Promise<Pair> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/token/',
    payload: { username, password: DEMO_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return res.json<Pair>();
}

const refresh = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: token } });

const logout = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'POST', url: '/api/token/logout/', payload: { refresh: token } });

const me = (app: FastifyInstance, access: string) =>
  app.inject({
    method: 'GET',
    url: '/api/users/me.json',
    headers: { authorization: `Bearer ${access}` },
  });

describe('sessions across two instances', () => {
  it('a logout on one instance ends the session on the other, access token included', async () => {
    const pair = await login(t.app);
    expect((await me(other, pair.access)).statusCode).toBe(200);
    const out = await logout(t.app, pair.refresh);
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ ended: true });
    expect((await me(other, pair.access)).statusCode).toBe(401);
    expect((await me(t.app, pair.access)).statusCode).toBe(401);
    expect((await refresh(other, pair.refresh)).statusCode).toBe(401);
  });

  it('another session of the same user lives on after one logs out', async () => {
    const phone = await login(t.app);
    const office = await login(other);
    expect((await logout(other, office.refresh)).statusCode).toBe(200);
    expect((await me(t.app, phone.access)).statusCode).toBe(200);
    expect((await refresh(other, phone.refresh)).statusCode).toBe(200);
  });

  it('refresh tokens rotate; a reused one ends the whole session on both instances', async () => {
    const first = await login(t.app);
    const r1 = await refresh(other, first.refresh);
    expect(r1.statusCode).toBe(200);
    const second = r1.json<Pair>();
    expect(second.refresh).toBeTruthy();
    expect(second.refresh).not.toBe(first.refresh);
    const r2 = await refresh(t.app, second.refresh);
    expect(r2.statusCode).toBe(200);
    const third = r2.json<Pair>();
    expect((await me(other, third.access)).statusCode).toBe(200);

    // The first token again, two rotations later: stolen, or the owner's after a thief's.
    expect((await refresh(other, first.refresh)).statusCode).toBe(401);
    // The whole family is over: the newest refresh token and its access token too.
    expect((await refresh(t.app, third.refresh)).statusCode).toBe(401);
    expect((await me(t.app, third.access)).statusCode).toBe(401);
    expect((await me(other, third.access)).statusCode).toBe(401);
    // Nothing else of the user's ends: a new login works.
    const again = await login(other);
    expect((await me(t.app, again.access)).statusCode).toBe(200);
  });

  it('a lost answer: the token just rotated is taken once more right away (a retry)', async () => {
    const first = await login(t.app);
    const lost = await refresh(t.app, first.refresh);
    expect(lost.statusCode).toBe(200);
    const retried = await refresh(other, first.refresh);
    expect(retried.statusCode).toBe(200);
    expect((await me(t.app, retried.json<Pair>().access)).statusCode).toBe(200);
  });

  it('the token calls refuse fields they do not know, naming them', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { username: 'promotor', password: DEMO_PASSWORD, admin: true },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<object>())).toEqual(['admin']);
    const pair = await login(t.app);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh/',
      payload: { refresh: pair.refresh, extra: 1 },
    });
    expect(refreshed.statusCode).toBe(400);
    expect(Object.keys(refreshed.json<object>())).toEqual(['extra']);
  });

  it('a logout with a forged token is refused', async () => {
    const res = await logout(t.app, 'not-a-token');
    expect(res.statusCode).toBe(401);
  });
});
