/**
 * The importer against a REAL PostgreSQL source (tests/server-pg runs only with DATABASE_URL:
 * CI's throw-away cluster), with PostGIS geometry columns when the extension is installed
 * (Debian's postgresql-15-postgis-3; else the fixture's stand-ins), read through the same
 * read-only connection `npm run import:original` opens; and the command itself: its exit
 * statuses, its report and its --report file.
 */
import { pbkdf2Sync, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { importCommand } from '#server/cli/import-original';
import { comunidades, zonas } from '#server/db/schema';
import { importOriginal } from '#server/import/run';
import { openOriginal } from '#server/import/source';
import { BROKEN, TODAY, originalFixture } from '#tests/helpers/original-fixture';
import {
  advanceOriginalSequences,
  insertOriginalRows,
  originalSchemaSql,
} from '#tests/helpers/original-schema';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';

const serverUrl = process.env.DATABASE_URL!;

function djangoHash(password: string, salt: string): string {
  const key = pbkdf2Sync(password, salt, 20_000, 32, 'sha256').toString('base64');
  return `pbkdf2_sha256$20000$${salt}$${key}`;
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const databaseUrl = (name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

const suffix = randomBytes(5).toString('hex');
const sourceName = `original_${suffix}`;
const cliName = `comonsit_cli_${suffix}`;
const sourceUrl = databaseUrl(sourceName);
let source: pg.Client;
let postgis = false;
let t: TestApp;
const dataDir = mkdtempSync(path.join(tmpdir(), 'comonsit-import-'));

beforeAll(async () => {
  await admin(async (c) => {
    await c.query(`CREATE DATABASE ${sourceName}`);
    await c.query(`CREATE DATABASE ${cliName}`);
  });
  source = new pg.Client({ connectionString: sourceUrl });
  await source.connect();
  // PostGIS when the server has it (CI installs it); the fixture's stand-ins otherwise.
  const available = await source.query(
    `SELECT count(*)::int AS n FROM pg_available_extensions WHERE name = 'postgis'`,
  );
  postgis = available.rows[0].n > 0;
  if (postgis) await source.query('CREATE EXTENSION postgis');
  await source.query(originalSchemaSql({ postgis }));
  await insertOriginalRows(source, originalFixture(djangoHash));
  await advanceOriginalSequences(source);
  t = await makeTestApp({ empty: true });
});

afterAll(async () => {
  await source.end();
  await t.close();
  await admin(async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${sourceName} WITH (FORCE)`);
    await c.query(`DROP DATABASE IF EXISTS ${cliName} WITH (FORCE)`);
  });
  rmSync(dataDir, { recursive: true, force: true });
});

describe('import from a real PostgreSQL', () => {
  it('reads it read-only, converts PostGIS geometries and verifies every figure equal', async () => {
    const column = await source.query(
      `SELECT udt_name FROM information_schema.columns
       WHERE table_name = 'ermitas_inegilocalidad' AND column_name = 'ubicacion'`,
    );
    // A real geography column with PostGIS; the stand-in domain over text without it.
    expect(column.rows[0].udt_name).toBe(postgis ? 'geography' : 'text');
    const opened = await openOriginal(sourceUrl);
    try {
      const report = await importOriginal({
        source: opened.source,
        sourceLabel: 'postgres',
        db: t.db,
        targetLabel: 'test database',
        dryRun: false,
        today: TODAY,
      });
      expect(report.exitCode).toBe(0);
      expect(report.skipped).toEqual([]);
      // Without PostGIS the original has no ST_AsGeoJSON of its own: a note says so.
      expect(report.notes.some((n) => n.table === '(database)')).toBe(false);
      expect(report.verification.differences).toEqual([]);
      expect(report.verification.figures.every((f) => f.different === 0 && f.checked > 0)).toBe(
        true,
      );
      // The snapshot is read-only: the importer cannot write to the original by mistake.
      await expect(
        opened.source.query(`INSERT INTO tsumbalil_cargo (nombre_de_cargo) VALUES ('x')`),
      ).rejects.toThrow(/read-only/);
    } finally {
      await opened.close();
    }
    const [zone] = await t.db.select().from(zonas).where(eq(zonas.id, 1));
    expect(zone!.poly!.coordinates[0]![0]).toEqual([-92.5, 17]);
    expect(zone!.poly!.coordinates[0]).toHaveLength(5);
    const [community] = await t.db.select().from(comunidades).where(eq(comunidades.id, 100));
    expect([community!.lat, community!.lng]).toEqual([17.14, -92.27]);
  });
});

describe('npm run import:original', () => {
  const env = {
    DATABASE_URL: databaseUrl(cliName),
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
  };
  const run = async (argv: string[]) => {
    const lines: string[] = [];
    const code = await importCommand(argv, env, (line) => lines.push(line));
    return { code, output: lines.join('\n') };
  };

  it('refuses a call without a postgres:// source (exit 1)', async () => {
    const { code, output } = await run(['--from', 'mysql://somewhere/db']);
    expect(code).toBe(1);
    expect(output).toMatch(/--from must be a postgres:\/\/ connection string/);
  });

  it('dry run: exit 0, progress per table and the verification table, nothing kept', async () => {
    const { code, output } = await run(['--from', sourceUrl, '--dry-run', '--date', TODAY]);
    expect(code).toBe(0);
    expect(output).toMatch(/pagos_pago\s+→ pagos\s+6 read, 6 new/);
    expect(output).toMatch(/DRY RUN: nothing was kept/);
    expect(output).toMatch(/payment deuda_prev_total\s+6\s+6\s+0/);
    expect(output).toMatch(/Differences: none/);
    expect(output).not.toContain(serverUrl.split('@')[0]!.replace('postgres://', ''));
    const target = new pg.Client({ connectionString: databaseUrl(cliName) });
    await target.connect();
    const kept = await target.query('SELECT count(*)::int AS n FROM users');
    await target.end();
    expect(kept.rows[0].n).toBe(0);
  });

  it('imports (exit 0, --report file), then exits 2 when a row had to be skipped', async () => {
    const file = path.join(dataDir, 'report.json');
    const first = await run(['--from', sourceUrl, '--date', TODAY, '--report', file]);
    expect(first.code, first.output).toBe(0);
    const saved = JSON.parse(readFileSync(file, 'utf8')) as {
      exitCode: number;
      skipped: unknown[];
    };
    expect(saved).toMatchObject({ exitCode: 0, skipped: [] });

    await source.query('SET session_replication_role = replica');
    await insertOriginalRows(source, { pagos_pago: BROKEN.pagos_pago.slice(0, 1) });
    await source.query('SET session_replication_role = DEFAULT');
    const second = await run(['--from', sourceUrl, '--date', TODAY]);
    expect(second.code).toBe(2);
    expect(second.output).toMatch(
      /pagos_pago 207: refers to a row that is not imported — contract 999 does not exist/,
    );

    // Once this product has changed a row, a re-run refuses (exit 1) and writes nothing.
    const target = new pg.Client({ connectionString: databaseUrl(cliName) });
    await target.connect();
    await target.query(`UPDATE socios SET telefono = '9190000000' WHERE clave_socio = 2`);
    const third = await run(['--from', sourceUrl, '--date', TODAY]);
    const member = await target.query('SELECT telefono FROM socios WHERE clave_socio = 2');
    await target.end();
    expect(third.code).toBe(1);
    expect(third.output).toMatch(/Nothing imported: This product has written rows/);
    expect(member.rows[0].telefono).toBe('9190000000');
  });
});
