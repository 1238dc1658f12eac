/**
 * Seed a database with one of the demo sets and say how long each step took and what it holds:
 *   npx tsx scripts/seed.ts --size xl                    (PGlite in memory: a timing run)
 *   npx tsx scripts/seed.ts --size xl --data-dir DIR     (PGlite kept in DIR/pgdata)
 *   DATABASE_URL=postgres://… npx tsx scripts/seed.ts --size xl
 * The database must be empty (the seed never touches one with data). Ends with ANALYZE, as the
 * server does on PGlite, so the planner knows the tables' sizes (docs/performance.md#the-xl-set).
 */
import { cpuUsage } from 'node:process';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import * as z from 'zod';
import { openDatabase } from '#server/db/client';
import { SEED_SIZES, seedDemo } from '#server/db/seed';

const argv = process.argv.slice(2);
const option = (name: string) => {
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : undefined;
};
const sizeArg = option('--size') ?? 'demo';
const size = SEED_SIZES.find((s) => s === sizeArg);
if (!size) {
  console.error(`--size must be one of ${SEED_SIZES.join(', ')}`);
  process.exit(2);
}
const databaseUrl = process.env.DATABASE_URL ?? null;
const handle = await openDatabase({
  databaseUrl,
  dataDir: databaseUrl ? null : (option('--data-dir') ?? null),
  holder: 'scripts/seed.ts',
});
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
try {
  console.log(`${size} seed into ${handle.driver}; load ${load()}`);
  const cpu = cpuUsage();
  const started = performance.now();
  await handle.migrate();
  const result = await seedDemo(handle.db, {
    size,
    onStep: (step, ms) => console.log(`  ${step.padEnd(20)} ${seconds(ms)}`),
  });
  if (!result.seeded) throw new Error('the database is not empty: nothing seeded');
  const analyzeAt = performance.now();
  await handle.db.execute(sql`ANALYZE`);
  console.log(`  ${'ANALYZE'.padEnd(20)} ${seconds(performance.now() - analyzeAt)}`);
  const used = cpuUsage(cpu);
  console.log(
    `seeded in ${seconds(performance.now() - started)} (this process's CPU ${seconds((used.user + used.system) / 1000)}); load ${load()}`,
  );
  const counts = z.object({ rows: z.array(z.object({ t: z.string(), n: z.coerce.number() })) });
  const tables = [
    'socios',
    'comunidades',
    'solicitudes',
    'contratos',
    'pagos',
    'condonaciones',
    'acopios',
    'movimientos',
    'movimientos_banco',
    'registros_contables',
  ];
  const { rows } = counts.parse(
    await handle.db.execute(
      sql.raw(tables.map((t) => `SELECT '${t}' AS t, count(*) AS n FROM ${t}`).join(' UNION ALL ')),
    ),
  );
  for (const row of rows) console.log(`  ${row.t.padEnd(20)} ${row.n.toLocaleString('en')}`);
} finally {
  await handle.close();
}
