/**
 * The login limiter's reads inside its transaction go one after another on the transaction's
 * client: pg 8 warns of a query sent while another runs (and pg 9 refuses it), so a warning
 * here is a limiter that breaks on the next driver.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LoginLimiter } from '#server/auth/login-limiter';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';

let t: TestApp;
const warnings: string[] = [];
const keep = (warning: Error) => warnings.push(warning.message);

beforeAll(async () => {
  t = await makeTestApp();
  process.on('warning', keep);
});
afterAll(async () => {
  process.off('warning', keep);
  await t.close();
});

it('counts attempts without sending a query while another runs on its client', async () => {
  const limiter = new LoginLimiter({ perUser: 2, perIp: 3 });
  const answers = [];
  for (let i = 0; i < 5; i++) answers.push(await limiter.attempt(t.db, '10.9.0.1', 'gerente'));
  // The limits were applied (so every query ran): the fourth attempt of the client is refused.
  expect(answers.map((a) => a.allowed)).toEqual([true, true, false, false, false]);
  // Warnings are emitted on the next tick.
  await new Promise((resolve) => setImmediate(resolve));
  expect(warnings.filter((w) => w.includes('already executing'))).toEqual([]);
});
