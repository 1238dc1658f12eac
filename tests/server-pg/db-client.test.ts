import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { openDatabase } from '#server/db/client';

// tests/server-pg runs only with DATABASE_URL (see vitest.config.ts): CI runs the server
// project against a throw-away PostgreSQL cluster.
const url = process.env.DATABASE_URL;

describe('PostgreSQL pool', () => {
  it('survives the server terminating an idle connection', async () => {
    const handle = await openDatabase({ databaseUrl: url!, dataDir: null });
    try {
      const { rows } = await handle.db.execute<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      const pid = Number(rows[0]!.pid);
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      await admin.end();
      await new Promise((r) => setTimeout(r, 200));
      // The process is still alive and the next query gets a fresh connection.
      const again = await handle.db.execute<{ one: number }>('SELECT 1 AS one');
      expect(Number(again.rows[0]!.one)).toBe(1);
    } finally {
      await handle.close();
    }
  });
});
