/**
 * `POST /api/sync/push/`: many queued writes in one request, each answered exactly as
 * its single call; a refusal blocks the rest of its chain only; a server failure stops the batch;
 * replays give the stored answers and no second effect.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_MAX_WRITES, type PushAnswer } from '#domain/sync-protocol';
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
const newKey = () => `push-key-${Date.now()}-${++counter}`;

interface Write {
  key: string;
  method: 'POST' | 'PUT' | 'PATCH';
  path: string;
  body?: unknown;
  chain?: string;
  capturedAt?: string;
}

const note = (text: string, chain?: string): Write => ({
  key: newKey(),
  method: 'POST',
  path: '/api/test-notes/',
  body: { text },
  ...(chain === undefined ? {} : { chain }),
});

const push = (writes: unknown, username = 'promotor', lang = 'es') =>
  t.as(username, {
    method: 'POST',
    url: '/api/sync/push/',
    headers: { 'accept-language': lang },
    payload: { writes } as Record<string, unknown>,
  });

async function results(writes: Write[], username = 'promotor') {
  const res = await push(writes, username);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.json<PushAnswer>().results;
}

const single = (username: string, write: Write) =>
  t.as(username, {
    method: write.method,
    url: write.path,
    headers: { 'idempotency-key': write.key, 'accept-language': 'es' },
    payload: write.body as Record<string, unknown>,
  });

describe('a batch of writes', () => {
  it('applies each once, in order, and answers each as its single call', async () => {
    const before = (await notes.notes()).length;
    const writes = [note('uno'), note('dos'), note('tres')];
    const answered = await results(writes);
    expect(answered.map((r) => [r.key, r.status])).toEqual(writes.map((w) => [w.key, 201]));
    const after = await notes.notes();
    expect(after.slice(before).map((n) => n.text)).toEqual(['uno', 'dos', 'tres']);
    // The single call with the same key replays the stored answer: the batch gave exactly it.
    for (const [i, write] of writes.entries()) {
      const replay = await single('promotor', write);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.statusCode).toBe(answered[i]!.status);
      expect(replay.json()).toEqual(answered[i]!.body);
    }
  });

  it('a replayed batch answers the stored answers and has no second effect', async () => {
    const writes = [note('cuatro'), note('')];
    const first = await results(writes);
    const count = (await notes.notes()).length;
    const again = await results(writes);
    // The same statuses and bodies, each now saying it was answered from its stored key.
    expect(again).toEqual(first.map((r) => ({ ...r, replayed: true })));
    expect(first.some((r) => 'replayed' in r)).toBe(false);
    expect((await notes.notes()).length).toBe(count);
    expect(first[1]!.status).toBe(400);
    expect(first[1]!.body).toEqual({ text: ['Campo requerido'] });
  });

  it('a refused write blocks the rest of its chain, not other chains', async () => {
    const before = (await notes.notes()).length;
    const refused = note('reject', 'socio-7');
    const behind = note('después', 'socio-7');
    const other = note('otro', 'socio-8');
    const answered = await results([refused, behind, other]);
    expect(answered.map((r) => r.status)).toEqual([400, 424, 201]);
    expect(answered[1]!.body).toMatchObject({ code: 'blocked' });
    expect((await notes.notes()).slice(before).map((n) => n.text)).toEqual(['otro']);
    // The blocked write was not stored under its key: sent again later, it is applied.
    expect((await single('promotor', behind)).statusCode).toBe(201);
  });

  it('a failure of the server stops the batch; the rest is answered not attempted', async () => {
    notes.crashes = 1;
    const before = (await notes.notes()).length;
    const writes = [note('antes'), note('crash'), note('después')];
    const answered = await results(writes);
    expect(answered.map((r) => r.status)).toEqual([201, 500, 503]);
    expect(answered[2]!.body).toMatchObject({ code: 'not_attempted' });
    expect((await notes.notes()).slice(before).map((n) => n.text)).toEqual(['antes']);
    // Resent with the same keys: the first replays, the others now apply.
    const again = await results(writes);
    expect(again.map((r) => r.status)).toEqual([201, 201, 201]);
    expect((await notes.notes()).slice(before).map((n) => n.text)).toEqual([
      'antes',
      'crash',
      'después',
    ]);
  });

  it('the database gone: the rest is not attempted and the batch says when to resend', async () => {
    notes.crashes = 1;
    const before = (await notes.notes()).length;
    const writes = [note('antes'), note('unavailable'), note('después', 'c'), note('y', 'c')];
    const res = await push(writes);
    expect(res.statusCode).toBe(200);
    expect(res.headers['retry-after']).toBe('5');
    const answered = res.json<PushAnswer>().results;
    expect(answered.map((r) => r.status)).toEqual([201, 503, 503, 503]);
    expect(answered[2]!.body).toEqual({
      detail:
        'No se intentó: el servidor no pudo atender un envío anterior del mismo lote. Se reenviará.',
      code: 'not_attempted',
    });
    expect((await notes.notes()).slice(before).map((n) => n.text)).toEqual(['antes']);
    // Resent with the same keys: the first replays, the others apply once.
    expect((await results(writes)).map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect((await notes.notes()).slice(before).map((n) => n.text)).toEqual([
      'antes',
      'unavailable',
      'después',
      'y',
    ]);
  });

  it("carries each write's capture time", async () => {
    const write = { ...note('capturada'), capturedAt: '2026-11-20T15:04:05.000Z' };
    await results([write]);
    expect(notes.lastCapture?.capturedAt?.toISOString()).toBe('2026-11-20T15:04:05.000Z');
  });

  it('text the database cannot store is refused on its write alone', async () => {
    const before = (await notes.notes()).length;
    const answered = await results([note('bien'), note('mal\u0000'), note('también')]);
    expect(answered.map((r) => r.status)).toEqual([201, 400, 201]);
    expect(Object.keys(answered[1]!.body as object)).toEqual(['text']);
    expect((await notes.notes()).slice(before).map((n) => n.text)).toEqual(['bien', 'también']);
  });
});

describe('a malformed batch', () => {
  it('answers 400 with field errors and applies nothing', async () => {
    const before = (await notes.notes()).length;
    for (const writes of [
      'no',
      [],
      [{ ...note('x'), key: 'short' }],
      [{ ...note('x'), method: 'DELETE' }],
      Array.from({ length: PUSH_MAX_WRITES + 1 }, () => note('muchas')),
    ]) {
      const res = await push(writes);
      expect(res.statusCode, JSON.stringify(writes).slice(0, 80)).toBe(400);
      expect(Object.keys(res.json<Record<string, unknown>>())[0]).toMatch(/^writes/);
    }
    expect((await notes.notes()).length).toBe(before);
  });

  it('takes only write routes of the API: any other path makes the whole batch a 400', async () => {
    const before = (await notes.notes()).length;
    const res = await push([
      note('válida'),
      { key: newKey(), method: 'POST', path: '/api/sync/push/', body: { writes: [] } },
      { key: newKey(), method: 'POST', path: '/api/token/', body: {} },
      { key: newKey(), method: 'POST', path: '/api/../api/test-notes/', body: { text: 'x' } },
      { key: newKey(), method: 'POST', path: '/api/no-such-route/', body: {} },
      { key: newKey(), method: 'PATCH', path: '/api/test-notes/', body: { text: 'x' } },
      { key: newKey(), method: 'POST', path: '/api/test-notes/?x=1', body: { text: 'x' } },
      { key: newKey(), method: 'POST', path: '/api/test%2Dnotes/', body: { text: 'x' } },
    ]);
    expect(res.statusCode).toBe(400);
    const invalid = ['La ruta no es una ruta de escritura de la API.'];
    expect(res.json()).toEqual(
      Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((i) => [`writes.${i}.path`, invalid])),
    );
    expect((await notes.notes()).length).toBe(before);
  });

  it('is refused to those who write nothing', async () => {
    expect((await push([note('visita')], 'visitante')).statusCode).toBe(403);
    expect((await push([note('socia')], 'socio')).statusCode).toBe(403);
  });
});
