import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FieldActivityAnswer, FieldActivityUser } from '#domain/sync-protocol';
import { idempotencyKeys, users } from '#server/db/schema';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';
import { addTestNotesRoute } from './write-route-fixture.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
  await addTestNotesRoute(t);
});
afterAll(async () => {
  await t.close();
});

let counter = 0;
const newKey = () => `activity-${++counter}-${Date.now()}`;

async function userId(username: string): Promise<number> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row!.id;
}

async function activity(username = 'coordinador', lang = 'es'): Promise<FieldActivityAnswer> {
  const res = await t.as(username, {
    method: 'GET',
    url: '/api/sync/field-activity/',
    headers: { 'accept-language': lang },
  });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.json<FieldActivityAnswer>();
}

const entry = (answer: FieldActivityAnswer, username: string): FieldActivityUser | undefined =>
  answer.users.find((u) => u.username === username);

describe('GET /api/sync/field-activity/', () => {
  beforeAll(async () => {
    const capturedAt = new Date(Date.now() - 2 * 3_600_000).toISOString();
    const send = (payload: Record<string, unknown>, url = '/api/users/me.json', method = 'PATCH') =>
      t.as('promotor', {
        method: method as 'PATCH' | 'POST',
        url,
        headers: { 'idempotency-key': newKey(), 'x-captured-at': capturedAt },
        payload,
      });
    expect((await send({ phone: '9191230001' })).statusCode).toBe(200);
    expect((await send({ first_name: 'Pedro' })).statusCode).toBe(200);
    expect((await send({ text: 'nota de campo' }, '/api/test-notes', 'POST')).statusCode).toBe(201);
    expect((await send({ first_name: '' })).statusCode).toBe(400);
    expect((await send({ text: 'reject' }, '/api/test-notes', 'POST')).statusCode).toBe(400);
    // promotor2 only pulls.
    expect(
      (await t.as('promotor2', { method: 'GET', url: '/api/sync/pull/?limit=1' })).statusCode,
    ).toBe(200);
    // Older history of promotor: 3 and 10 days ago.
    const id = await userId('promotor');
    const base = {
      user_id: id,
      method: 'POST',
      path: '/api/test-notes',
      kind: 'note.create',
      body_hash: 'h',
      status: 201,
      answer: { id: 0, text: 'old' },
    };
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
    await t.db.insert(idempotencyKeys).values([
      { ...base, key: 'history-3d', received_at: daysAgo(3), record_ref: 'n3' },
      { ...base, key: 'history-10d', received_at: daysAgo(10), record_ref: 'n10' },
      {
        ...base,
        key: 'history-rej-10d',
        status: 400,
        answer: { text: ['validation.required'] },
        received_at: daysAgo(10),
      },
    ]);
  });

  it('counts what each field user sent today and this week, by kind', async () => {
    const promotor = entry(await activity(), 'promotor')!;
    expect(promotor).toMatchObject({
      role: 'PR',
      region: 1,
      name: expect.stringContaining('Pedro'),
      today: { 'profile.update': 2, 'note.create': 1 },
      week: { 'profile.update': 2, 'note.create': 2 },
    });
    expect(Date.now() - Date.parse(promotor.last_contact!)).toBeLessThan(60_000);
  });

  it('lists the latest accepted items newest first with their record and capture time', async () => {
    const promotor = entry(await activity(), 'promotor')!;
    expect(promotor.recent.map((i) => i.kind)).toEqual([
      'note.create',
      'profile.update',
      'profile.update',
      'note.create',
      'note.create',
    ]);
    expect(promotor.recent[1]).toMatchObject({
      status: 200,
      record_ref: String(await userId('promotor')),
      reason: null,
    });
    expect(promotor.recent[1]!.captured_at).toEqual(expect.any(String));
    expect(promotor.recent.at(-1)!.record_ref).toBe('n10');
  });

  it('lists the rejections of the last 7 days with a readable, translated reason', async () => {
    const es = entry(await activity(), 'promotor')!;
    expect(es.rejected.map((r) => [r.kind, r.status, r.reason])).toEqual([
      ['note.create', 400, 'Valor no válido'],
      ['profile.update', 400, 'first_name: Campo requerido'],
    ]);
    const en = entry(await activity('gerente', 'en'), 'promotor')!;
    expect(en.rejected[1]!.reason).toBe('first_name: Required field');
  });

  it('shows a user who only pulled, with its last contact and nothing sent', async () => {
    const promotor2 = entry(await activity(), 'promotor2');
    expect(promotor2).toMatchObject({ today: {}, week: {}, recent: [], rejected: [], region: 2 });
    expect(promotor2!.last_contact).toEqual(expect.any(String));
  });

  it('keeps at most 20 recent items per user', async () => {
    const id = await userId('coordinador');
    await t.db.insert(idempotencyKeys).values(
      Array.from({ length: 25 }, (_, i) => ({
        user_id: id,
        key: `bulk-${i}-${Date.now()}`,
        method: 'POST',
        path: '/api/test-notes',
        kind: 'note.create',
        body_hash: 'h',
        status: 201,
        answer: {},
        received_at: new Date(Date.now() - i * 60_000),
      })),
    );
    const coordinador = entry(await activity(), 'coordinador')!;
    expect(coordinador.recent).toHaveLength(20);
    expect(coordinador.week['note.create']).toBe(25);
  });

  it("counts a renegotiation stored under the server's old kind name as the phone's kind", async () => {
    const id = await userId('gerente');
    const row = {
      user_id: id,
      method: 'PATCH',
      path: '/api/solic-creditos/7',
      body_hash: 'h',
      status: 200,
      answer: {},
    };
    await t.db.insert(idempotencyKeys).values([
      {
        ...row,
        key: `old-name-${Date.now()}`,
        kind: 'solicitud.renegotiation',
        record_ref: '7',
        received_at: new Date(Date.now() - 2_000),
      },
      {
        ...row,
        key: `new-name-${Date.now()}`,
        kind: 'solicitud.renegotiate',
        record_ref: '8',
        received_at: new Date(Date.now() - 1_000),
      },
    ]);
    const gerente = entry(await activity(), 'gerente')!;
    expect(gerente.week).toEqual({ 'solicitud.renegotiate': 2 });
    expect(gerente.today).toEqual({ 'solicitud.renegotiate': 2 });
    expect(gerente.recent.map((i) => [i.kind, i.record_ref])).toEqual([
      ['solicitud.renegotiate', '8'],
      ['solicitud.renegotiate', '7'],
    ]);
  });

  it('does not list members (SO) nor users who never synced', async () => {
    await t.as('socio', { method: 'GET', url: '/api/sync/pull/?limit=1' });
    const answer = await activity();
    expect(entry(answer, 'socio')).toBeUndefined();
    expect(answer.users.every((u) => u.role !== 'SO')).toBe(true);
  });

  it('is open to CO, GE and VI and refused to PR and SO', async () => {
    for (const username of ['coordinador', 'gerente', 'visitante']) {
      const res = await t.as(username, { method: 'GET', url: '/api/sync/field-activity' });
      expect(res.statusCode, username).toBe(200);
    }
    for (const username of ['promotor', 'socio']) {
      const res = await t.as(username, { method: 'GET', url: '/api/sync/field-activity' });
      expect(res.statusCode, username).toBe(403);
      expect(res.json()).toEqual({ detail: 'No tienes permiso para realizar esta acción.' });
    }
  });
});
