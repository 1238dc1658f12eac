/**
 * Several API instances starting together on one PostgreSQL: migrations, and the
 * demo seed that follows them at start, run under one advisory lock, so N instances on a fresh
 * or an outdated database all start, and the database ends as one instance would leave it.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '#server/db/client';
import { socios } from '#server/db/schema';
import { seedDemo } from '#server/db/seed';

const base = process.env.DATABASE_URL!;
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function freshDatabase(): Promise<string> {
  const name = `comonsit_start_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  });
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function instances(url: string, n: number): Promise<DatabaseHandle[]> {
  const handles = await Promise.all(
    Array.from({ length: n }, () => openDatabase({ databaseUrl: url, dataDir: null })),
  );
  cleanups.push(async () => {
    await Promise.all(handles.map((h) => h.close()));
  });
  return handles;
}

/** The server's migrations folder cut to its first `keep` migrations (an older release). */
function olderMigrations(keep: number): string {
  const source = fileURLToPath(new URL('../../server/db/migrations', import.meta.url));
  const dir = mkdtempSync(path.join(tmpdir(), 'comonsit-migrations-'));
  cpSync(source, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: unknown[] };
  journal.entries = journal.entries.slice(0, keep);
  writeFileSync(journalPath, JSON.stringify(journal));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe('N instances starting together', () => {
  it('on a fresh database: every one migrates without error', async () => {
    const url = await freshDatabase();
    const handles = await instances(url, 4);
    await Promise.all(handles.map((h) => h.migrate()));
    const [row] = await handles[0]!.db.select({ n: count() }).from(socios);
    expect(row!.n).toBe(0);
  });

  it('on an outdated database: every one applies the missing migrations without error', async () => {
    const url = await freshDatabase();
    const pool = new pg.Pool({ connectionString: url });
    await migrate(drizzle({ client: pool }), { migrationsFolder: olderMigrations(3) });
    await pool.end();
    const handles = await instances(url, 4);
    await Promise.all(handles.map((h) => h.migrate()));
    await handles[0]!.db.select({ n: count() }).from(socios);
  });

  it('migrate then seed, as main.ts starts: the demo is seeded once', async () => {
    const url = await freshDatabase();
    const handles = await instances(url, 3);
    const seeded = await Promise.all(
      handles.map(async (h) => {
        let result = false;
        await h.migrate(async () => {
          result = (await seedDemo(h.db)).seeded;
        });
        return result;
      }),
    );
    expect(seeded.filter(Boolean)).toHaveLength(1);
    // Seeding twice would have failed on unique usernames; the demo's members are there.
    const [members] = await handles[0]!.db.select({ n: count() }).from(socios);
    expect(members!.n).toBeGreaterThan(0);
  });
});
