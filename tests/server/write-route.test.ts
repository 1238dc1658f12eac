import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { idempotencyKeys, userContacts, users } from '#server/db/schema';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';
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
const newKey = () => `write-route-${++counter}-${Date.now()}`;

const post = (headers: Record<string, string>, text = 'captura', username = 'promotor') =>
  t.as(username, { method: 'POST', url: '/api/test-notes', headers, payload: { text } });

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

async function userId(username: string): Promise<number> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row!.id;
}

describe('X-Captured-At', () => {
  it('hands a valid capture instant to the handler and stores it with the key', async () => {
    const capturedAt = minutesFromNow(-3 * 24 * 60);
    const key = newKey();
    const before = Date.now();
    const res = await post({ 'x-captured-at': capturedAt, 'idempotency-key': key });
    expect(res.statusCode).toBe(201);
    expect(notes.lastCapture?.capturedAt?.toISOString()).toBe(capturedAt);
    expect(notes.lastCapture?.receivedAt.getTime()).toBeGreaterThanOrEqual(before);
    const [row] = await t.db
      .select()
      .from(idempotencyKeys)
      .where(
        and(eq(idempotencyKeys.key, key), eq(idempotencyKeys.user_id, await userId('promotor'))),
      );
    expect(row!.captured_at?.toISOString()).toBe(capturedAt);
    expect(row!.received_at.getTime()).toBeGreaterThanOrEqual(before);
  });

  it('accepts an offset instead of Z and leaves capturedAt null when absent', async () => {
    expect((await post({ 'x-captured-at': '2030-01-01T10:00:00-06:00' })).statusCode).toBe(400);
    const local = new Date(Date.now() - 3_600_000);
    const withOffset = `${local.toISOString().slice(0, 19).replace(/Z$/, '')}+00:00`;
    expect((await post({ 'x-captured-at': withOffset })).statusCode).toBe(201);
    expect(notes.lastCapture?.capturedAt?.getTime()).toBe(
      Math.floor(local.getTime() / 1000) * 1000,
    );
    expect((await post({})).statusCode).toBe(201);
    expect(notes.lastCapture?.capturedAt).toBeNull();
  });

  it('tolerates a few minutes of phone clock skew into the future', async () => {
    expect((await post({ 'x-captured-at': minutesFromNow(2) })).statusCode).toBe(201);
  });

  it.each([
    ['not a date', 'ayer'],
    ['a date without time', '2026-03-01'],
    ['a time without offset', '2026-03-01T10:00:00'],
    ['an impossible date', '2026-02-30T10:00:00Z'],
  ])('refuses %s with a translated 400 and no effect', async (_label, value) => {
    const before = (await notes.notes()).length;
    const es = await post({ 'x-captured-at': value });
    expect(es.statusCode).toBe(400);
    expect(es.json()).toEqual({
      non_field_errors: ['La fecha de captura (X-Captured-At) no es una fecha y hora válida.'],
    });
    const en = await post({ 'x-captured-at': value, 'accept-language': 'en' });
    expect(en.json()).toEqual({
      non_field_errors: ['The capture time (X-Captured-At) is not a valid date and time.'],
    });
    expect(await notes.notes()).toHaveLength(before);
  });

  it('refuses a capture in the future', async () => {
    const value = minutesFromNow(60);
    const res = await post({ 'x-captured-at': value });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      non_field_errors: [
        `La fecha de captura (${value}) está en el futuro. Revisa la fecha y la hora del teléfono.`,
      ],
    });
  });

  it('refuses a capture older than 60 days, and stores that rejection under its key', async () => {
    const value = minutesFromNow(-61 * 24 * 60);
    const key = newKey();
    const res = await post({
      'x-captured-at': value,
      'idempotency-key': key,
      'accept-language': 'en',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      non_field_errors: [
        `The capture time (${value}) is more than 60 days ago; the record can no longer be received.`,
      ],
    });
    const replay = await post({
      'x-captured-at': value,
      'idempotency-key': key,
      'accept-language': 'en',
    });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(res.json());
  });

  it('accepts a capture of 59 days ago', async () => {
    expect((await post({ 'x-captured-at': minutesFromNow(-59 * 24 * 60) })).statusCode).toBe(201);
  });
});

describe('X-Client-Schema', () => {
  it.each(['0', 'abc', '1.5', ''])(
    'answers 426 client_outdated to schema %j, with no effect',
    async (value) => {
      const before = (await notes.notes()).length;
      const res = await post({ 'x-client-schema': value });
      expect(res.statusCode).toBe(426);
      expect(res.json()).toEqual({
        detail:
          'Esta versión de la aplicación es demasiado antigua para el servidor. Actualízala para seguir sincronizando.',
        code: 'client_outdated',
      });
      expect(await notes.notes()).toHaveLength(before);
    },
  );

  it('accepts the current schema and no header at all', async () => {
    expect((await post({ 'x-client-schema': '1' })).statusCode).toBe(201);
    expect((await post({})).statusCode).toBe(201);
  });

  it('does not store a 426 under the key: after updating, the same key goes through', async () => {
    const key = newKey();
    expect((await post({ 'x-client-schema': '0', 'idempotency-key': key })).statusCode).toBe(426);
    const res = await post({ 'x-client-schema': '1', 'idempotency-key': key });
    expect(res.statusCode).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
  });
});

describe('guards and bookkeeping', () => {
  it('answers 403 to a visitor before looking at any sync header', async () => {
    const res = await post(
      { 'x-client-schema': '0', 'idempotency-key': 'bad', 'x-captured-at': 'nunca' },
      'x',
      'visitante',
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      detail: 'Visitantes no tienen permiso de editar o crear contenido.',
    });
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test-notes',
      payload: { text: 'x' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('records the writer’s last contact', async () => {
    const id = await userId('promotor2');
    await t.db.delete(userContacts).where(eq(userContacts.user_id, id));
    const before = Date.now();
    expect((await post({}, 'contacto', 'promotor2')).statusCode).toBe(201);
    const [row] = await t.db.select().from(userContacts).where(eq(userContacts.user_id, id));
    expect(row!.last_seen_at.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });
});
