import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { idempotencyKeys, users } from '#server/db/schema';
import { purgeIdempotencyKeys } from '#server/sync/idempotency';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';
import { validMemberBody } from './members-helpers.ts';
import { addTestNotesRoute, type NotesFixture } from './write-route-fixture.ts';

let t: TestApp;
let notes: NotesFixture;
beforeAll(async () => {
  t = await makeTestApp();
  notes = await addTestNotesRoute(t);
});
afterAll(async () => {
  await t.close();
});

let counter = 0;
/** A fresh, well-formed key per call. */
const newKey = () => `test-key-${Date.now()}-${++counter}`;

const post = (username: string, key: string | null, payload: unknown, lang = 'es') =>
  t.as(username, {
    method: 'POST',
    url: '/api/test-notes/',
    headers: { 'accept-language': lang, ...(key && { 'idempotency-key': key }) },
    payload: payload as Record<string, unknown>,
  });

async function userId(username: string): Promise<number> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row!.id;
}

async function storedKey(username: string, key: string) {
  const [row] = await t.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.user_id, await userId(username)), eq(idempotencyKeys.key, key)));
  return row ?? null;
}

describe('Idempotency-Key on a create', () => {
  it('replays the stored answer with Idempotent-Replayed and applies the effect once', async () => {
    const key = newKey();
    const before = (await notes.notes()).length;
    const first = await post('promotor', key, { text: 'cosecha' });
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await post('promotor', key, { text: 'cosecha' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const after = await notes.notes();
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)).toMatchObject({ text: 'cosecha', id: first.json<{ id: number }>().id });
    const row = await storedKey('promotor', key);
    expect(row).toMatchObject({
      kind: 'note.create',
      status: 201,
      method: 'POST',
      path: '/api/test-notes',
      record_ref: String(first.json<{ id: number }>().id),
    });
  });

  it('treats the same body with its keys in another order as the same request', async () => {
    const key = newKey();
    const first = await t.as('promotor', {
      method: 'POST',
      url: '/api/test-notes',
      headers: { 'idempotency-key': key, 'content-type': 'application/json' },
      payload: '{"text":"miel"}',
    });
    const again = await t.as('promotor', {
      method: 'POST',
      url: '/api/test-notes.json',
      headers: { 'idempotency-key': key, 'content-type': 'application/json' },
      payload: '{ "text" : "miel" }',
    });
    expect(first.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('answers 409 idempotency_key_reuse for the same key with another body, without effect', async () => {
    const key = newKey();
    await post('promotor', key, { text: 'uno' });
    const before = (await notes.notes()).length;
    const other = await post('promotor', key, { text: 'dos' });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({
      detail:
        'Esta clave de envío ya se usó con otros datos. El registro debe capturarse de nuevo.',
      code: 'idempotency_key_reuse',
    });
    expect(await notes.notes()).toHaveLength(before);
  });

  it('answers 409 for the same key on another path', async () => {
    const key = newKey();
    expect((await post('coordinador', key, { text: 'tres' })).statusCode).toBe(201);
    const res = await t.as('coordinador', {
      method: 'PATCH',
      url: '/api/users/me.json',
      headers: { 'idempotency-key': key },
      payload: { text: 'tres' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ code: string }>().code).toBe('idempotency_key_reuse');
  });

  it('keeps keys per user: the same key from two users is two effects', async () => {
    const key = newKey();
    const before = (await notes.notes()).length;
    const a = await post('promotor', key, { text: 'compartida' });
    const b = await post('promotor2', key, { text: 'compartida' });
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(b.json<{ id: number }>().id).not.toBe(a.json<{ id: number }>().id);
    expect(await notes.notes()).toHaveLength(before + 2);
  });

  it('without a key, every request is a new effect', async () => {
    const before = (await notes.notes()).length;
    await post('promotor', null, { text: 'sin clave' });
    await post('promotor', null, { text: 'sin clave' });
    expect(await notes.notes()).toHaveLength(before + 2);
  });

  it('refuses a malformed key with a translated 400 and no effect', async () => {
    const before = (await notes.notes()).length;
    const res = await post('promotor', 'short', { text: 'x' }, 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      non_field_errors: [
        'The Idempotency-Key header is not valid: it must be 8 to 128 letters, digits, hyphens or underscores.',
      ],
    });
    expect(await notes.notes()).toHaveLength(before);
  });
});

describe('rejections and failures under a key', () => {
  it('stores a handler rejection (effect rolled back) and replays the same 400', async () => {
    const key = newKey();
    const before = (await notes.notes()).length;
    const first = await post('promotor', key, { text: 'reject' });
    expect(first.statusCode).toBe(400);
    expect(first.json()).toEqual({ non_field_errors: ['Valor no válido'] });
    expect(await notes.notes()).toHaveLength(before);
    const again = await post('promotor', key, { text: 'reject' });
    expect(again.statusCode).toBe(400);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await notes.notes()).toHaveLength(before);
    expect(await storedKey('promotor', key)).toMatchObject({ status: 400, record_ref: null });
  });

  it('stores a validation rejection with its field errors and replays it identically', async () => {
    const key = newKey();
    const first = await post('promotor', key, { text: '', color: 'rojo' });
    expect(first.statusCode).toBe(400);
    expect(first.json()).toEqual({
      text: ['Campo requerido'],
      color: ['Este campo no se puede modificar'],
    });
    const again = await post('promotor', key, { text: '', color: 'rojo' });
    expect(again.statusCode).toBe(400);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
  });

  it('stores a 409 from the handler with its code', async () => {
    const key = newKey();
    const first = await post('promotor', key, { text: 'conflict' });
    expect(first.statusCode).toBe(409);
    const again = await post('promotor', key, { text: 'conflict' });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(again.json<{ code: string }>().code).toBe('note_conflict');
  });

  it('does not store a 5xx: the retry with the same key applies the effect once', async () => {
    const key = newKey();
    const before = (await notes.notes()).length;
    notes.crashes = 1;
    const failed = await post('promotor', key, { text: 'crash' });
    expect(failed.statusCode).toBe(500);
    expect(failed.json<{ request_id: string }>().request_id).toEqual(expect.any(String));
    expect(await storedKey('promotor', key)).toBeNull();
    expect(await notes.notes()).toHaveLength(before);
    const retried = await post('promotor', key, { text: 'crash' });
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await notes.notes()).toHaveLength(before + 1);
  });
});

describe('a replay is the first answer byte for byte', () => {
  it('a rejection keeps its fields in the order first sent', async () => {
    const key = newKey();
    // Three field errors whose first order (the schema's, then the unknown keys) is not the
    // alphabetical or length order a JSON column would keep them in.
    const payload = { text: '', zz_extra_long_name: 1, ab: 2 };
    const first = await post('promotor', key, payload);
    expect(first.statusCode).toBe(400);
    expect(Object.keys(first.json<object>())).toEqual(['text', 'zz_extra_long_name', 'ab']);
    const again = await post('promotor', key, payload);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
  });

  it('an accepted member is replayed as it was sent', async () => {
    const key = newKey();
    const payload = await validMemberBody(t, 1);
    const send = () =>
      t.as('gerente', {
        method: 'POST',
        url: '/api/socios/',
        headers: { 'idempotency-key': key },
        payload,
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(201);
    const again = await send();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
  });
});

describe('concurrent duplicates', () => {
  it('five parallel requests with one key: one effect, four replays of the same answer', async () => {
    const key = newKey();
    const before = (await notes.notes()).length;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post('promotor', key, { text: 'paralelo' })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(4);
    const ids = new Set(answers.map((a) => a.json<{ id: number }>().id));
    expect(ids.size).toBe(1);
    const after = await notes.notes();
    expect(after.filter((n) => n.text === 'paralelo')).toHaveLength(1);
    expect(after).toHaveLength(before + 1);
  });

  it('parallel requests with different keys all apply', async () => {
    const before = (await notes.notes()).length;
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) => post('promotor', newKey(), { text: `lote ${i}` })),
    );
    expect(answers.every((a) => a.statusCode === 201)).toBe(true);
    expect(await notes.notes()).toHaveLength(before + 4);
  });
});

