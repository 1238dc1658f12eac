/**
 * A bench-only write route through the real `defineWriteRoute` (transaction, Idempotency-Key,
 * X-Captured-At): `POST /api/bench-notes` { text } inserts one row each call, so effects can be
 * counted on the server. It lets the push benchmark use many independent chains, as area
 * commands (one chain per record) do, where the profile PATCH is a single chain.
 */
import { like, sql } from 'drizzle-orm';
import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod';
import { msg } from '#domain/messages';
import type { Db } from '#server/db/client';
import { writeRoutesOfKinds } from '#server/http/write-route';

/** This file's write is none of the app's kinds. */
const defineWriteRoute = writeRoutesOfKinds<'bench.note'>();

const benchNotes = pgTable('bench_notes', {
  id: serial('id').primaryKey(),
  text: text('text').notNull(),
  user_id: integer('user_id').notNull(),
});

export interface BenchNotes {
  /**
   * Rows stored whose text starts with `prefix`, and how many distinct texts among them (a
   * duplicate effect shows here).
   */
  effects(prefix: string): Promise<{ rows: number; distinct: number }>;
}

export async function addBenchNotesRoute(app: FastifyInstance, db: Db): Promise<BenchNotes> {
  await db.execute(
    sql.raw(
      'CREATE TABLE bench_notes (id serial PRIMARY KEY, text text NOT NULL, user_id integer NOT NULL)',
    ),
  );
  defineWriteRoute(app, {
    method: 'POST',
    url: '/api/bench-notes',
    kind: 'bench.note',
    status: 201,
    body: z.object({ text: z.string().min(1, msg('validation.required')) }).strict(),
    response: z.object({ id: z.number().int(), text: z.string() }),
    handler: async ({ tx, user, body }) => {
      const [row] = await tx
        .insert(benchNotes)
        .values({ text: body.text, user_id: user.id })
        .returning({ id: benchNotes.id });
      return { answer: { id: row!.id, text: body.text }, recordRef: row!.id };
    },
  });
  return {
    effects: async (prefix) => {
      const [row] = await db
        .select({
          rows: sql<number>`count(*)::int`,
          distinct: sql<number>`count(distinct ${benchNotes.text})::int`,
        })
        .from(benchNotes)
        .where(like(benchNotes.text, `${prefix}%`));
      return { rows: row?.rows ?? 0, distinct: row?.distinct ?? 0 };
    },
  };
}
