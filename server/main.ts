/**
 * `npm start` (through scripts/start.mjs): load config, open and migrate the database, seed
 * the demo cooperative when empty, serve API + PWA, and shut down cleanly on SIGINT/SIGTERM.
 * `--size large` (or SEED_SIZE=large) seeds the ×10 data set used by the benchmarks, `--size xl`
 * ten times that (docs/performance.md#the-xl-set).
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '#server/app';
import { ConfigError, loadConfig } from '#server/config';
import { openDatabase } from '#server/db/client';
import { DataDirInUse } from '#server/db/data-dir-lock';
import { SEED_SIZES, seedDemo, type SeedSize } from '#server/db/seed';
import { purgeIdempotencyKeys } from '#server/sync/idempotency';
import { purgeSyncRemovals } from '#server/sync/removals';

function seedSize(argv: string[]): SeedSize {
  const at = argv.indexOf('--size');
  const value = at === -1 ? process.env.SEED_SIZE : argv[at + 1];
  return SEED_SIZES.find((size) => size === value) ?? 'demo';
}

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ ...config, holder: 'the server (npm start)' });
  // Under the start-up lock: instances starting together on one database take turns.
  const seeded = await database.migrate(async () => {
    // Stored answers of idempotent writes are kept 90 days (at least 30:
    // docs/sync-protocol.md#idempotency-keys).
    await purgeIdempotencyKeys(database.db);
    // The removal log is kept 180 days; an older cursor resets (server/README "Scope changes").
    await purgeSyncRemovals(database.db);
    const seed = await seedDemo(database.db, { size: seedSize(process.argv.slice(2)) });
    // PGlite runs no autovacuum, so its planner never had statistics: it guessed a few hundred
    // rows per table and joined whole tables where an index would do (a year of bank records
    // took 0.6 s for one page). PostgreSQL's autovacuum keeps its own up to date.
    if (database.driver === 'pglite') await database.db.execute(sql`ANALYZE`);
    return seed;
  });
  const app = await buildApp({
    config,
    db: database.db,
    logger: { level: process.env.LOG_LEVEL ?? 'warn' },
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal} received, closing…`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });

  if (seeded?.seeded) {
    console.log(
      `Demo cooperative created: ${seeded.communities} communities, ${seeded.members} members.`,
    );
    console.log(`Demo users (password "${seeded.password}"):`);
    for (const user of seeded.users) console.log(`  ${user.username.padEnd(12)} ${user.role}`);
  }
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const where =
    database.driver === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
  console.log(`Comon Sit listening on http://${shown}:${config.port} (${where})`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
  else if (error instanceof DataDirInUse) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