describe('PATCH /api/users/me.json through the write wrapper', () => {
  it('replays the first answer and does not apply it again over a later change', async () => {
    const keyA = newKey();
    const first = await t.as('promotor', {
      method: 'PATCH',
      url: '/api/users/me.json',
      headers: { 'idempotency-key': keyA },
      payload: { first_name: 'Juana' },
    });
    expect(first.statusCode).toBe(200);
    const second = await t.as('promotor', {
      method: 'PATCH',
      url: '/api/users/me.json',
      headers: { 'idempotency-key': newKey() },
      payload: { first_name: 'María' },
    });
    expect(second.json()).toMatchObject({ first_name: 'María' });
    const replay = await t.as('promotor', {
      method: 'PATCH',
      url: '/api/users/me.json',
      headers: { 'idempotency-key': keyA },
      payload: { first_name: 'Juana' },
    });
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const [row] = await t.db
      .select({ first_name: users.first_name })
      .from(users)
      .where(eq(users.username, 'promotor'));
    expect(row!.first_name).toBe('María');
    expect(await storedKey('promotor', keyA)).toMatchObject({
      kind: 'profile.update',
      record_ref: String(await userId('promotor')),
    });
  });
});

describe('purge', () => {
  it('deletes keys older than 90 days and keeps younger ones', async () => {
    const id = await userId('gerente');
    const now = new Date();
    const old = new Date(now.getTime() - 91 * 86_400_000);
    const young = new Date(now.getTime() - 31 * 86_400_000);
    const base = {
      user_id: id,
      method: 'POST',
      path: '/api/test-notes',
      kind: 'note.create',
      body_hash: 'x',
      status: 201,
      answer: {},
    };
    await t.db.insert(idempotencyKeys).values([
      { ...base, key: 'purge-old-1', received_at: old, created_at: old },
      { ...base, key: 'purge-young-1', received_at: young, created_at: young },
    ]);
    expect(await purgeIdempotencyKeys(t.db, now)).toBe(1);
    expect(await storedKey('gerente', 'purge-old-1')).toBeNull();
    expect(await storedKey('gerente', 'purge-young-1')).not.toBeNull();
  });
});
