/**
 * How long `npm run import:original` takes on a database the size of the large demo set
 * (≤ 60 s to import and verify ~5,000 contracts, ~24,000 payments, 6,000 members).
 * Builds that database in the original's schema on the PostgreSQL of DATABASE_URL (PostGIS when
 * installed) from the large demo cooperative, then runs the command into a fresh PGlite in a
 * temporary DATA_DIR (as `npm start` keeps it), again over it (a re-run: nothing changes), and
 * into a fresh PostgreSQL database. Prints the times and each run's result; asserts nothing.
 *
 *   bash scripts/with-temp-postgres.sh npx tsx scripts/bench-import.ts [--rows FILE.json]
 *
 * `--rows` keeps the generated original rows in a file and reuses them on later runs.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { importCommand } from '#server/cli/import-original';
import { openDatabase } from '#server/db/client';
import { seedDemo } from '#server/db/seed';
import { originalSchemaSql, type OriginalRows } from '#tests/helpers/original-schema';
import { productToOriginalRows, writeOriginal } from './bench/original-export.ts';

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.error(
    'Needs DATABASE_URL: bash scripts/with-temp-postgres.sh npx tsx scripts/bench-import.ts',
  );
  process.exit(1);
}

const urlOf = (name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

async function createDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
}

const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(1);

/** The large demo cooperative as original rows (kept in `--rows FILE` to skip the seeding). */
async function originalRows(): Promise<OriginalRows> {
  const at = process.argv.indexOf('--rows');
  const file = at >= 0 ? process.argv[at + 1] : undefined;
  if (file && existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as OriginalRows;
  const clock = performance.now();
  const product = await openDatabase({ databaseUrl: null, dataDir: null });
  await product.migrate();
  await seedDemo(product.db, { size: 'large' });
  const rows = await productToOriginalRows(product.db);
  await product.close();
  console.log(`large demo cooperative seeded and read in ${seconds(clock)} s`);
  if (file) writeFileSync(file, JSON.stringify(rows));
  return rows;
}

async function buildOriginal(name: string): Promise<{ url: string; postgis: boolean }> {
  const rows = await originalRows();
  const clock = performance.now();
  await createDatabase(name);
  const url = urlOf(name);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const available = await client.query(
    `SELECT count(*)::int AS n FROM pg_available_extensions WHERE name = 'postgis'`,
  );
  const postgis = available.rows[0].n > 0;
  if (postgis) await client.query('CREATE EXTENSION postgis');
  await client.query(originalSchemaSql({ postgis }));
  await writeOriginal(client, rows);
  const counts = await client.query(
    `SELECT (SELECT count(*) FROM contratos_contratocredito)::int AS contracts,
            (SELECT count(*) FROM pagos_pago)::int AS payments,
            (SELECT count(*) FROM socios_socio)::int AS members,
            (SELECT count(*) FROM acopios_acopio)::int AS collections,
            (SELECT count(*) FROM movimientos_movimiento)::int AS movements,
            (SELECT count(*) FROM bancos_registrocontable)::int AS records`,
  );
  await client.end();
  console.log(
    `original database written in ${seconds(clock)} s (PostGIS: ${postgis ? 'yes' : 'no'}):`,
    counts.rows[0],
  );
  return { url, postgis };
}

async function timedImport(label: string, from: string, env: Record<string, string>) {
  const lines: string[] = [];
  const clock = performance.now();
  const cpu = process.cpuUsage();
  const code = await importCommand(['--from', from], env, (text) =>
    lines.push(...text.split('\n')),
  );
  const wall = seconds(clock);
  const used = process.cpuUsage(cpu);
  const result = lines.find((l) => l.startsWith('Result:')) ?? '(no result line)';
  console.log(
    `\n${label}: ${wall} s wall, ${((used.user + used.system) / 1e6).toFixed(1)} s CPU in this ` +
      `process (exit ${code})\n  ${result}`,
  );
  return lines;
}

const suffix = randomBytes(4).toString('hex');
const { url } = await buildOriginal(`original_large_${suffix}`);
const dataDir = mkdtempSync(path.join(tmpdir(), 'comonsit-bench-import-'));
const jwt = randomBytes(32).toString('hex');
try {
  const first = await timedImport('import into a fresh PGlite (DATA_DIR on disk)', url, {
    DATA_DIR: dataDir,
    JWT_SECRET: jwt,
  });
  const from = first.findIndex((l) => l.startsWith('Verification'));
  console.log(first.slice(from, from + 15).join('\n'));
  await timedImport('the same again (re-run: every row unchanged)', url, {
    DATA_DIR: dataDir,
    JWT_SECRET: jwt,
  });
  const target = `comonsit_large_${suffix}`;
  await createDatabase(target);
  await timedImport('import into a fresh PostgreSQL database', url, {
    DATA_DIR: dataDir,
    JWT_SECRET: jwt,
    DATABASE_URL: urlOf(target),
  });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
