/**
 * Seeing a PostgreSQL transaction wait on a lock, from another connection: the positive signal
 * the lock tests wait on before asserting that the waiting side has not gone ahead.
 */
import { sql, type SQL } from 'drizzle-orm';
import * as z from 'zod';
import type { Db } from '#server/db/client';

const waiterRows = z.object({ rows: z.array(z.object({ query: z.string() })) });

/**
 * Polls until a backend waits on a lock not granted that matches `which` (a condition on
 * pg_locks `l`); answers the query that backend waits in, or null when none did in time.
 */
export async function waitForLockWaiter(db: Db, which: SQL, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const answer = waiterRows.parse(
      await db.execute(
        sql`select a.query from pg_locks l join pg_stat_activity a on a.pid = l.pid
            where not l.granted and ${which} limit 1`,
      ),
    );
    if (answer.rows[0]) return answer.rows[0].query;
    await new Promise((r) => setTimeout(r, 20));
  }
  return null;
}
