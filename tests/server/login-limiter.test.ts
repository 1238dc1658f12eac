/**
 * The login limiter keeps its state in the database: two API instances on one
 * database share the limits, a client is locked after its failures, and failures from others
 * only slow a username down — never lock its owner out for good.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { LoginLimiter, type LimiterOptions } from '#server/auth/login-limiter';
import { DEMO_PASSWORD, makeTestApp, type TestApp } from '#tests/helpers/server-app';

const PER_USER = 3;
const PER_IP = 5;
const WINDOW_MS = 15 * 60_000;
let now = Date.UTC(2025, 5, 2, 15, 0, 0);
const options: LimiterOptions = {
  perUser: PER_USER,
  perIp: PER_IP,
  windowMs: WINDOW_MS,
  baseDelayMs: 1000,
  maxDelayMs: 60_000,
  now: () => now,
};

let t: TestApp;
/** A second instance: its own process state, the same database. */
let other: FastifyInstance;

beforeAll(async () => {
  t = await makeTestApp({ limiter: new LoginLimiter(options) });
  other = await buildApp({ config: t.config, db: t.db, limiter: new LoginLimiter(options) });
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const login = (app: FastifyInstance, username: string, password: string, client: string) =>
  app.inject({
    method: 'POST',
    url: '/api/token/',
    payload: { username, password },
    remoteAddress: client,
  });

describe('one limit for every instance', () => {
  it('failures spread over two instances add up, and the lock holds on both', async () => {
    const client = '10.7.0.1';
    for (let i = 0; i < PER_USER; i++) {
      const app = i % 2 ? other : t.app;
      expect((await login(app, 'promotor', `x${i}`, client)).statusCode).toBe(401);
    }
    for (const app of [t.app, other]) {
      const res = await login(app, 'promotor', DEMO_PASSWORD, client);
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(60);
    }
    now += WINDOW_MS;
    expect((await login(other, 'promotor', DEMO_PASSWORD, client)).statusCode).toBe(200);
  });

  it('a client trying many usernames is locked on both instances; other clients are not', async () => {
    const client = '10.7.1.1';
    for (let i = 0; i < PER_IP; i++)
      expect((await login(i % 2 ? other : t.app, `nadie${i}`, 'x', client)).statusCode).toBe(401);
    expect((await login(t.app, 'coordinador', DEMO_PASSWORD, client)).statusCode).toBe(429);
    expect((await login(other, 'coordinador', DEMO_PASSWORD, client)).statusCode).toBe(429);
    expect((await login(other, 'coordinador', DEMO_PASSWORD, '10.7.1.2')).statusCode).toBe(200);
    now += WINDOW_MS;
  });
});

describe('failures from others slow a username down, never lock it', () => {
  it('after one client locks itself out, the owner logs in from elsewhere within a second', async () => {
    const attacker = '10.8.0.1';
    for (let i = 0; i < PER_USER; i++)
      expect((await login(t.app, 'gerente', `x${i}`, attacker)).statusCode).toBe(401);
    const owner = '10.8.0.2';
    const slowed = await login(other, 'gerente', DEMO_PASSWORD, owner);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.headers['retry-after']).toBe('1');
    now += 1000;
    expect((await login(other, 'gerente', DEMO_PASSWORD, owner)).statusCode).toBe(200);
    now += WINDOW_MS;
  });

  it('guesses from many clients wait longer each time, up to a minute, and never longer', async () => {
    const waits: number[] = [];
    for (let i = 0; i < PER_USER; i++)
      expect((await login(t.app, 'visitante', `x${i}`, `10.9.0.${i}`)).statusCode).toBe(401);
    for (let i = 0; i < 9; i++) {
      const client = `10.9.1.${i}`;
      const refused = await login(i % 2 ? other : t.app, 'visitante', 'x', client);
      expect(refused.statusCode).toBe(429);
      const wait = Number(refused.headers['retry-after']);
      waits.push(wait);
      now += wait * 1000;
      expect((await login(t.app, 'visitante', `y${i}`, client)).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
    // The owner waits a minute at most, then the right password clears the slowdown.
    now += 60_000;
    expect((await login(other, 'visitante', DEMO_PASSWORD, '10.9.2.1')).statusCode).toBe(200);
    expect((await login(t.app, 'visitante', 'otra', '10.9.2.1')).statusCode).toBe(401);
    now += WINDOW_MS;
  });

  it('a right password clears the username, but its failures still count against the client', async () => {
    const client = '10.10.0.1';
    for (let i = 0; i < PER_USER - 1; i++)
      expect((await login(t.app, 'socio', `x${i}`, client)).statusCode).toBe(401);
    expect((await login(t.app, 'nadie', 'x', client)).statusCode).toBe(401);
    expect((await login(other, 'socio', DEMO_PASSWORD, client)).statusCode).toBe(200);
    // PER_IP − 1 failures so far (the right password took itself back): one more locks.
    expect((await login(t.app, 'socio', 'x', client)).statusCode).toBe(401);
    expect((await login(t.app, 'promotor2', 'x', client)).statusCode).toBe(401);
    expect((await login(t.app, 'promotor2', DEMO_PASSWORD, client)).statusCode).toBe(429);
    now += WINDOW_MS;
  });
});
