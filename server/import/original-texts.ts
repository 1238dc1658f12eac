/**
 * The original frontend's own Tseltal texts (its `es.json` and `tz.json`: flat key → text) as
 * drafts of this product's translations (docs/import.md). A Tseltal text is taken for every
 * string of this product whose Spanish matches the original's Spanish of the same key there,
 * compared without case, accents, spaces or a trailing colon. It arrives as a draft marked as
 * coming from the original, waiting for a reviewer's approval like any draft; nothing approved
 * and no existing draft is touched. Not taken: a Tseltal text the original used for three or
 * more different Spanish texts (a placeholder such as "pendiente"), one equal to its Spanish
 * (never translated), and one whose placeholders do not fit the product's string.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import * as z from 'zod';
import { translationProblems } from '#domain/translations';
import type { Db } from '#server/db/client';
import { translations } from '#server/db/schema';
import { translationCatalogue } from '#server/services/translations';

/** The note a draft from the original carries (the translation screen shows it). */
export const ORIGINAL_NOTE_PREFIX = 'Del sistema original';

/** A Tseltal text for this many different Spanish texts is a placeholder, not a translation. */
const PLACEHOLDER_USES = 3;

export class OriginalTextsError extends Error {}

const flatFile = z.record(z.string(), z.unknown());

