/**
 * `makeTestApp()`: the real app on a fresh, migrated and seeded database per test file (a copy
 * of the set-up's template, tests/helpers/db-template-setup.ts, when it is for today).
 * PGlite in memory by default; when DATABASE_URL is set, a throw-away database is created on
 * that server (and dropped in `close`) so the same suite runs on PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { todayIn } from '#domain/dates';
import { buildApp } from '#server/app';
import { loadConfig, type Config } from '#server/config';
import { openDatabase, type DatabaseHandle, type Db } from '#server/db/client';
import { users } from '#server/db/schema';
import { seedDemo, DEMO_PASSWORD, type SeedResult } from '#server/db/seed';
import { createTokenService, type TokenService } from '#server/auth/tokens';
import type { LoginLimiter } from '#server/auth/login-limiter';
import type { DbTemplate } from '#tests/helpers/db-template-setup';
import { createDatabase, dropDatabase } from '#tests/helpers/throw-away-postgres';

export { DEMO_PASSWORD };

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  tokens: TokenService;
  seed: SeedResult;
  /** A fresh access token of a seeded user, without going through the login route. */
  tokenFor(username: string): Promise<string>;
  /** inject() with the bearer token of `username`. */
  as(username: string, options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Extra environment for loadConfig (tile hosts, DIST_DIR…). */
  env?: Record<string, string>;
  limiter?: LoginLimiter;
  /** Skip the demo seed (migrations only). */
  empty?: boolean;
}

/** The set-up's seeded template, when it was seeded for the day this file runs on. */
function templateForToday(): DbTemplate | null {
  const template = inject('dbTemplate');
  return template && template.today === todayIn() ? template : null;
}

/** A throw-away database on DATABASE_URL's server (from the template when given). */
async function throwAwayPostgres(
  baseUrl: string,
  template: string | null,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `comonsit_test_${randomBytes(6).toString('hex')}`;
  const url = await createDatabase(baseUrl, name, template);
  return { url, drop: () => dropDatabase(baseUrl, name) };
}

/** The demo seed, or the template's copy of it (PGlite: loaded from its dump). */
async function openSeeded(
  external: { url: string } | null,
  template: DbTemplate | null,
): Promise<DatabaseHandle> {
  const loadDataDir =
    !external && template?.dumpFile ? new Blob([readFileSync(template.dumpFile)]) : undefined;
  return openDatabase({
    databaseUrl: external?.url ?? null,
    dataDir: null,
    ...(loadDataDir && { loadDataDir }),
  });
}

export async function makeTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'comonsit-test-'));
  const config = loadConfig({
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: dataDir,
    DIST_DIR: path.join(dataDir, 'no-dist'),
    ...options.env,
  });
  // Seeded files start from the set-up's template (tests/helpers/db-template-setup.ts).
  const template = options.empty ? null : templateForToday();
  const external = process.env.DATABASE_URL
    ? await throwAwayPostgres(process.env.DATABASE_URL, template?.templateDatabase ?? null)
    : null;
  let handle: DatabaseHandle;
  try {
    handle = await openSeeded(external, template);
    await handle.migrate();
  } catch (error) {
    await external?.drop();
    throw error;
  }
  const seed = options.empty
    ? { seeded: false, users: [], password: DEMO_PASSWORD, members: 0, communities: 0 }
    : (template?.seed ?? (await seedDemo(handle.db)));
  const app = await buildApp({
    config,
    db: handle.db,
    logger: false,
    ...(options.limiter && { limiter: options.limiter }),
  });
  const tokens = createTokenService(config.jwtSecret);
  const tokenFor = async (username: string) => {
    const [user] = await handle.db.select().from(users).where(eq(users.username, username));
    if (!user) throw new Error(`no test user ${username}`);
    return tokens.issue(user, 'access');
  };
  return {
    app,
    db: handle.db,
    config,
    tokens,
    seed,
    tokenFor,
    as: async (username, injectOptions) =>
      app.inject({
        ...injectOptions,
        headers: { ...injectOptions.headers, authorization: `Bearer ${await tokenFor(username)}` },
      }),
    close: async () => {
      await app.close();
      await handle.close();
      await external?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
