import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { userCommand } from '#server/cli/user';
import { users } from '#server/db/schema';
import { DEMO_PASSWORD, makeTestApp, type TestApp } from '#tests/helpers/server-app';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/token/', payload: { username, password } });

describe('npm run user', () => {
  it('adds a user who can then log in with its role', async () => {
    const out = await userCommand(
      [
        'add',
        'tesorera',
        '--role',
        'co',
        '--first',
        'Rosa',
        '--last',
        'Intzin',
        '--password',
        'una-clave-larga',
      ],
      t.db,
    );
    expect(out.code).toBe(0);
    const pair = (await login('tesorera', 'una-clave-larga')).json<{ access: string }>();
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/users/me.json',
      headers: { authorization: `Bearer ${pair.access}` },
    });
    expect(me.json()).toMatchObject({
      username: 'tesorera',
      role: 'CO',
      first_name: 'Rosa',
      last_name: 'Intzin',
    });
  });

  it('refuses bad input with a message and exit code 2', async () => {
    expect(
      (await userCommand(['add', 'gerente', '--role', 'GE', '--password', 'una-clave-larga'], t.db))
        .code,
    ).toBe(2);
    expect(
      (await userCommand(['add', 'nuevo', '--role', 'XX', '--password', 'una-clave-larga'], t.db))
        .output,
    ).toMatch(/Role/);
    expect(
      (await userCommand(['add', 'nuevo', '--role', 'PR', '--password', 'corta'], t.db)).output,
    ).toMatch(/at least/);
    expect(
      (
        await userCommand(
          ['add', 'nuevo', '--role', 'PR', '--socio', '999999', '--password', 'una-clave-larga'],
          t.db,
        )
      ).code,
    ).toBe(2);
    expect((await userCommand(['role', 'nadie', 'GE'], t.db)).code).toBe(2);
    expect((await userCommand(['bogus'], t.db)).output).toMatch(/Usage/);
  });

  it('passwd changes the password and ends existing sessions', async () => {
    const old = (await login('promotor', DEMO_PASSWORD)).json<{
      access: string;
      refresh: string;
    }>();
    expect(
      (await userCommand(['passwd', 'promotor', '--password', 'otra-clave-segura'], t.db)).code,
    ).toBe(0);
    expect((await login('promotor', DEMO_PASSWORD)).statusCode).toBe(401);
    expect((await login('promotor', 'otra-clave-segura')).statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/users/me.json',
      headers: { authorization: `Bearer ${old.access}` },
    });
    expect(me.statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh/',
      payload: { refresh: old.refresh },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it('role changes the role and bumps token_version', async () => {
    const [before] = await t.db.select().from(users).where(eq(users.username, 'visitante'));
    expect((await userCommand(['role', 'visitante', 'GE'], t.db)).code).toBe(0);
    const [after] = await t.db.select().from(users).where(eq(users.username, 'visitante'));
    expect(after).toMatchObject({ role: 'GE', token_version: before!.token_version + 1 });
  });
});