/** A flat `key → text` file; nested objects are flattened with dots, non-texts ignored. */
export function readFlatTexts(path: string): Map<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new OriginalTextsError(
      `${path}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const result = flatFile.safeParse(parsed);
  if (!result.success) throw new OriginalTextsError(`${path}: not a JSON object of texts`);
  const out = new Map<string, string>();
  const walk = (object: Record<string, unknown>, prefix: string) => {
    for (const [key, value] of Object.entries(object)) {
      if (typeof value === 'string') out.set(`${prefix}${key}`, value);
      else {
        const nested = flatFile.safeParse(value);
        if (nested.success) walk(nested.data, `${prefix}${key}.`);
      }
    }
  };
  walk(result.data, '');
  return out;
}

/** `{name}` and `{{ name }}` alike, as the comparison and the product's strings write them. */
const PLACEHOLDER = /\{\{?\s*([\w.]+)\s*\}?\}/g;

/** The comparison form: no case, accents, spaces or trailing colon; placeholders unified. */
export function comparable(text: string): string {
  return text
    .replace(PLACEHOLDER, '{$1}')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, '')
    .replace(/:$/, '');
}

/** The Tseltal text with its placeholders written as this product's strings write them. */
const asProductPlaceholders = (text: string) => text.replace(PLACEHOLDER, '{{$1}}');

export interface OriginalTextMatch {
  /** This product's key (locales/es.json). */
  key: string;
  text: string;
  /** The original's key the text came from. */
  originalKey: string;
}

export interface OriginalTextsReport {
  /** Tseltal texts read from the original's tz.json. */
  read: number;
  /** Of those, whose Spanish matched a string of this product (one text may fill several). */
  matched: number;
  /** ...and whose Spanish matched none. */
  unmatched: number;
  /** Not taken: used for three or more different Spanish texts. */
  placeholders: number;
  /** Not taken: empty, equal to its Spanish, or without a Spanish in es.json. */
  untranslated: number;
  /** Not taken for a string: its placeholders do not fit the product's. */
  unfit: number;
  /** Drafts written (product strings). */
  drafted: number;
  /** Product strings that already had an approved text or a draft (left as they are). */
  kept: number;
  /** The original's keys not matched, for the report. */
  unmatchedKeys: string[];
}

/** What the original's texts give this product, without writing anything. */
export function matchOriginalTexts(
  originalEs: ReadonlyMap<string, string>,
  originalTz: ReadonlyMap<string, string>,
  productEs: ReadonlyMap<string, string>,
): { matches: OriginalTextMatch[]; report: OriginalTextsReport } {
  const report: OriginalTextsReport = {
    read: originalTz.size,
    matched: 0,
    unmatched: 0,
    placeholders: 0,
    untranslated: 0,
    unfit: 0,
    drafted: 0,
    kept: 0,
    unmatchedKeys: [],
  };
  // How many different Spanish texts each Tseltal text stands for.
  const sourcesOf = new Map<string, Set<string>>();
  for (const [key, text] of originalTz) {
    const spanish = originalEs.get(key);
    if (spanish === undefined) continue;
    const sources = sourcesOf.get(text.trim()) ?? new Set<string>();
    sources.add(comparable(spanish));
    sourcesOf.set(text.trim(), sources);
  }
  const productByText = new Map<string, string[]>();
  for (const [key, spanish] of productEs) {
    const form = comparable(spanish);
    productByText.set(form, [...(productByText.get(form) ?? []), key]);
  }
  const matches: OriginalTextMatch[] = [];
  const taken = new Set<string>();
  for (const [originalKey, raw] of originalTz) {
    const text = raw.trim();
    const spanish = originalEs.get(originalKey);
    if (spanish === undefined || text === '' || comparable(text) === comparable(spanish)) {
      report.untranslated += 1;
      continue;
    }
    if ((sourcesOf.get(text)?.size ?? 0) >= PLACEHOLDER_USES) {
      report.placeholders += 1;
      continue;
    }
    const keys = productByText.get(comparable(spanish)) ?? [];
    if (keys.length === 0) {
      report.unmatched += 1;
      report.unmatchedKeys.push(originalKey);
      continue;
    }
    report.matched += 1;
    for (const key of keys) {
      const product = asProductPlaceholders(text);
      if (translationProblems(productEs.get(key) ?? '', product).length > 0) {
        report.unfit += 1;
        continue;
      }
      // Two original keys with the same Spanish: the first one's text is proposed.
      if (taken.has(key)) continue;
      taken.add(key);
      matches.push({ key, text: product, originalKey });
    }
  }
  return { matches, report };
}

/**
 * Read `dir`/es.json and `dir`/tz.json of the original's frontend and write the matches as
 * drafts (one transaction). A dry run writes nothing and reports the same counts.
 */
export async function importOriginalTexts(
  db: Db,
  dir: string,
  options: { dryRun: boolean; now?: Date },
): Promise<OriginalTextsReport> {
  const originalEs = readFlatTexts(join(dir, 'es.json'));
  const originalTz = readFlatTexts(join(dir, 'tz.json'));
  const { matches, report } = matchOriginalTexts(originalEs, originalTz, translationCatalogue().es);
  const now = options.now ?? new Date();
  await db.transaction(async (tx) => {
    for (const match of matches) {
      const where = and(eq(translations.lang, 'tz'), eq(translations.key, match.key));
      const [row] = await tx.select().from(translations).where(where).for('update');
      if (row && (row.approved_text !== null || row.draft_text !== null)) {
        report.kept += 1;
        continue;
      }
      report.drafted += 1;
      if (options.dryRun) continue;
      // No author: nobody here wrote it, so any reviewer may approve it.
      await tx.insert(translations).values({
        lang: 'tz',
        key: match.key,
        draft_text: match.text,
        draft_by: null,
        draft_at: now,
        note: `${ORIGINAL_NOTE_PREFIX} (${match.originalKey})`,
      });
    }
  });
  return report;
}

export function formatOriginalTexts(report: OriginalTextsReport): string {
  return [
    `Tseltal texts of the original: ${report.read} read`,
    `  matched a Spanish string of this product: ${report.matched} → ${report.drafted} drafts ` +
      `at /traducciones awaiting approval, ${report.kept} strings already translated or drafted ` +
      `(left as they are), ${report.unfit} with placeholders that do not fit`,
    `  unmatched: ${report.unmatched}${
      report.unmatchedKeys.length > 0 ? ` (${report.unmatchedKeys.join(', ')})` : ''
    }`,
    `  not taken: ${report.placeholders} used for ${PLACEHOLDER_USES}+ different Spanish texts, ` +
      `${report.untranslated} empty or never translated`,
  ].join('\n');
}
