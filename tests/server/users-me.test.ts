import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { comunidades, socios, users } from '#server/db/schema';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

async function userRow(username: string) {
  const [row] = await t.db.select().from(users).where(eq(users.username, username));
  return row!;
}

describe('GET /api/users/me.json', () => {
  it('answers the Me shape with role, member link and region', async () => {
    const res = await t.as('promotor', { method: 'GET', url: '/api/users/me.json' });
    expect(res.statusCode).toBe(200);
    const body = res.json<Record<string, unknown>>();
    expect(Object.keys(body).sort()).toEqual(
      [
        'clave_socio',
        'email',
        'first_name',
        'id',
        'last_name',
        'phone',
        'region',
        'role',
        'traductor',
        'username',
      ].sort(),
    );
    // The demo's translator.
    expect(body).toMatchObject({ username: 'promotor', role: 'PR', region: 1, traductor: true });
    const [member] = await t.db
      .select({ region: comunidades.region })
      .from(socios)
      .innerJoin(comunidades, eq(socios.comunidad, comunidades.id))
      .where(eq(socios.clave_socio, body.clave_socio as number));
    expect(member!.region).toBe(1);
  });

  it('answers region null for a user without a member link', async () => {
    const res = await t.as('gerente', { method: 'GET', url: '/api/users/me' });
    expect(res.json()).toMatchObject({ role: 'GE', clave_socio: null, region: null });
  });

  it('never answers the password hash or token version', async () => {
    const res = await t.as('socio', { method: 'GET', url: '/api/users/me/' });
    expect(res.body).not.toMatch(/password|scrypt|token_version/);
  });
});

describe('PATCH /api/users/me.json', () => {
  it('changes first name, last name and phone, and only those', async () => {
    const before = await userRow('coordinador');
    const res = await t.as('coordinador', {
      method: 'PATCH',
      url: '/api/users/me.json',
      payload: { first_name: '  Mateo ', last_name: 'Sántiz López', phone: '9191234567' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      first_name: 'Mateo',
      last_name: 'Sántiz López',
      phone: '9191234567',
      role: 'CO',
    });
    const after = await userRow('coordinador');
    expect(after).toMatchObject({
      first_name: 'Mateo',
      last_name: 'Sántiz López',
      phone: '9191234567',
    });
    expect({ ...after, first_name: '', last_name: '', phone: '', updated_at: null }).toEqual({
      ...before,
      first_name: '',
      last_name: '',
      phone: '',
      updated_at: null,
    });
  });

  it('accepts a partial change', async () => {
    const res = await t.as('coordinador', {
      method: 'PATCH',
      url: '/api/users/me/',
      payload: { phone: '' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ first_name: 'Mateo', phone: '' });
  });

  it.each([
    ['role', 'GE'],
    ['username', 'jefe'],
    ['clave_socio', 1],
    ['password', 'new-password-123'],
    ['email', 'x@example.org'],
    ['token_version', 99],
  ])('refuses %s with a 400 naming the field and changes nothing', async (field, value) => {
    const before = await userRow('promotor');
    const res = await t.as('promotor', {
      method: 'PATCH',
      url: '/api/users/me.json',
      payload: { first_name: 'Cambiado', [field]: value },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<Record<string, string[]>>();
    expect(Object.keys(body)).toEqual([field]);
    expect(body[field]![0]).toBe('Este campo no se puede modificar');
    expect(await userRow('promotor')).toEqual(before);
  });

  it('validates with the profile rules (required names, phone length)', async () => {
    const res = await t.as('promotor', {
      method: 'PATCH',
      url: '/api/users/me.json',
      payload: { first_name: '   ', phone: '123' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      first_name: ['Campo requerido'],
      phone: ['Deben ser al menos 10 caracteres'],
    });
  });

  it('answers 403 with the spec message to a visitor, and changes nothing', async () => {
    const before = await userRow('visitante');
    const res = await t.as('visitante', {
      method: 'PATCH',
      url: '/api/users/me.json',
      payload: { first_name: 'X' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      detail: 'Visitantes no tienen permiso de editar o crear contenido.',
    });
    expect(await userRow('visitante')).toEqual(before);
  });

  it('lets a visitor read', async () => {
    expect((await t.as('visitante', { method: 'GET', url: '/api/users/me.json' })).statusCode).toBe(
      200,
    );
  });
});

describe('GET /api/users/gerentes.json', () => {
  it('lists every manager by name, for those who print contracts', async () => {
    await t.db.insert(users).values([
      {
        username: 'gerente2',
        password_hash: 'x',
        first_name: 'Rosa',
        last_name: 'Gómez',
        role: 'GE',
      },
      { username: 'gerente3', password_hash: 'x', role: 'GE' },
      { username: 'coordinador2', password_hash: 'x', first_name: 'Juan', role: 'CO' },
    ]);
    const demo = await userRow('gerente');
    const expected = [
      { id: demo.id, name: `${demo.first_name} ${demo.last_name}` },
      { id: (await userRow('gerente2')).id, name: 'Rosa Gómez' },
    ].sort((a, b) => a.name.localeCompare(b.name));
    for (const who of ['coordinador', 'gerente']) {
      const res = await t.as(who, { method: 'GET', url: '/api/users/gerentes.json' });
      expect(res.statusCode).toBe(200);
      // The nameless manager has nothing to sign with; no one but managers is listed.
      expect(res.json()).toEqual(expected);
    }
  });

  it('is refused to promoters, visitors and members', async () => {
    for (const who of ['promotor', 'visitante', 'socio']) {
      const res = await t.as(who, { method: 'GET', url: '/api/users/gerentes/' });
      expect(res.statusCode, who).toBe(403);
    }
  });
});
