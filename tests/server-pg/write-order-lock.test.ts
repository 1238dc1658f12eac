/**
 * The write-order lock (server/sync/write-order.ts) makes row versions commit in the order
 * they were drawn: while one write transaction holds it, another write must wait. Only real
 * PostgreSQL shows this: PGlite has one connection, so there any open transaction holds every
 * other query back, lock or not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { takeWriteOrderLock, WRITE_ORDER_LOCK_ID } from '#server/sync/write-order';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';
import { addTestNotesRoute, type NotesFixture } from '#tests/server/write-route-fixture';
import { waitForLockWaiter } from './lock-waits.ts';

let t: TestApp;
let notes: NotesFixture;
beforeAll(async () => {
  t = await makeTestApp();
  notes = await addTestNotesRoute(t);
});
afterAll(async () => {
  await t.close();
});

// A bigint advisory lock shows in pg_locks as its high and low 32 bits.
const lockHigh = Number(WRITE_ORDER_LOCK_ID >> 32n);
const lockLow = Number(WRITE_ORDER_LOCK_ID & 0xffffffffn);
const writeOrderLock = sql`l.locktype = 'advisory' and l.classid = ${lockHigh}::oid
  and l.objid = ${lockLow}::oid and l.objsubid = 1`;

describe('write-order lock', () => {
  it('a write waits while another write transaction holds the lock', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const holder = t.db.transaction(async (tx) => {
      await takeWriteOrderLock(tx);
      holding();
      await released;
    });
    await held;
    let answered = false;
    const write = t
      .as('promotor', { method: 'POST', url: '/api/test-notes', payload: { text: 'en espera' } })
      .then((res) => {
        answered = true;
        return res;
      });
    try {
      // The write's transaction is seen waiting on the lock: only then is "not answered" news.
      const waitedIn = await waitForLockWaiter(t.db, writeOrderLock);
      expect(waitedIn ?? 'no write waited on the lock').toMatch(/pg_advisory_xact_lock/);
      expect(answered).toBe(false);
      expect((await notes.notes()).map((n) => n.text)).not.toContain('en espera');
    } finally {
      release();
      await holder;
    }
    expect((await write).statusCode).toBe(201);
    expect((await notes.notes()).map((n) => n.text)).toContain('en espera');
  });
});
