/**
 * Server endpoint latencies on the large demo set (issue 6 budgets): `GET /contratos.json`
 * (every pending contract with its debt today) and `GET /contratos/carteras-per-region/`, each
 * ≤ 300 ms with ≥ 5,000 contracts and ≥ 20,000 payments. The real app on a fresh in-memory
 * PGlite (or DATABASE_URL), requests through `inject` as the manager; one warm-up, then the
 * median of several runs. Prints the figures beside their budgets; nothing is asserted.
 *
 *   npx tsx scripts/bench-server.ts [--runs N]
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { buildApp } from '#server/app';
import { createTokenService } from '#server/auth/tokens';
import { loadConfig } from '#server/config';
import { openDatabase } from '#server/db/client';
import { contratos, pagos, users } from '#server/db/schema';
import { seedDemo } from '#server/db/seed';

const BUDGET_MS = 300;
const runsAt = process.argv.indexOf('--runs');
const RUNS = runsAt >= 0 ? Number(process.argv[runsAt + 1]) : 7;

const dataDir = mkdtempSync(path.join(tmpdir(), 'comonsit-bench-server-'));
const config = loadConfig({
  JWT_SECRET: randomBytes(32).toString('hex'),
  DATA_DIR: dataDir,
  DIST_DIR: path.join(dataDir, 'no-dist'),
});
const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL ?? null, dataDir: null });
try {
  await handle.migrate();
  const seedStart = performance.now();
  await seedDemo(handle.db, { size: 'large' });
  const seedMs = performance.now() - seedStart;
  const [c] = await handle.db.select({ n: count() }).from(contratos);
  const [p] = await handle.db.select({ n: count() }).from(pagos);
  const [manager] = await handle.db.select().from(users).where(eq(users.username, 'gerente'));
  if (!manager) throw new Error('no manager in the large seed');
  const app = await buildApp({ config, db: handle.db, logger: false });
  const token = await createTokenService(config.jwtSecret).issue(manager, 'access');

  const time = async (url: string) => {
    const res = await app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.statusCode !== 200)
      throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    const ms: number[] = [];
    let size = 0;
    for (let i = 0; i < RUNS; i += 1) {
      const start = performance.now();
      const r = await app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${token}` },
      });
      ms.push(performance.now() - start);
      size = r.rawPayload.length;
    }
    ms.sort((a, b) => a - b);
    return {
      median: ms[Math.floor(ms.length / 2)]!,
      max: ms.at(-1)!,
      rows: res.json<unknown[]>().length,
      size,
    };
  };

  console.log(
    `\nServer endpoints (large seed: ${c?.n ?? 0} contracts, ${p?.n ?? 0} payments; seeded in ${(seedMs / 1000).toFixed(1)} s; ${handle.driver})`,
  );
  for (const url of ['/api/contratos.json', '/api/contratos/carteras-per-region/']) {
    const f = await time(url);
    const verdict = f.median <= BUDGET_MS ? 'OK' : 'OVER';
    console.log(
      `  ${url.padEnd(40)} median ${f.median.toFixed(0).padStart(4)} ms (max ${f.max.toFixed(0)} ms, ${f.rows} rows, ${(f.size / 1024).toFixed(0)} KB) — budget ${BUDGET_MS} ms: ${verdict}`,
    );
  }
  await app.close();
} finally {
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
}
