/**
 * Vitest global set-up of the server and sync projects: ONE migrated and seeded database that
 * every test file's `makeTestApp()` starts from (tests/helpers/server-app.ts), instead of
 * migrating and seeding its own — that was most of each server test file's time. PGlite: a dump
 * in a temporary file; PostgreSQL (DATABASE_URL): a template database that each file's
 * throw-away database is created from. The seed places its dates relative to today, so the
 * template says which day it was seeded; a file running on another day (a fake clock, or past
 * midnight) seeds its own.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { todayIn } from '#domain/dates';
import { openDatabase } from '#server/db/client';
import { seedDemo, type SeedResult } from '#server/db/seed';
import { createDatabase, dropDatabase } from '#tests/helpers/throw-away-postgres';

export interface DbTemplate {
  /** The day the seed was made for (todayIn() then). */
  today: string;
  seed: SeedResult;
  /** PGlite: the dump's file. */
  dumpFile: string | null;
  /** PostgreSQL: the template database's name. */
  templateDatabase: string | null;
}

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: DbTemplate | null;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const baseUrl = process.env.DATABASE_URL ?? null;
  const today = todayIn();
  const dir = mkdtempSync(path.join(tmpdir(), 'comonsit-db-template-'));
  let templateDatabase: string | null = null;
  let dumpFile: string | null = null;
  let seed: SeedResult;
  if (baseUrl) {
    templateDatabase = `comonsit_template_${randomBytes(6).toString('hex')}`;
    const url = await createDatabase(baseUrl, templateDatabase);
    const handle = await openDatabase({ databaseUrl: url, dataDir: null });
    try {
      await handle.migrate();
      seed = await seedDemo(handle.db);
    } finally {
      // A template may have no open connection when databases are created from it.
      await handle.close();
    }
  } else {
    const handle = await openDatabase({ databaseUrl: null, dataDir: null });
    try {
      await handle.migrate();
      seed = await seedDemo(handle.db);
      const dump = await handle.dumpDataDir!();
      dumpFile = path.join(dir, 'seeded.tar');
      writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await handle.close();
    }
  }
  project.provide('dbTemplate', { today, seed, dumpFile, templateDatabase });
  return async () => {
    if (baseUrl && templateDatabase) await dropDatabase(baseUrl, templateDatabase);
    rmSync(dir, { recursive: true, force: true });
  };
}
