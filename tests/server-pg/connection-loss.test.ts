/**
 * A request whose database connection is lost mid-flight (a PostgreSQL restart or failover,
 * here the server terminating its backend) answers 503 with Retry-After — not a 500, and the
 * process lives on. A keyed write is not stored: the phone resends the same key and the write
 * applies once.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as z from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeRoutesOfKinds } from '#server/http/write-route';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';

/** This file's write is none of the app's kinds. */
const defineWriteRoute = writeRoutesOfKinds<'slow.create'>();

let t: TestApp;
let admin: pg.Client;
let applied = 0;
/** How long the next write sleeps inside its transaction. */
let sleepMs = 0;

beforeAll(async () => {
  t = await makeTestApp();
  defineWriteRoute(t.app, {
    method: 'POST',
    url: '/api/test-slow',
    kind: 'slow.create',
    status: 201,
    body: z.object({ note: z.string() }),
    response: z.object({ ok: z.boolean() }),
    handler: async ({ tx }) => {
      await tx.execute(sql`select pg_sleep(${sleepMs / 1000}), 'test-slow-marker'`);
      applied += 1;
      return { answer: { ok: true } };
    },
  });
  admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
});
afterAll(async () => {
  await admin.end();
  await t.close();
});

/** Terminate the backend running the slow statement as soon as it shows up. */
async function terminateSlowStatement(): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const found = await admin.query<{ pid: number }>(
      "select pid from pg_stat_activity where query like '%test-slow-marker%' and pid <> pg_backend_pid() and query not like '%pg_stat_activity%'",
    );
    if (found.rows.length > 0) {
      for (const row of found.rows) await admin.query('select pg_terminate_backend($1)', [row.pid]);
      return;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the slow statement never started');
}

describe('a connection lost under a request', () => {
  it('answers 503 with Retry-After; the same key then applies the write once', async () => {
    const token = await t.tokenFor('gerente');
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/test-slow/',
        headers: {
          authorization: `Bearer ${token}`,
          'idempotency-key': 'slow-key-0001',
          'accept-language': 'en',
        },
        payload: { note: 'cosecha' },
      });
    sleepMs = 5_000;
    const [res] = await Promise.all([send(), terminateSlowStatement()]);
    expect(res.statusCode, res.body).toBe(503);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(Object.keys(res.json<object>())).toEqual(['detail']);
    expect(applied).toBe(0);

    sleepMs = 0;
    const retried = await send();
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    const replayed = await send();
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(applied).toBe(1);
  });
});
