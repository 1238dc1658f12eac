/**
 * Tokens and login flooding, beyond the single-route cases of auth.test.ts: every
 * protected route the server registers refuses every forged, misused or expired token; a role
 * claim means nothing (the role is read from the database); refresh tokens are checked as
 * strictly; and the login limiter answers 429, holds against parallel floods, and lets the
 * user in again once the window has passed.
 */
import { eq, sql } from 'drizzle-orm';
import { SignJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginLimiter } from '#server/auth/login-limiter';
import { startSession } from '#server/auth/sessions';
import { ACCESS_TTL_SECONDS, REFRESH_TTL_SECONDS } from '#server/auth/tokens';
import { users } from '#server/db/schema';
import { DEMO_PASSWORD, makeTestApp, type TestApp } from '#tests/helpers/server-app';
import { probes } from './security-probes.ts';
import { apiRoutes, isDetailBody } from './security-routes.ts';

const WINDOW_MS = 15 * 60 * 1000;
/** Small limits: each refused login costs a real password hash. */
const PER_USER = 3;
const PER_IP = 6;
let now = Date.UTC(2025, 5, 2, 15, 0, 0);

let t: TestApp;
let ids: Record<string, number>;

beforeAll(async () => {
  // The limiter's own clock, so "later" needs no waiting.
  t = await makeTestApp({
    limiter: new LoginLimiter({
      perUser: PER_USER,
      perIp: PER_IP,
      windowMs: WINDOW_MS,
      now: () => now,
    }),
  });
  const rows = await t.db.select({ id: users.id, username: users.username }).from(users);
  ids = Object.fromEntries(rows.map((r) => [r.username, r.id]));
});
afterAll(async () => {
  await t.close();
});

const EXPIRED = 'La sesión expiró. Vuelve a entrar.';
const INVALID = 'La sesión no es válida. Vuelve a entrar.';
const MISSING = 'No se proporcionaron las credenciales de autenticación.';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const secondsNow = () => Math.floor(Date.now() / 1000);

/** A token signed with the server's own secret (what only a leak of the secret would allow). */
function signed(
  claims: JWTPayload,
  options: { alg?: string; exp?: number | null; secret?: string } = {},
): Promise<string> {
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT' });
  jwt.setIssuedAt();
  if (options.exp !== null) jwt.setExpirationTime(options.exp ?? secondsNow() + 300);
  return jwt.sign(new TextEncoder().encode(options.secret ?? t.config.jwtSecret));
}

async function userRow(username: string) {
  const [row] = await t.db.select().from(users).where(eq(users.username, username));
  return row!;
}

/** Every way a bearer header can be wrong, with the detail it must be answered with. */
async function badCredentials(): Promise<{ label: string; header: string; detail: string }[]> {
  const promotor = await userRow('promotor');
  const access = await t.tokens.issue(promotor, 'access');
  const [header, payload, signature] = access.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as JWTPayload;
  const own = { role: 'PR', typ: 'access', ver: promotor.token_version, sub: String(promotor.id) };
  const bearer = (token: string) => `Bearer ${token}`;
  return [
    { label: 'no header', header: '', detail: MISSING },
    {
      label: 'another scheme',
      header: `Basic ${Buffer.from('gerente:x').toString('base64')}`,
      detail: MISSING,
    },
    { label: 'two tokens', header: `Bearer ${access} ${access}`, detail: MISSING },
    { label: 'garbage', header: bearer('abc.def.ghi'), detail: INVALID },
    {
      label: 'refresh token used as access',
      header: bearer(await t.tokens.issue(promotor, 'refresh')),
      detail: INVALID,
    },
    {
      label: 'role changed in the payload',
      header: bearer(`${header}.${b64({ ...claims, role: 'GE' })}.${signature}`),
      detail: INVALID,
    },
    {
      label: 'subject changed to the manager',
      header: bearer(`${header}.${b64({ ...claims, sub: String(ids.gerente) })}.${signature}`),
      detail: INVALID,
    },
    {
      label: 'lifetime extended in the payload',
      header: bearer(
        `${header}.${b64({ ...claims, exp: secondsNow() + 86_400 * 365 })}.${signature}`,
      ),
      detail: INVALID,
    },
    {
      label: 'alg none',
      header: bearer(`${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`),
      detail: INVALID,
    },
    {
      label: 'HS512 with the right secret (algorithm not pinned)',
      header: bearer(await signed(own, { alg: 'HS512' })),
      detail: INVALID,
    },
    {
      label: 'another secret',
      header: bearer(await signed(own, { secret: 'x'.repeat(48) })),
      detail: INVALID,
    },
    {
      label: 'expired access token',
      header: bearer(
        await t.tokens.issue(promotor, 'access', secondsNow() - ACCESS_TTL_SECONDS - 1),
      ),
      detail: EXPIRED,
    },
    { label: 'no expiry', header: bearer(await signed(own, { exp: null })), detail: INVALID },
    {
      label: 'no token type',
      header: bearer(await signed({ role: 'PR', ver: promotor.token_version, sub: own.sub })),
      detail: INVALID,
    },
    {
      label: 'a user that does not exist',
      header: bearer(await signed({ ...own, sub: '987654' })),
      detail: INVALID,
    },
    {
      label: 'a subject that is not an id',
      header: bearer(await signed({ ...own, sub: '1 OR 1=1' })),
      detail: INVALID,
    },
    {
      label: 'an older token version',
      header: bearer(await signed({ ...own, ver: promotor.token_version - 1 })),
      detail: INVALID,
    },
  ];
}

