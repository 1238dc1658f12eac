/**
 * Every answer is serialized by its route's schema, in production as in tests: a field the
 * schema does not name never leaves the server, and an answer that breaks its schema is a 500
 * (the server's bug) — for a write, one that rolls its effect back and stores nothing under the
 * Idempotency-Key, so the retry can succeed once the bug is fixed.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { idempotencyKeys } from '#server/db/schema';
import { defineRoute } from '#server/http/route';
import { writeRoutesOfKinds } from '#server/http/write-route';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';
import { addTestNotesRoute, type NotesFixture } from './write-route-fixture.ts';

/** This file's write is none of the app's kinds. */
const defineWriteRoute = writeRoutesOfKinds<'note.create'>();

let t: TestApp;
let notes: NotesFixture;
beforeAll(async () => {
  t = await makeTestApp();
  notes = await addTestNotesRoute(t);
  const answers: Record<string, unknown> = {
    extra: { id: 1, name: 'Ana', password_hash: 'secret' },
    wrong: { id: 'one', name: 'Ana' },
  };
  defineRoute(t.app, {
    method: 'GET',
    url: '/api/test-answers/:kind',
    params: z.object({ kind: z.string() }),
    response: z.object({ id: z.number().int(), name: z.string() }),
    // The handler's type allows no such answers: they stand for a service's mistake.
    handler: async ({ params }) => z.any().parse(answers[params.kind]),
  });
  defineWriteRoute(t.app, {
    method: 'POST',
    url: '/api/test-wrong-answer',
    kind: 'note.create',
    status: 201,
    response: z.object({ id: z.number().int() }),
    handler: async ({ tx, user }) => {
      await tx.execute(sql`insert into test_notes (text, user_id) values ('wrong', ${user.id})`);
      return { answer: z.any().parse({ id: 'not a number' }) };
    },
  });
});
afterAll(async () => {
  await t.close();
});

describe('answers serialized by their schema', () => {
  it('drops a field the schema does not name', async () => {
    const res = await t.as('gerente', { method: 'GET', url: '/api/test-answers/extra' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 1, name: 'Ana' });
    expect(res.body).not.toContain('secret');
  });

  it('answers 500 {detail, request_id} for an answer that breaks its schema', async () => {
    const res = await t.as('gerente', { method: 'GET', url: '/api/test-answers/wrong' });
    expect(res.statusCode).toBe(500);
    expect(Object.keys(res.json<object>()).sort()).toEqual(['detail', 'request_id']);
    expect(res.body).not.toContain('one');
  });

  it('rolls a write with a wrong answer back and stores nothing under its key', async () => {
    const before = (await notes.notes()).length;
    const key = `wrong-answer-${Date.now()}`;
    const res = await t.as('gerente', {
      method: 'POST',
      url: '/api/test-wrong-answer',
      headers: { 'idempotency-key': key },
      payload: {},
    });
    expect(res.statusCode).toBe(500);
    expect(await notes.notes()).toHaveLength(before);
    const stored = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(stored).toEqual([]);
  });
});
