/**
 * Server endpoint latencies on the large demo set (budgets:
 * docs/performance.md#budgets-and-current-figures): `GET /contratos.json` (every pending contract
 * with its debt today) and `GET /contratos/carteras-per-region/`, each ≤ 300 ms with ≥ 5,000
 * contracts and ≥ 20,000 payments; beside them, for information, the other calls that read a whole
 * large table (no issue budgets them). The real app on a fresh in-memory PGlite (or DATABASE_URL),
 * requests through `inject` as the manager; one warm-up, then the median of several runs, in wall
 * time and in this process's CPU time (PGlite runs in this process, so the CPU time is the whole
 * server's work; on PostgreSQL it is not). Prints the figures beside their budgets; nothing is
 * asserted.
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
import { cpuMsSince, emitFigures, printTable, type Figure } from './bench/report.ts';

const BUDGET_MS = 300;
const runsAt = process.argv.indexOf('--runs');
const RUNS = runsAt >= 0 ? Number(process.argv[runsAt + 1]) : 7;

/** [url, budgeted (the first page of payments)] */
const ENDPOINTS: [string, boolean][] = [
  ['/api/contratos.json', true],
  ['/api/contratos/carteras-per-region/', true],
  ['/api/contratos/carteras/?detail=true', false],
  ['/api/contratos.json?all=true', false],
  ['/api/pagos.json', false],
  ['/api/pagos.json?limit=200', true],
  ['/api/socios.json', false],
  ['/api/acopios/year_sum/?CF=true&MI=true&JA=true&SL=true', false],
  ['/api/sync/pull/?limit=2000', false],
  // The office reports over their default 24 months; /reportes opens on the
  // first, so its time is part of that screen's.
  ['/api/reportes/cartera-riesgo/', false],
  ['/api/reportes/colocacion/', false],
  ['/api/reportes/acopios/', false],
  ['/api/reportes/ahorro/', false],
  ['/api/reportes/embudo/', false],
  ['/api/reportes/cobertura/', false],
];

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
  const get = (url: string) =>
    app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const time = async (url: string) => {
    const res = await get(url);
    if (res.statusCode !== 200)
      throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    const ms: number[] = [];
    const cpu: number[] = [];
    let size = 0;
    for (let i = 0; i < RUNS; i += 1) {
      const cpuStart = process.cpuUsage();
      const start = performance.now();
      const r = await get(url);
      ms.push(performance.now() - start);
      cpu.push(cpuMsSince(cpuStart));
      size = r.rawPayload.length;
    }
    const body = res.json<unknown>();
    const list = Array.isArray(body)
      ? body
      : typeof body === 'object' && body !== null && 'results' in body
        ? body.results
        : null;
    const rows = Array.isArray(list) ? list.length : null;
    return { median: median(ms), max: Math.max(...ms), cpu: median(cpu), rows, size };
  };

  const figures: Figure[] = [];
  const context = `large seed: ${c?.n ?? 0} contracts, ${p?.n ?? 0} payments, as gerente; seeded in ${(seedMs / 1000).toFixed(1)} s; ${handle.driver}; median of ${RUNS} after a warm-up`;
  for (const [url, budgeted] of ENDPOINTS) {
    const f = await time(url);
    const what = [f.rows === null ? null : `${f.rows} rows`, `${(f.size / 1024).toFixed(0)} KB`]
      .filter(Boolean)
      .join(', ');
    figures.push({
      id: `server.${url}`,
      metric: `GET ${url.replace(/^\/api/, '')} (${what}; max ${Math.round(f.max)} ms)`,
      value: f.median,
      unit: 'ms',
      budget: budgeted ? `≤ ${BUDGET_MS} ms` : null,
      ok: budgeted ? f.median <= BUDGET_MS : null,
      cpu: f.cpu,
      cpuOk: budgeted ? f.cpu <= BUDGET_MS : null,
    });
  }
  printTable(`Server endpoints (${context})`, figures);
  emitFigures({ group: 'Server endpoints', figures, notes: [context] });
  await app.close();
} finally {
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
}
