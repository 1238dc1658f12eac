import { describe, expect, it } from 'vitest';
import pg from 'pg';
import * as z from 'zod';
import { openDatabase } from '#server/db/client';

// tests/server-pg runs only with DATABASE_URL (see vitest.config.ts): CI runs the server
// project against a throw-away PostgreSQL cluster.
const url = process.env.DATABASE_URL;

describe('PostgreSQL pool', () => {
  it('survives the server terminating an idle connection', async () => {
    const handle = await openDatabase({ databaseUrl: url!, dataDir: null });
    try {
      // The driver-generic `execute` answers `unknown`: parse what node-postgres returns.
      const answer = z.object({ rows: z.array(z.object({ n: z.coerce.number() })).min(1) });
      const pid = answer.parse(await handle.db.execute('SELECT pg_backend_pid() AS n')).rows[0]!.n;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      await admin.end();
      await new Promise((r) => setTimeout(r, 200));
      // The process is still alive and the next query gets a fresh connection.
      const again = answer.parse(await handle.db.execute('SELECT 1 AS n'));
      expect(again.rows[0]!.n).toBe(1);
    } finally {
      await handle.close();
    }
  });

  it('survives the server terminating a connection checked out by a transaction', async () => {
    const handle = await openDatabase({ databaseUrl: url!, dataDir: null });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const answer = z.object({ rows: z.array(z.object({ n: z.coerce.number() })).min(1) });
      const failed = handle.db.transaction(async (tx) => {
        const pid = answer.parse(await tx.execute('SELECT pg_backend_pid() AS n')).rows[0]!.n;
        // Killed between two statements: the client is checked out and idle in transaction,
        // so only a listener on the client itself sees the connection go.
        await admin.query('SELECT pg_terminate_backend($1)', [pid]);
        await new Promise((r) => setTimeout(r, 200));
        await tx.execute('SELECT 1 AS n');
      });
      await expect(failed).rejects.toThrow();
      const again = answer.parse(await handle.db.execute('SELECT 1 AS n'));
      expect(again.rows[0]!.n).toBe(1);
    } finally {
      await admin.end();
      await handle.close();
    }
  });
});
