/**
 * A lost device and a deactivated user (docs/security.md#a-lost-device), on two instances of
 * one database: the office marks the device lost; the phone's tokens answer 401 `device_lost`
 * on every call but one batch push, accepted exactly once (its payment arrives once) and
 * answered with the wipe header; after it the refresh and everything else are refused. A login
 * from the marked device starts lost; from a new device it works. Deactivating the user does
 * the same with `user_inactive`, and refuses logins from new devices.
 */
import type { FastifyInstance } from 'fastify';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths } from '#domain/dates';
import { WIPE_HEADER } from '#domain/lost-device';
import type { UserRow } from '#domain/reference-shapes';
import { buildApp } from '#server/app';
import { userCommand } from '#server/cli/user';
import { pagos, users } from '#server/db/schema';
import { DEMO_PASSWORD, makeTestApp, type TestApp } from '#tests/helpers/server-app';
import { first } from '#tests/helpers/present';
import { insertContract, memberOfRegion, paymentBody, today } from './contratos-helpers.ts';

let t: TestApp;
/** A second instance: its own process state, the same database. */
let other: FastifyInstance;
let loan: number;

beforeAll(async () => {
  t = await makeTestApp();
  other = await buildApp({ config: t.config, db: t.db });
  const member = await memberOfRegion(t.db, 1);
  loan = await insertContract(t.db, { clave_socio: member, fecha_inicio: addMonths(today(), -3) });
}, 120_000);
afterAll(async () => {
  await other.close();
  await t.close();
});

interface Pair {
  access: string;
  refresh: string;
  device: string;
}

let users_made = 0;
/** A promoter of region 1 of its own (the demo promoter's member and password). */
async function newPromoter(): Promise<{ id: number; username: string }> {
  const [demo] = await t.db.select().from(users).where(eq(users.username, 'promotor'));
  if (!demo) throw new Error('the demo promoter is missing');
  const username = `perdido${++users_made}`;
  const rows = await t.db
    .insert(users)
    .values({
      username,
      role: 'PR',
      clave_socio: demo.clave_socio,
      password_hash: demo.password_hash,
    })
    .returning({ id: users.id });
  return { id: first(rows, 'the new user').id, username };
}

async function login(app: FastifyInstance, username: string, device?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/token/',
    payload: { username, password: DEMO_PASSWORD, ...(device && { device }) },
  });
}

async function loggedIn(app: FastifyInstance, username: string, device?: string): Promise<Pair> {
  const res = await login(app, username, device);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Pair>();
}

const me = (app: FastifyInstance, access: string) =>
  app.inject({
    method: 'GET',
    url: '/api/users/me.json',
    headers: { authorization: `Bearer ${access}` },
  });

const refresh = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: token } });

let keys = 0;
const capturedAt = new Date(Math.floor(Date.now() / 1000) * 1000 - 3_600_000).toISOString();
/** One payment of 10 pesos, as the phone's outbox would send it. */
function paymentWrite() {
  return {
    key: `lost-${Date.now()}-${++keys}`,
    capturedAt,
    method: 'POST',
    path: '/api/pagos/',
    body: paymentBody(loan, today(), { capital: '10' }),
    chain: `credito:${loan}`,
  };
}

const push = (app: FastifyInstance, access: string, writes: unknown[]) =>
  app.inject({
    method: 'POST',
    url: '/api/sync/push/',
    headers: {
      authorization: `Bearer ${access}`,
      'accept-language': 'es',
      'content-type': 'application/json',
    },
    payload: JSON.stringify({ writes }),
  });

/** The office's mark of `user`, on instance `app`, as the seeded user `as`. */
async function markLost(app: FastifyInstance, as: string, user: { id: number; username: string }) {
  return app.inject({
    method: 'POST',
    url: `/api/users/${user.id}/dispositivo-perdido/`,
    headers: { authorization: `Bearer ${await t.tokenFor(as)}`, 'accept-language': 'es' },
    payload: { username: user.username },
  });
}

/** Payments of the test's loan: each final push carries one. */
async function loanPayments(): Promise<number> {
  const rows = await t.db.select({ n: count() }).from(pagos).where(eq(pagos.credito, loan));
  return first(rows, 'a count').n;
}

async function userRow(id: number): Promise<UserRow> {
  const res = await t.as('gerente', { method: 'GET', url: '/api/users.json' });
  expect(res.statusCode, res.body).toBe(200);
  const row = res.json<UserRow[]>().find((r) => r.id === id);
  if (!row) throw new Error(`user ${id} is not listed`);
  return row;
}

