import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { users } from '#server/db/schema';
import { ACCESS_TTL_SECONDS, REFRESH_TTL_SECONDS } from '#server/auth/tokens';
import { DEMO_PASSWORD, makeTestApp, type TestApp } from '#tests/helpers/server-app';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const login = (
  username: string,
  password: string,
  headers: Record<string, string> = {},
  remoteAddress = '10.0.0.1',
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/token/',
    payload: { username, password },
    headers,
    remoteAddress,
  });

const me = (token: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/users/me.json',
    headers: { authorization: `Bearer ${token}` },
  });

describe('POST /api/token/', () => {
  it('answers access, refresh and localId for the right password, and the access token works', async () => {
    const res = await login('coordinador', DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ access: string; refresh: string; localId: number }>();
    const [row] = await t.db.select().from(users).where(eq(users.username, 'coordinador'));
    expect(body.localId).toBe(row!.id);
    expect(body.access).not.toBe(body.refresh);
    const who = await me(body.access);
    expect(who.statusCode).toBe(200);
    expect(who.json()).toMatchObject({ username: 'coordinador', role: 'CO' });
  });

  it('answers 401 with the same detail for a wrong password and an unknown user', async () => {
    const wrong = await login('gerente', 'not-the-password');
    const unknown = await login('nadie', 'whatever');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ detail: 'Usuario o Clave incorrectos.' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('translates the 401 detail by Accept-Language', async () => {
    const res = await login('gerente', 'nope', { 'accept-language': 'en-US,en;q=0.9' });
    expect(res.json()).toEqual({ detail: 'Wrong username or password.' });
  });

  it('answers 400 field errors for missing fields, in Spanish by default and in English on request', async () => {
    const es = await t.app.inject({ method: 'POST', url: '/api/token/', payload: {} });
    expect(es.statusCode).toBe(400);
    expect(es.json()).toEqual({ username: ['Campo requerido'], password: ['Campo requerido'] });

    const en = await t.app.inject({
      method: 'POST',
      url: '/api/token',
      payload: { username: 'gerente' },
      headers: { 'accept-language': 'en' },
    });
    expect(en.statusCode).toBe(400);
    const body = en.json<Record<string, string[]>>();
    expect(Object.keys(body)).toEqual(['password']);
    expect(body.password![0]).not.toBe('Campo requerido');
    expect(body.password![0]).not.toMatch(/^validation\./);
  });

  it('answers Tseltal requests with the Spanish text while the translation is pending', async () => {
    const res = await login('gerente', 'nope', { 'accept-language': 'tz' });
    expect(res.json()).toEqual({ detail: 'Usuario o Clave incorrectos.' });
  });
});

describe('POST /api/token/refresh/', () => {
  it('answers a new working access token and localId', async () => {
    const pair = (await login('promotor', DEMO_PASSWORD)).json<{
      refresh: string;
      localId: number;
    }>();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh/',
      payload: { refresh: pair.refresh },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ access: string; localId: number }>();
    expect(body.localId).toBe(pair.localId);
    expect((await me(body.access)).json()).toMatchObject({ username: 'promotor' });
  });

  it('refuses an expired refresh token with 401 {detail}', async () => {
    const [user] = await t.db.select().from(users).where(eq(users.username, 'promotor'));
    const longAgo = Math.floor(Date.now() / 1000) - REFRESH_TTL_SECONDS - 60;
    const expired = await t.tokens.issue(user!, 'refresh', longAgo);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh',
      payload: { refresh: expired },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      detail: 'El token de renovación no es válido o expiró. Vuelve a entrar.',
    });
  });

  it('refuses an access token used as a refresh token, and garbage', async () => {
    const access = await t.tokenFor('promotor');
    for (const refresh of [access, 'not-a-jwt']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/token/refresh/',
        payload: { refresh },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toHaveProperty('detail');
    }
  });

  it('answers 400 when refresh is missing', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ refresh: ['Campo requerido'] });
  });
});

