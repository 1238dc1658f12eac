import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, makeTestApp, type TestApp } from '#tests/helpers/server-app';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
  // A route that fails the way a bug would, to see the 500 shape.
  t.app.get('/api/test-boom', { config: { public: true } }, async () => {
    throw new Error('database password is hunter2 at /srv/secret.ts:12');
  });
});
afterAll(async () => {
  await t.close();
});

const post = (
  payload: string,
  contentType = 'application/json',
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/token/',
    payload,
    headers: { 'content-type': contentType, ...headers },
  });

describe('bad input is a 400 with a readable message, never a 500', () => {
  it.each([
    ['malformed JSON', '{"username": "gerente", ', 'El cuerpo de la petición no es JSON válido.'],
    [
      'an array body',
      '[{"username": "gerente"}]',
      'El cuerpo de la petición debe ser un objeto JSON.',
    ],
    ['a string body', '"gerente"', 'El cuerpo de la petición debe ser un objeto JSON.'],
    ['a number body', '42', 'El cuerpo de la petición debe ser un objeto JSON.'],
    ['a null body', 'null', 'El cuerpo de la petición debe ser un objeto JSON.'],
    ['an empty JSON body', '', 'El cuerpo de la petición está vacío.'],
    [
      'prototype poisoning',
      '{"__proto__": {"admin": true}, "username": "a", "password": "b"}',
      'El cuerpo de la petición no es JSON válido.',
    ],
  ])('%s', async (_name, payload, message) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: [message] });
  });

  it('a body over the limit', async () => {
    const huge = JSON.stringify({ username: 'gerente', password: 'x'.repeat(2 * 1024 * 1024) });
    const res = await post(huge);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      non_field_errors: ['El cuerpo de la petición es demasiado grande (máximo 1024 KB).'],
    });
  });

  it('a wrong content type', async () => {
    const res = await post('username=gerente&password=x', 'application/x-www-form-urlencoded');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      non_field_errors: ['Tipo de contenido no soportado; envía application/json.'],
    });
  });

  it('no body at all', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/token/' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      non_field_errors: ['El cuerpo de la petición debe ser un objeto JSON.'],
    });
  });

  it('wrong field types answer field errors', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { username: { $ne: null }, password: ['a'] },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<Record<string, string[]>>();
    expect(Object.keys(body).sort()).toEqual(['password', 'username']);
    for (const messages of Object.values(body)) expect(messages[0]).toEqual(expect.any(String));
  });

  it('messages follow Accept-Language', async () => {
    const res = await post('[1]', 'application/json', { 'accept-language': 'en' });
    expect(res.json()).toEqual({ non_field_errors: ['The request body must be a JSON object.'] });
  });

  it('a wrong type on an authenticated PATCH', async () => {
    // A number where a name belongs is a client's mistake, not a name "12345".
    const res = await t.as('promotor', {
      method: 'PATCH',
      url: '/api/users/me.json',
      payload: { first_name: 12345 },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['first_name']);
    const good = await t.as('promotor', {
      method: 'PATCH',
      url: '/api/users/me.json',
      payload: { first_name: 'Juana' },
    });
    expect(good.statusCode).toBe(200);
    const bad = await t.as('promotor', {
      method: 'PATCH',
      url: '/api/users/me.json',
      payload: { last_name: { a: 1 } },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['last_name']);
  });

  it('a malformed Authorization header is a 401', async () => {
    for (const authorization of [
      'Bearer',
      'Basic abc',
      'Bearer a b',
      `Bearer ${'x'.repeat(5000)}`,
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/users/me.json',
        headers: { authorization },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toHaveProperty('detail');
    }
  });
});

describe('other error shapes', () => {
  it('/api/unknown → 404 {detail}, with or without a token', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(anonymous.statusCode).toBe(404);
    expect(anonymous.headers['content-type']).toMatch(/application\/json/);
    expect(anonymous.json()).toEqual({ detail: 'No encontrado.' });
    const known = await t.as('gerente', { method: 'GET', url: '/api/unknown.json' });
    expect(known.statusCode).toBe(404);
    expect(known.json()).toEqual({ detail: 'No encontrado.' });
  });

  it('a bug answers 500 {detail, request_id} without the error text or stack', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test-boom' });
    expect(res.statusCode).toBe(500);
    const body = res.json<{ detail: string; request_id: string }>();
    expect(Object.keys(body).sort()).toEqual(['detail', 'request_id']);
    expect(body.request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body).not.toMatch(/hunter2|secret\.ts|at /);
  });

  it('login still works after all that (no state was corrupted)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { username: 'gerente', password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
  });
});