describe('a lost device', () => {
  it('ends its tokens but for one final push, accepted once across two instances', async () => {
    const user = await newPromoter();
    const phone = await loggedIn(t.app, user.username);
    expect((await me(other, phone.access)).statusCode).toBe(200);
    expect((await userRow(user.id)).dispositivo_perdido).toBeNull();

    const marked = await markLost(t.app, 'gerente', user);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json<UserRow>().dispositivo_perdido).toMatch(/^\d{4}-\d\d-\d\dT/);

    // Every call but the push answers the distinct code, on both instances.
    for (const app of [t.app, other]) {
      const res = await me(app, phone.access);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'device_lost' });
      expect(res.json<{ detail: string }>().detail).toMatch(/perdido/i);
    }
    expect((await userRow(user.id)).aviso_entregado).not.toBeNull();

    // Before its final push the refresh still works: an access token that expired offline
    // must still carry the outbox.
    const renewed = await refresh(other, phone.refresh);
    expect(renewed.statusCode).toBe(200);
    const { access } = renewed.json<Pair>();

    // Its receipt device codes may still be registered, so its captures are not refused.
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/recibos/dispositivos/',
      headers: { authorization: `Bearer ${access}` },
      payload: { codigo: 'K7M2' },
    });
    expect(registered.statusCode, registered.body).toBeLessThan(300);

    const before = await loanPayments();
    const write = paymentWrite();
    const final = await push(t.app, access, [write]);
    expect(final.statusCode, final.body).toBe(200);
    expect(final.headers[WIPE_HEADER.toLowerCase()]).toBe('device_lost');
    expect(final.json<{ results: { status: number }[] }>().results[0]?.status).toBe(201);
    expect(await loanPayments()).toBe(before + 1);

    // The same push again, on the other instance: refused, and nothing is written twice.
    const again = await push(other, access, [write]);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 'device_lost' });
    expect(await loanPayments()).toBe(before + 1);
    const late = await refresh(t.app, renewed.json<Pair>().refresh);
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({ code: 'device_lost' });
  });

  it('two final pushes at once on two instances: exactly one goes through', async () => {
    const user = await newPromoter();
    const phone = await loggedIn(other, user.username);
    expect((await markLost(t.app, 'gerente', user)).statusCode).toBe(200);
    const before = await loanPayments();
    const answers = await Promise.all([
      push(t.app, phone.access, [paymentWrite()]),
      push(other, phone.access, [paymentWrite()]),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
    expect(await loanPayments()).toBe(before + 1);
  });

  it('a refused body does not spend the final push', async () => {
    const user = await newPromoter();
    const phone = await loggedIn(t.app, user.username);
    expect((await markLost(t.app, 'gerente', user)).statusCode).toBe(200);
    const bad = await push(t.app, phone.access, [{ ...paymentWrite(), path: '/api/nada/' }]);
    expect(bad.statusCode).toBe(400);
    const good = await push(other, phone.access, [paymentWrite()]);
    expect(good.statusCode).toBe(200);
    expect(good.headers[WIPE_HEADER.toLowerCase()]).toBe('device_lost');
  });

  it('the marked device logs in lost; a new device logs in as usual', async () => {
    const user = await newPromoter();
    const phone = await loggedIn(t.app, user.username);
    expect((await markLost(other, 'gerente', user)).statusCode).toBe(200);
    const again = await loggedIn(other, user.username, phone.device);
    const refused = await me(t.app, again.access);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'device_lost' });
    // Its device token stays marked: the next login from it is lost too.
    const third = await loggedIn(t.app, user.username, again.device);
    expect((await me(t.app, third.access)).json()).toMatchObject({ code: 'device_lost' });
    const fresh = await loggedIn(t.app, user.username);
    expect((await me(other, fresh.access)).statusCode).toBe(200);
  });

  it('only the manager marks a device lost; an unknown user is a 404', async () => {
    const user = await newPromoter();
    for (const role of ['coordinador', 'promotor', 'visitante']) {
      const res = await markLost(t.app, role, user);
      expect(res.statusCode, role).toBe(403);
    }
    expect((await markLost(t.app, 'gerente', { id: 999_999, username: 'nadie' })).statusCode).toBe(
      404,
    );
    expect((await userRow(user.id)).dispositivo_perdido).toBeNull();
  });

  it("the body names the user the office saw: another user's name is a 400 and marks no one", async () => {
    const user = await newPromoter();
    const other = await newPromoter();
    const res = await markLost(t.app, 'gerente', { id: user.id, username: other.username });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<Record<string, string[]>>().username).toEqual([
      `El usuario ${other.username} no es el de este registro; vuelva a abrir la lista de usuarios.`,
    ]);
    expect((await userRow(user.id)).dispositivo_perdido).toBeNull();
    expect((await userRow(other.id)).dispositivo_perdido).toBeNull();
  });
});

describe('a deactivated user', () => {
  it('has the same effect, with its own code; a new device cannot log in', async () => {
    const user = await newPromoter();
    const phone = await loggedIn(t.app, user.username);
    const out = await userCommand(['deactivate', user.username], t.db);
    expect(out.code).toBe(0);
    const res = await me(other, phone.access);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'user_inactive' });
    const refused = await login(other, user.username);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'user_inactive' });
    expect((await userRow(user.id)).activo).toBe(false);

    const final = await push(t.app, phone.access, [paymentWrite()]);
    expect(final.statusCode).toBe(200);
    expect(final.headers[WIPE_HEADER.toLowerCase()]).toBe('user_inactive');
    expect((await push(other, phone.access, [paymentWrite()])).statusCode).toBe(401);

    // Activated again, a new device logs in as usual.
    expect((await userCommand(['activate', user.username], t.db)).code).toBe(0);
    const back = await loggedIn(other, user.username);
    expect((await me(t.app, back.access)).statusCode).toBe(200);
  });
});