describe('bearer tokens', () => {
  it('refuses a request without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/me.json' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      detail: 'No se proporcionaron las credenciales de autenticación.',
    });
  });

  it('refuses an expired access token (forged with a past exp)', async () => {
    const [user] = await t.db.select().from(users).where(eq(users.username, 'gerente'));
    const issuedAt = Math.floor(Date.now() / 1000) - ACCESS_TTL_SECONDS - 1;
    const res = await me(await t.tokens.issue(user!, 'access', issuedAt));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'La sesión expiró. Vuelve a entrar.' });
  });

  it('accepts an access token until it is 5 minutes old', async () => {
    const [user] = await t.db.select().from(users).where(eq(users.username, 'gerente'));
    const issuedAt = Math.floor(Date.now() / 1000) - ACCESS_TTL_SECONDS + 30;
    expect((await me(await t.tokens.issue(user!, 'access', issuedAt))).statusCode).toBe(200);
  });

  it('refuses a tampered token and one signed with another secret', async () => {
    const token = await t.tokenFor('promotor');
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, role: 'GE' })).toString(
      'base64url',
    );
    const tampered = await me(`${header}.${forgedPayload}.${signature}`);
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json()).toEqual({ detail: 'La sesión no es válida. Vuelve a entrar.' });

    const foreign = await new SignJWT({ role: 'GE', typ: 'access', ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.sub))
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    expect((await me(foreign)).statusCode).toBe(401);
  });

  it('refuses the "none" algorithm', async () => {
    const token = await t.tokenFor('promotor');
    const [, payload] = token.split('.') as [string, string];
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    expect((await me(unsigned)).statusCode).toBe(401);
  });

  it('stops every older token once token_version is bumped (password or role change)', async () => {
    const token = await t.tokenFor('visitante');
    expect((await me(token)).statusCode).toBe(200);
    await t.db
      .update(users)
      .set({ token_version: sql`${users.token_version} + 1` })
      .where(eq(users.username, 'visitante'));
    expect((await me(token)).statusCode).toBe(401);
    expect((await me(await t.tokenFor('visitante'))).statusCode).toBe(200);
  });
});

describe('login flooding', () => {
  it('answers 429 with Retry-After after 10 failures of one client on one username, even with the right password', async () => {
    const ip = '10.0.0.2';
    for (let i = 0; i < 10; i++)
      expect((await login('socio', `wrong-${i}`, {}, ip)).statusCode).toBe(401);
    const blocked = await login('socio', DEMO_PASSWORD, {}, ip);
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(blocked.json<{ detail: string }>().detail).toMatch(
      /Demasiados intentos fallidos\. Intenta de nuevo en \d+ minutos\./,
    );
    // Another username from the same IP still gets through (the IP limit is higher).
    expect((await login('gerente', DEMO_PASSWORD, {}, ip)).statusCode).toBe(200);
    // From another client the username is only slowed down (a second after 10 failures),
    // never locked: failures from one client cannot keep its owner out.
    const elsewhere = await login('socio', DEMO_PASSWORD, {}, '10.0.0.9');
    if (elsewhere.statusCode === 429) expect(elsewhere.headers['retry-after']).toBe('1');
    else expect(elsewhere.statusCode).toBe(200);
  });

  it('answers 429 once one IP has failed 30 times, whatever the username', async () => {
    const ip = '10.0.0.3';
    for (let i = 0; i < 30; i++)
      expect((await login(`user${i}`, 'x', {}, ip)).statusCode).toBe(401);
    const blocked = await login('gerente', DEMO_PASSWORD, {}, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect((await login('gerente', DEMO_PASSWORD, {}, '10.0.0.4')).statusCode).toBe(200);
  });

  it('a successful login resets the username counter', async () => {
    const ip = '10.0.0.5';
    for (let i = 0; i < 9; i++)
      expect((await login('promotor2', `wrong-${i}`, {}, ip)).statusCode).toBe(401);
    expect((await login('promotor2', DEMO_PASSWORD, {}, ip)).statusCode).toBe(200);
    for (let i = 0; i < 9; i++)
      expect((await login('promotor2', `wrong-${i}`, {}, ip)).statusCode).toBe(401);
    expect((await login('promotor2', DEMO_PASSWORD, {}, ip)).statusCode).toBe(200);
  });
});