describe('forged, misused and expired tokens', () => {
  it('every protected route refuses each of them with 401 {detail}, before doing anything', async () => {
    const open = new Set(
      probes()
        .filter((p) => p.public)
        .map((p) => p.route),
    );
    const routes = apiRoutes(t.app).filter((r) => !open.has(r));
    expect(routes.length).toBeGreaterThan(40);
    const credentials = await badCredentials();
    const problems: string[] = [];
    for (const route of routes) {
      const [method, path] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'PATCH', string];
      const url = path.replace(/:[a-z_]+/g, '1');
      for (const bad of credentials) {
        const res = await t.app.inject({
          method,
          url,
          headers: bad.header ? { authorization: bad.header } : {},
          ...(method !== 'GET' && { payload: {} }),
        });
        const body: unknown = res.statusCode === 401 ? res.json() : null;
        if (
          res.statusCode !== 401 ||
          !isDetailBody(body) ||
          (body as { detail: string }).detail !== bad.detail
        )
          problems.push(`${route} with ${bad.label}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('a role claim signed with the real secret changes nothing: the role is the database’s', async () => {
    const promotor = await userRow('promotor');
    const claimsManager = await signed({
      role: 'GE',
      typ: 'access',
      ver: promotor.token_version,
      sub: String(promotor.id),
    });
    const headers = { authorization: `Bearer ${claimsManager}` };
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me.json', headers });
    expect(me.json()).toMatchObject({ username: 'promotor', role: 'PR' });
    const xlsx = await t.app.inject({ method: 'GET', url: '/api/sociosXLSX/', headers });
    expect(xlsx.statusCode).toBe(403);
    const list = await t.app.inject({ method: 'GET', url: '/api/socios.json', headers });
    expect(new Set(list.json<{ region: number }[]>().map((m) => m.region))).toEqual(new Set([1]));
  });

  it('an access token works until it is 5 minutes old, then answers "expired"', async () => {
    const promotor = await userRow('promotor');
    const at = (age: number) => t.tokens.issue(promotor, 'access', secondsNow() - age);
    const get = async (token: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/acopios/year_sum/',
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await get(await at(ACCESS_TTL_SECONDS - 20))).statusCode).toBe(200);
    const late = await get(await at(ACCESS_TTL_SECONDS + 1));
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({ detail: EXPIRED });
  });
});

describe('POST /api/token/refresh/ with a bad refresh token', () => {
  const refresh = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: token } });

  it('works until the refresh token is 24 hours old', async () => {
    const socio = await userRow('socio');
    // A refresh token of a login that many seconds ago (its session's window starts then).
    const loggedInAgo = async (seconds: number) => {
      const at = secondsNow() - seconds;
      const session = await startSession(t.db, socio.id, new Date(at * 1000));
      return t.tokens.issue(socio, 'refresh', at, session);
    };
    expect((await refresh(await loggedInAgo(REFRESH_TTL_SECONDS - 30))).statusCode).toBe(200);
    expect((await refresh(await loggedInAgo(REFRESH_TTL_SECONDS + 1))).statusCode).toBe(401);
    // A refresh token without a session (issued before sessions existed) is refused too.
    expect((await refresh(await t.tokens.issue(socio, 'refresh'))).statusCode).toBe(401);
  });

  it('refuses a forged, re-signed, unsigned or revoked one', async () => {
    const socio = await userRow('socio');
    const token = await t.tokens.issue(
      socio,
      'refresh',
      secondsNow(),
      await startSession(t.db, socio.id),
    );
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as JWTPayload;
    const own = { role: 'SO', typ: 'refresh', ver: socio.token_version, sub: String(socio.id) };
    const forged = [
      `${header}.${b64({ ...claims, sub: String(ids.gerente) })}.${signature}`,
      `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      await signed(own, { alg: 'HS384' }),
      await signed(own, { secret: 'y'.repeat(48) }),
      await signed({ ...own, sub: '987654' }),
    ];
    for (const bad of forged) {
      const res = await refresh(bad);
      expect(res.statusCode, bad).toBe(401);
      expect(isDetailBody(res.json())).toBe(true);
    }
    // A password or role change bumps token_version: the old refresh token is dead.
    await t.db
      .update(users)
      .set({ token_version: sql`${users.token_version} + 1` })
      .where(eq(users.username, 'socio'));
    expect((await refresh(token)).statusCode).toBe(401);
  });
});

describe('login flooding', () => {
  const login = (username: string, password: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { username, password },
      remoteAddress,
    });

  it('answers 429 after the failures, keeps answering it while flooded, then lets the user in', async () => {
    const ip = '10.1.0.1';
    for (let i = 0; i < PER_USER; i++)
      expect((await login('promotor', `x${i}`, ip)).statusCode).toBe(401);
    const blocked = await login('promotor', DEMO_PASSWORD, ip);
    expect(blocked.statusCode).toBe(429);
    expect(isDetailBody(blocked.json())).toBe(true);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBe(WINDOW_MS / 1000);
    // Hammering while blocked neither gets through nor pushes the end of the block further.
    // (Other clients are only slowed down on this username: login-limiter.test.ts.)
    now += 60_000;
    for (let i = 0; i < 20; i++) {
      const res = await login('promotor', i % 2 ? DEMO_PASSWORD : `y${i}`, ip);
      expect(res.statusCode).toBe(429);
    }
    expect(Number((await login('promotor', DEMO_PASSWORD, ip)).headers['retry-after'])).toBe(
      retryAfter - 60,
    );
    now += (retryAfter - 60) * 1000 - 1000;
    expect((await login('promotor', DEMO_PASSWORD, ip)).statusCode).toBe(429);
    now += 1000;
    expect((await login('promotor', DEMO_PASSWORD, ip)).statusCode).toBe(200);
    // Back to normal: a wrong password is a plain 401 again.
    expect((await login('promotor', 'otra', ip)).statusCode).toBe(401);
  });

  it('an IP trying many usernames is stopped, other IPs are not, and it recovers', async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < PER_IP; i++)
      expect((await login(`nadie${i}`, 'x', ip)).statusCode).toBe(401);
    expect((await login('coordinador', DEMO_PASSWORD, ip)).statusCode).toBe(429);
    expect((await login('coordinador', DEMO_PASSWORD, '10.2.0.2')).statusCode).toBe(200);
    now += WINDOW_MS;
    expect((await login('coordinador', DEMO_PASSWORD, ip)).statusCode).toBe(200);
  });

  it('a parallel flood gets no more password checks than the limit', async () => {
    const ip = '10.3.0.1';
    const answers = await Promise.all(
      Array.from({ length: 4 * PER_USER }, (_, i) => login('visitante', `z${i}`, ip)),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBe(PER_USER);
    expect(statuses.filter((s) => s === 429).length).toBe(3 * PER_USER);
  });

  it('right passwords never use up an IP: a whole office behind one address keeps logging in', async () => {
    const ip = '10.5.0.1';
    for (let i = 0; i <= PER_IP; i++)
      expect((await login(i % 2 ? 'gerente' : 'coordinador', DEMO_PASSWORD, ip)).statusCode).toBe(
        200,
      );
  });

  it('malformed login bodies are 400s that count for nothing and block nobody', async () => {
    const ip = '10.4.0.1';
    for (const payload of [
      {},
      { username: 'gerente' },
      { password: 'x' },
      [],
      'x',
      { username: {} },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/token/',
        payload,
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(400);
    }
    for (let i = 0; i < 40; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/token/',
        payload: { username: 'gerente' },
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(400);
    }
    expect((await login('gerente', DEMO_PASSWORD, ip)).statusCode).toBe(200);
  });
});
