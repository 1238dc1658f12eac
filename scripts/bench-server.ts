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
 *   npx tsx scripts/bench-server.ts [--runs N] [--size xl] [--data-dir DIR]
 *
 * `--data-dir DIR` keeps the PGlite database in DIR (seeded on the first run, reused after; an xl
 * seed takes minutes: `npx tsx scripts/seed.ts --size xl --data-dir DIR` makes the same one). With
 * DATABASE_URL, a database that already holds contracts is reused the same way.
 *
 * `--size xl` (docs/performance.md#the-xl-set: ten times the large set, seeding takes minutes) holds
 * the same calls to the xl budgets: the contracts list and the portfolio ≤ 1.5 s, each report
 * ≤ 2 s. `npm run bench -- --xl` runs it on PGlite, and on PostgreSQL through
 * scripts/with-temp-postgres.sh.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { buildApp } from '#server/app';
import { createTokenService } from '#server/auth/tokens';
import { loadConfig } from '#server/config';
import { openDatabase } from '#server/db/client';
import { contratos, pagos, users } from '#server/db/schema';
import { seedDemo } from '#server/db/seed';
import { cpuMsSince, emitFigures, printTable, type Figure } from './bench/report.ts';

const argv = process.argv.slice(2);
const progress = (text: string) => process.stderr.write(`  · ${text}\n`);
const runsAt = argv.indexOf('--runs');
const RUNS = runsAt >= 0 ? Number(argv[runsAt + 1]) : 7;
const sizeAt = argv.indexOf('--size');
const SIZE = sizeAt >= 0 && argv[sizeAt + 1] === 'xl' ? 'xl' : 'large';
const dataDirAt = argv.indexOf('--data-dir');
const KEPT_DIR = dataDirAt >= 0 ? (argv[dataDirAt + 1] ?? null) : null;

/** What a call is held to: the large set's 300 ms, or the xl set's lists and reports. */
type Budget = 'large' | 'list' | 'report' | null;
const BUDGET_MS: Record<Exclude<Budget, null>, number> = { large: 300, list: 1500, report: 2000 };

/** [url, budget on the large set, budget on the xl set] */
const ENDPOINTS: [string, Budget, Budget][] = [
  // The whole list on xl is tens of MB that no screen asks for (the office screens read the
  // phone's copy): a page of it, sorted and cut in SQL, is what the xl budget holds.
  ['/api/contratos.json', 'large', null],
  ['/api/contratos.json?limit=200', null, 'list'],
  ['/api/contratos.json?limit=200&ordering=nombres&offset=30000', null, 'list'],
  ['/api/contratos/carteras-per-region/', 'large', 'list'],
  ['/api/contratos/carteras/?detail=true', null, 'list'],
  ['/api/contratos.json?all=true', null, null],
  ['/api/pagos.json', null, null],
  ['/api/pagos.json?limit=200', 'large', 'list'],
  ['/api/socios.json', null, null],
  ['/api/acopios/year_sum/?CF=true&MI=true&JA=true&SL=true', null, 'report'],
  ['/api/sync/pull/?limit=2000', null, null],
  // The office reports over their default 24 months; /reportes opens on the
  // first, so its time is part of that screen's.
  ['/api/reportes/cartera-riesgo/', null, 'report'],
  ['/api/reportes/colocacion/', null, 'report'],
  ['/api/reportes/acopios/', null, 'report'],
  ['/api/reportes/ahorro/', null, 'report'],
  ['/api/reportes/embudo/', null, 'report'],
  ['/api/reportes/cobertura/', null, 'report'],
];

const dataDir = mkdtempSync(path.join(tmpdir(), 'comonsit-bench-server-'));
const config = loadConfig({
  JWT_SECRET: randomBytes(32).toString('hex'),
  DATA_DIR: dataDir,
  DIST_DIR: path.join(dataDir, 'no-dist'),
});
const handle = await openDatabase({
  databaseUrl: process.env.DATABASE_URL ?? null,
  dataDir: process.env.DATABASE_URL ? null : KEPT_DIR,
  holder: 'scripts/bench-server.ts',
});
try {
  await handle.migrate();
  const seedStart = performance.now();
  const [before] = await handle.db.select({ n: count() }).from(contratos);
  const reused = (before?.n ?? 0) > 0;
  if (!reused) await seedDemo(handle.db, { size: SIZE });
  // As the server does after seeding (server/main.ts): the planner needs the tables' sizes.
  await handle.db.execute(sql`ANALYZE`);
  const seedMs = performance.now() - seedStart;
  const [c] = await handle.db.select({ n: count() }).from(contratos);
  const [p] = await handle.db.select({ n: count() }).from(pagos);
  const [manager] = await handle.db.select().from(users).where(eq(users.username, 'gerente'));
  if (!manager) throw new Error(`no manager in the ${SIZE} seed`);
  const app = await buildApp({ config, db: handle.db, logger: false });
  const tokens = createTokenService(config.jwtSecret);
  // A fresh access token per request: on the xl set a run outlives one token.
  const get = async (url: string) => {
    const token = await tokens.issue(manager, 'access');
    return app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  };

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
  const context = `${SIZE} seed: ${c?.n ?? 0} contracts, ${p?.n ?? 0} payments, as gerente; ${reused ? 'a kept database, analyzed' : 'seeded'} in ${(seedMs / 1000).toFixed(1)} s; ${handle.driver}; median of ${RUNS} after a warm-up`;
  for (const [url, onLarge, onXl] of ENDPOINTS) {
    // On xl, the whole-table answers no screen asks for (tens of MB each) would take the run's
    // minutes: only the budgeted calls are measured.
    if (SIZE === 'xl' && onXl === null) continue;
    const budget = SIZE === 'xl' ? onXl : onLarge;
    const limit = budget === null ? null : BUDGET_MS[budget];
    const f = await time(url);
    const what = [f.rows === null ? null : `${f.rows} rows`, `${(f.size / 1024).toFixed(0)} KB`]
      .filter(Boolean)
      .join(', ');
    progress(`${url}: median ${Math.round(f.median)} ms, CPU ${Math.round(f.cpu)} ms`);
    figures.push({
      id: `server.${url}`,
      metric: `GET ${url.replace(/^\/api/, '')} (${what}; max ${Math.round(f.max)} ms)`,
      value: f.median,
      unit: 'ms',
      budget: limit === null ? null : `≤ ${limit} ms`,
      ok: limit === null ? null : f.median <= limit,
      cpu: f.cpu,
      cpuOk: limit === null ? null : f.cpu <= limit,
    });
  }
  const group = `Server endpoints${SIZE === 'xl' ? `, xl set (${handle.driver})` : ''}`;
  printTable(`${group} (${context})`, figures);
  emitFigures({ group, figures, notes: [context] });
  await app.close();
} finally {
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
}
