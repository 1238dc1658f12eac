/**
 * Moving in from the original system (README "Moving from the original system"):
 *
 *   npm run import:original -- --from postgres://USER:PASS@HOST:5432/DB [--dry-run] [--force]
 *                              [--date YYYY-MM-DD] [--report FILE.json] [--work-list FILE.csv]
 *                              [--translations DIR]
 *
 * `--translations DIR` (alone or with --from) reads the original frontend's es.json and tz.json
 * from DIR and proposes their Tseltal texts as drafts at /traducciones (docs/import.md).
 * `--work-list` writes the records imported incomplete or for review as a CSV for the office.
 *
 * Reads the original's PostgreSQL (read-only) and writes into this product's database as the
 * server would open it (DATA_DIR's PGlite, or DATABASE_URL). Prints a progress line per table
 * and the report. Exit status: 0 clean, 2 when rows were skipped (listed in the report), 1 on
 * failure (nothing written).
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { isIsoDate, todayIn } from '#domain/dates';
import { loadConfig } from '#server/config';
import { openDatabase } from '#server/db/client';
import { DataDirInUse } from '#server/db/data-dir-lock';
import {
  formatOriginalTexts,
  importOriginalTexts,
  OriginalTextsError,
} from '#server/import/original-texts';
import { formatReport, type ImportReport } from '#server/import/report';
import { importOriginal } from '#server/import/run';
import { describeSource, openOriginal } from '#server/import/source';
import { TargetRefused } from '#server/import/target';

const USAGE =
  'Usage: npm run import:original -- --from postgres://USER:PASS@HOST:5432/DB [--dry-run] ' +
  '[--force] [--date YYYY-MM-DD] [--report FILE.json] [--work-list FILE.csv] ' +
  '[--translations DIR]';

class UsageError extends Error {}

function options(argv: string[]) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        from: { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
        force: { type: 'boolean', default: false },
        date: { type: 'string' },
        report: { type: 'string' },
        'work-list': { type: 'string' },
        translations: { type: 'string' },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values } = parsed;
  if (values.from === undefined && values.translations === undefined)
    throw new UsageError('Give --from (the original database), --translations DIR, or both.');
  if (values.from !== undefined && !/^postgres(ql)?:\/\//.test(values.from))
    throw new UsageError('--from must be a postgres:// connection string.');
  if (values.date !== undefined && !isIsoDate(values.date))
    throw new UsageError('--date must be YYYY-MM-DD.');
  return {
    from: values.from,
    dryRun: values['dry-run'],
    force: values.force,
    date: values.date,
    reportFile: values.report,
    workList: values['work-list'],
    translations: values.translations,
  };
}

/** Entry point, exported for tests: the exit status (0 clean, 2 skipped rows, 1 failure). */
export async function importCommand(
  argv: string[],
  env: Record<string, string | undefined> = process.env,
  out: (line: string) => void = console.log,
): Promise<number> {
  let opts;
  try {
    opts = options(argv);
  } catch (error) {
    if (error instanceof UsageError) {
      out(`${error.message}\n${USAGE}`);
      return 1;
    }
    throw error;
  }
  // The original's texts are looked for first: a wrong folder changes nothing at all.
  const missing = (opts.translations === undefined ? [] : ['es.json', 'tz.json'])
    .map((name) => join(opts.translations ?? '', name))
    .filter((path) => !existsSync(path));
  if (missing.length > 0) {
    out(`Tseltal texts not imported: ${missing.join(', ')} not found.`);
    return 1;
  }
  const config = loadConfig(env);
  let code = 0;
  if (opts.from !== undefined) code = await importDatabase(opts, opts.from, config, out);
  if (code !== 1 && opts.translations !== undefined) {
    let database;
    try {
      database = await openDatabase({ ...config, holder: 'npm run import:original' });
    } catch (error) {
      if (!(error instanceof DataDirInUse)) throw error;
      out(`Tseltal texts not imported: ${error.message}`);
      return 1;
    }
    try {
      await database.migrate();
      const texts = await importOriginalTexts(database.db, opts.translations, {
        dryRun: opts.dryRun,
      });
      out('');
      out(formatOriginalTexts(texts));
    } catch (error) {
      if (!(error instanceof OriginalTextsError)) throw error;
      out(`Tseltal texts not imported: ${error.message}`);
      return 1;
    } finally {
      await database.close();
    }
  }
  return code;
}

/** The records imported incomplete or for review, one per line (the office's work list). */
function workListCsv(report: ImportReport): string {
  const cell = (value: string | number) => `"${String(value).replace(/"/g, '""')}"`;
  const lines = report.incomplete.map((r) =>
    [r.table, r.id, r.label, r.lacks.join('; ')].map(cell).join(','),
  );
  return `${['table', 'id', 'record', 'lacks'].join(',')}\n${lines.map((l) => `${l}\n`).join('')}`;
}

async function importDatabase(
  opts: ReturnType<typeof options>,
  from: string,
  config: ReturnType<typeof loadConfig>,
  out: (line: string) => void,
): Promise<number> {
  const original = await openOriginal(from);
  try {
    const database = await openDatabase({ ...config, holder: 'npm run import:original' });
    try {
      await database.migrate();
      const report = await importOriginal({
        source: original.source,
        sourceLabel: describeSource(from),
        db: database.db,
        targetLabel:
          database.driver === 'pglite'
            ? `PGlite in ${config.dataDir}`
            : `PostgreSQL ${describeSource(config.databaseUrl ?? '')}`,
        dryRun: opts.dryRun,
        force: opts.force,
        today: opts.date ?? todayIn(config.timezone),
        progress: out,
      });
      out('');
      out(formatReport(report));
      if (opts.reportFile) writeFileSync(opts.reportFile, `${JSON.stringify(report, null, 2)}\n`);
      if (opts.workList) writeFileSync(opts.workList, workListCsv(report));
      return report.exitCode;
    } finally {
      await database.close();
    }
  } catch (error) {
    if (error instanceof TargetRefused || error instanceof DataDirInUse) {
      out(`Nothing imported: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await original.close();
  }
}

const isMain =
  process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (isMain) {
  importCommand(process.argv.slice(2))
    .then((code) => {
      process.exitCode = code;
    })
    .catch((error: unknown) => {
      // The message says what went wrong (no connection, a missing table…); DEBUG=1 adds where.
      const detail = error instanceof Error ? error.message : String(error);
      console.error(`Import failed, nothing was written: ${detail}`);
      if (process.env.DEBUG && error instanceof Error) console.error(error.stack);
      process.exitCode = 1;
    });
}
