/** `npm run user -- translator NAME on|off`: the flag the app reads from me.json. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userCommand } from '#server/cli/user';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const isTranslator = async (username: string) =>
  (await t.as(username, { method: 'GET', url: '/api/users/me.json' })).json<{
    traductor: boolean;
  }>().traductor;

describe('npm run user -- translator', () => {
  it('grants and withdraws the flag, which the user can then use', async () => {
    expect(await isTranslator('coordinador')).toBe(false);
    const on = await userCommand(['translator', 'coordinador', 'on'], t.db);
    expect(on).toEqual({ code: 0, output: '"coordinador" is now a translator.' });
    expect(await isTranslator('coordinador')).toBe(true);
    const saved = await t.as('coordinador', {
      method: 'PUT',
      url: '/api/traducciones/tz/menu.home/',
      payload: { texto: 'Sna' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await userCommand(['list'], t.db)).output).toMatch(/^coordinador\s+CO\s+translator$/m);

    const off = await userCommand(['translator', 'coordinador', 'off'], t.db);
    expect(off.code).toBe(0);
    expect(await isTranslator('coordinador')).toBe(false);
    const refused = await t.as('coordinador', {
      method: 'PUT',
      url: '/api/traducciones/tz/menu.home/',
      payload: { texto: 'Sna' },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('refuses an unknown user or a value other than on/off (exit code 2)', async () => {
    expect(await userCommand(['translator', 'nadie', 'on'], t.db)).toEqual({
      code: 2,
      output: 'No user "nadie".',
    });
    expect((await userCommand(['translator', 'promotor', 'yes'], t.db)).code).toBe(2);
    expect(await isTranslator('promotor')).toBe(true);
  });
});
