/**
 * The real API for the benchmark: `buildApp` over a fresh in-memory PGlite, migrated and seeded
 * with the demo set (or the large one), listening on 127.0.0.1 on a free port. A bench-only
 * write route is added (see `bench-notes-route.ts`) before it listens.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/app';
import { loadConfig } from '#server/config';
import { openDatabase, type Db } from '#server/db/client';
import { seedDemo, DEMO_PASSWORD, type SeedSize } from '#server/db/seed';
import { addBenchNotesRoute, type BenchNotes } from './bench-notes-route.ts';

export { DEMO_PASSWORD };

export interface BenchServer {
  url: string;
  app: FastifyInstance;
  db: Db;
  notes: BenchNotes;
  /** Time to migrate and seed, for the report's context line. */
  seedMs: number;
  members: number;
  close(): Promise<void>;
}

export async function startBenchServer(size: SeedSize): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'comonsit-bench-'));
  const handle = await openDatabase({ databaseUrl: null, dataDir: null });
  try {
    const started = performance.now();
    await handle.migrate();
    const seed = await seedDemo(handle.db, { size });
    // As the server does after seeding on PGlite (server/main.ts): the planner needs the sizes.
    await handle.db.execute(sql`ANALYZE`);
    const seedMs = performance.now() - started;
    const config = loadConfig({
      JWT_SECRET: randomBytes(32).toString('hex'),
      DATA_DIR: dataDir,
      DIST_DIR: path.join(dataDir, 'no-dist'),
    });
    const app = await buildApp({ config, db: handle.db, logger: false });
    const notes = await addBenchNotesRoute(app, handle.db);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    return {
      url: `http://127.0.0.1:${port}`,
      app,
      db: handle.db,
      notes,
      seedMs,
      members: seed.members,
      close: async () => {
        await app.close();
        await handle.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
