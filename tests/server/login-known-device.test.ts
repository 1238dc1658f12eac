/**
 * The real user gets in (docs/security.md "Lockout"): while three addresses try gerente's
 * password 15 times a second for 150 s, gerente logging in every 5 s from a phone it has logged
 * in from before (its device token) gets in every time; a device never seen before still meets
 * the limits. Time is the limiter's clock, moved as the attack would move it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginLimiter } from '#server/auth/login-limiter';
import { DEMO_PASSWORD, makeTestApp, type TestApp } from '#tests/helpers/server-app';

let now = Date.UTC(2025, 6, 1, 15, 0, 0);
let t: TestApp;

beforeAll(async () => {
  // The limits as deployed; only the clock is the test's.
  t = await makeTestApp({ limiter: new LoginLimiter({ now: () => now }) });
});
afterAll(async () => {
  await t.close();
});

const login = (payload: Record<string, string>, client: string) =>
  t.app.inject({ method: 'POST', url: '/api/token/', payload, remoteAddress: client });

describe('a known device during an attack on its username', () => {
  it('gets in on every try; an unknown device is held back', async () => {
    const phone = '10.20.0.5';
    const first = await login({ username: 'gerente', password: DEMO_PASSWORD }, phone);
    expect(first.statusCode).toBe(200);
    const { device } = first.json<{ device: string }>();
    expect(device).toBeTruthy();

    const attackers = ['203.0.113.1', '203.0.113.2', '203.0.113.3'];
    const stepMs = 1000 / 15;
    const steps = 150 * 15;
    const attack: number[] = [];
    const real: number[] = [];
    const unknown: number[] = [];
    for (let step = 0; step < steps; step++) {
      now += stepMs;
      const res = await login(
        { username: 'gerente', password: `guess-${step}` },
        attackers[step % attackers.length]!,
      );
      attack.push(res.statusCode);
      if (step % 75 === 74) {
        // Every 5 s: someone from a phone never seen, and gerente from the known phone.
        unknown.push(
          (await login({ username: 'gerente', password: DEMO_PASSWORD }, '10.20.0.99')).statusCode,
        );
        real.push(
          (await login({ username: 'gerente', password: DEMO_PASSWORD, device }, phone)).statusCode,
        );
      }
    }
    // The attack did meet the limits (so the known device was let through despite them)…
    expect(attack.filter((s) => s === 401).length).toBeLessThanOrEqual(30);
    expect(attack.filter((s) => s === 429).length).toBeGreaterThan(steps - 31);
    // …and the real user was never kept out.
    expect(real).toHaveLength(30);
    expect(real.filter((s) => s !== 200)).toEqual([]);
    expect(unknown.filter((s) => s === 429).length).toBeGreaterThan(0);
  }, 600_000);

  it('a device token of another user is no known device for this one', async () => {
    now += 60 * 60_000;
    const other = await login({ username: 'promotor', password: DEMO_PASSWORD }, '10.20.0.6');
    const { device } = other.json<{ device: string }>();
    const client = '10.20.0.7';
    for (let i = 0; i < 10; i++)
      expect(
        (await login({ username: 'gerente', password: `x${i}`, device }, client)).statusCode,
      ).toBe(401);
    expect(
      (await login({ username: 'gerente', password: DEMO_PASSWORD, device }, client)).statusCode,
    ).toBe(429);
  });
});
