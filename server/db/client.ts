/**
 * One database handle for both drivers: embedded PGlite (default) or PostgreSQL through `pg`
 * when DATABASE_URL is set. Routes only see `Db`, the driver-neutral Drizzle type, so every
 * query runs unchanged on either.
 */
import { fileURLToPath } from 'node:url';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as z from 'zod';
import { lockDataDir, type DataDirLock } from './data-dir-lock.ts';
import { keepQueryParsersInTable } from './pglite-parsers.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Db;
  driver: 'pglite' | 'postgres';
  /**
   * Apply pending migrations from server/db/migrations (idempotent), then `andThen` (main.ts:
   * purge, demo seed). On PostgreSQL both run under a session advisory lock, so N instances
   * starting together on one database take turns: the first migrates (and seeds an empty
   * database), the others find it done.
   */
  migrate<T = void>(andThen?: () => Promise<T>): Promise<T | undefined>;
  close(): Promise<void>;
  /** PGlite only: the whole database as a tar, for `loadDataDir` (the tests' template). */
  dumpDataDir?(): Promise<Blob>;
}

export interface DatabaseTarget {
  /** PostgreSQL connection string; null → PGlite. */
  databaseUrl: string | null;
  /** PGlite keeps its files in `dataDir/pgdata`; null → PGlite in memory (tests). */
  dataDir: string | null;
  /** PGlite in memory only: start from this dump of another database (`dumpDataDir`). */
  loadDataDir?: Blob;
  /**
   * Who opens a PGlite `dataDir` ("the server", "npm run user"…): named to whoever else tries
   * while this process holds it (data-dir-lock.ts).
   */
  holder?: string;
}

const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url));

/** When (drizzle's `folderMillis`) each migration of this release was generated. */
const RELEASE_MIGRATIONS: readonly number[] = (
  JSON.parse(readFileSync(path.join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  }
).entries.map((entry) => entry.when);

/**
 * How many migrations of this release the database lacks (0 = current; a newer release's
 * extra migrations do not count). The health check's "migrations current".
 */
export async function pendingMigrations(db: Db): Promise<number> {
  const newestAnswer = z.object({ rows: z.array(z.object({ newest: z.coerce.number() })) });
  const { rows } = newestAnswer.parse(
    await db.execute(
      sql`select coalesce(max(created_at), 0)::text as newest from drizzle.__drizzle_migrations`,
    ),
  );
  const newest = rows[0]?.newest ?? 0;
  return RELEASE_MIGRATIONS.filter((when) => when > newest).length;
}

/** Advisory lock of the start-up (migrations, seed): "COMONMIG" in ASCII, as a bigint. */
export const STARTUP_LOCK_ID = 0x434f4d4f4e4d4947n;

/** Run `work` holding the start-up lock, on one dedicated connection (released on error). */
async function underStartupLock<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1::bigint)', [STARTUP_LOCK_ID.toString()]);
    try {
      return await work(client);
    } finally {
      await client.query('select pg_advisory_unlock($1::bigint)', [STARTUP_LOCK_ID.toString()]);
    }
  } finally {
    client.release();
  }
}

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: target.databaseUrl,
      max: 10,
      // While the server is down a request fails fast (503) instead of waiting for a slot.
      connectionTimeoutMillis: 5_000,
    });
    // A connection closed by the server (restart, failover, an administrator) emits 'error';
    // unhandled, it would crash the API. The pool listens only while a connection is idle, so
    // every connection gets its own listener too: one checked out by a request (in a
    // transaction, between two statements) fails that request's query instead — answered 503
    // (http/errors.ts) — and the pool drops the connection when it is released.
    const lost = (error: Error) => {
      process.emitWarning(`PostgreSQL connection lost: ${error.message}`, 'DatabaseWarning');
    };
    pool.on('error', lost);
    pool.on('connect', (client) => client.on('error', lost));
    // Fail fast with the driver's message when the server is unreachable.
    const probe = await pool.connect();
    probe.release();
    const db = drizzlePg({ client: pool, schema });
    return {
      db: db as Db,
      driver: 'postgres',
      migrate: (andThen) =>
        underStartupLock(pool, async (client) => {
          await migratePg(drizzlePg({ client, schema }), { migrationsFolder: MIGRATIONS });
          return andThen?.();
        }),
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  let lock: DataDirLock | null = null;
  if (target.dataDir) {
    const dir = path.join(target.dataDir, 'pgdata');
    mkdirSync(dir, { recursive: true });
    // Before PGlite reads a byte: a second process would keep a copy of its own and write over
    // the holder's files.
    lock = lockDataDir(target.dataDir, target.holder ?? `process ${process.argv[1] ?? 'node'}`);
    try {
      client = await PGlite.create(dir);
    } catch (error) {
      lock.release();
      throw error;
    }
  } else {
    client = await PGlite.create(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {});
  }
  keepQueryParsersInTable(client);
  const db = drizzlePglite({ client, schema });
  return {
    db: db as Db,
    driver: 'pglite',
    // One process owns a PGlite directory (its lock): nothing to take turns with.
    migrate: async (andThen) => {
      await migratePglite(db, { migrationsFolder: MIGRATIONS });
      return andThen?.();
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}
