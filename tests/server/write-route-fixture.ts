/**
 * A small test-only write route through `defineWriteRoute`, with an effect that is NOT
 * idempotent by nature (each call inserts a row), so tests can count effects in the database.
 * `POST /api/test-notes` { text }: 201 with the note; text 'reject' → 400 from the handler,
 * 'conflict' → 409, 'crash' → 500 and 'unavailable' → 503 (the database gone) once per
 * `crashes` counter, '' → 400 from validation.
 */
import { asc, sql } from 'drizzle-orm';
import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import * as z from 'zod';
import { msg } from '#domain/messages';
import { badRequest, conflict } from '#server/http/errors';
import { writeRoutesOfKinds } from '#server/http/write-route';
import type { Capture } from '#domain/sync-protocol';
import type { TestApp } from '#tests/helpers/server-app';

/** This file's write is none of the app's kinds. */
const defineWriteRoute = writeRoutesOfKinds<'note.create'>();

const testNotes = pgTable('test_notes', {
  id: serial('id').primaryKey(),
  text: text('text').notNull(),
  user_id: integer('user_id').notNull(),
});

export interface NotesFixture {
  /** Notes in the database, oldest first. */
  notes(): Promise<{ id: number; text: string; user_id: number }[]>;
  /** How many times the handler must still fail with a 500 before it succeeds. */
  crashes: number;
  /** What the handler was handed on its last call. */
  lastCapture: Capture | null;
}

export async function addTestNotesRoute(t: TestApp): Promise<NotesFixture> {
  await t.db.execute(
    sql.raw(
      'CREATE TABLE test_notes (id serial PRIMARY KEY, text text NOT NULL, user_id integer NOT NULL)',
    ),
  );
  const fixture: NotesFixture = {
    crashes: 0,
    lastCapture: null,
    notes: () => t.db.select().from(testNotes).orderBy(asc(testNotes.id)),
  };
  defineWriteRoute(t.app, {
    method: 'POST',
    url: '/api/test-notes',
    kind: 'note.create',
    status: 201,
    body: z.object({ text: z.string().min(1, msg('validation.required')) }).strict(),
    response: z.object({ id: z.number().int(), text: z.string() }),
    handler: async ({ tx, user, body, capture }) => {
      fixture.lastCapture = capture;
      const [inserted] = await tx
        .insert(testNotes)
        .values({ text: body.text, user_id: user.id })
        .returning({ id: testNotes.id });
      const id = inserted!.id;
      // Checks AFTER the insert: a rejection must undo an effect already made.
      if (body.text === 'reject') throw badRequest('validation.invalidValue');
      if (body.text === 'conflict')
        throw conflict('server.sync.idempotencyKeyReuse', 'note_conflict');
      if (body.text === 'crash' && fixture.crashes > 0) {
        fixture.crashes -= 1;
        throw new Error('simulated failure');
      }
      if (body.text === 'unavailable' && fixture.crashes > 0) {
        fixture.crashes -= 1;
        // PostgreSQL's admin_shutdown: the database went away (a 503 with Retry-After).
        throw Object.assign(new Error('terminating connection'), { code: '57P01' });
      }
      return { answer: { id, text: body.text }, recordRef: id };
    },
  });
  return fixture;
}
