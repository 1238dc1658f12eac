/**
 * The server's translations for a release:
 *
 *   npm run i18n:approved-to-locale   writes the approved Tseltal texts into locales/tz.json
 *   tsx server/cli/translations.ts counts   prints the counts `npm run i18n:report` shows
 *
 * Both read the configured database (DATABASE_URL, else the PGlite data of DATA_DIR) without
 * migrating it: a database without the translations table has none to give.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { loadConfig } from '#server/config';
import { openDatabase, type Db } from '#server/db/client';
import { DataDirInUse } from '#server/db/data-dir-lock';
import { translations } from '#server/db/schema';

const TZ_FILE = fileURLToPath(new URL('../../locales/tz.json', import.meta.url));

type Dictionary = { [key: string]: string | Dictionary };

/** The approved Tseltal texts by key (empty when the database has no translations table). */
export async function approvedTexts(db: Db): Promise<Map<string, string>> {
  const rows = await db
    .select({ key: translations.key, text: translations.approved_text })
    .from(translations)
    .where(and(eq(translations.lang, 'tz'), isNotNull(translations.approved_text)));
  return new Map(rows.flatMap((r) => (r.text === null ? [] : [[r.key, r.text]])));
}

export interface TranslationCounts {
  approved: number;
  drafts: number;
}

export async function translationCounts(db: Db): Promise<TranslationCounts> {
  const [row] = await db
    .select({
      approved: sql<number>`count(${translations.approved_text})::int`,
      drafts: sql<number>`count(${translations.draft_text})::int`,
    })
    .from(translations)
    .where(eq(translations.lang, 'tz'));
  return { approved: row?.approved ?? 0, drafts: row?.drafts ?? 0 };
}

/**
 * `dictionary` with the approved texts in place of its values (pending "~…" or older ones),
 * keys and their order untouched; a key the file lacks is left out (the catalogue decides).
 * Answers how many values changed.
 */
export function withApprovedTexts(
  dictionary: Dictionary,
  approved: ReadonlyMap<string, string>,
): number {
  let changed = 0;
  const walk = (node: Dictionary, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      const path = `${prefix}${key}`;
      if (typeof value !== 'string') {
        walk(value, `${path}.`);
        continue;
      }
      const text = approved.get(path);
      if (text !== undefined && text !== value) {
        node[key] = text;
        changed += 1;
      }
    }
  };
  walk(dictionary, '');
  return changed;
}

/** Write the approved texts into a locale file (2-space JSON as Prettier keeps it). */
export async function writeApprovedToLocale(db: Db, file: string = TZ_FILE): Promise<number> {
  const dictionary = JSON.parse(readFileSync(file, 'utf8')) as Dictionary;
  const changed = withApprovedTexts(dictionary, await approvedTexts(db));
  if (changed > 0) writeFileSync(file, `${JSON.stringify(dictionary, null, 2)}\n`);
  return changed;
}

const isMain =
  process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (isMain) {
  const database = await openDatabase({
    ...loadConfig(),
    holder: 'the translations command',
  }).catch((error: unknown) => {
    if (!(error instanceof DataDirInUse)) throw error;
    console.error(error.message);
    process.exitCode = 1;
    return null;
  });
  if (database) {
    try {
      if (process.argv[2] === 'counts') {
        const counts = await translationCounts(database.db);
        console.log(JSON.stringify(counts));
      } else {
        const changed = await writeApprovedToLocale(database.db);
        console.log(`locales/tz.json: ${changed} approved Tseltal texts written.`);
      }
    } catch (error) {
      // One line: the report shows it (a database not migrated yet has no translations table).
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      console.error(cause instanceof Error ? cause.message : String(cause));
      process.exitCode = 1;
    } finally {
      await database.close();
    }
  }
}
