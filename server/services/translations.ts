/**
 * Interface translations: the rows each caller may read, drafts, approvals,
 * reverts and their history. Every write takes the row's lock, writes its history entry in
 * the same transaction and answers the row as the caller reads it. The catalogue of keys is
 * the bundled Spanish dictionary (locales/es.json); a key not in it is unknown (404).
 */
import { and, asc, desc, eq, isNotNull, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { msg } from '#domain/messages';
import { ConflictError, ForbiddenError, NotFoundError, RuleError } from '#domain/rule-errors';
import {
  mayReviewTranslations,
  mayTranslate,
  translationProblems,
  emptyTranslationRow,
  translationRowId,
  type TranslatedLang,
  type TranslationActor,
  type TranslationHistoryEntry,
  type TranslationProblem,
  type TranslationRow,
} from '#domain/translations';
import type { Db } from '#server/db/client';
import { translationHistory, translations, users } from '#server/db/schema';
import { readDictionary } from '#server/i18n';

// ---------------------------------------------------------------- the catalogue

type Dictionary = Record<string, unknown>;

function flatten(dict: Dictionary, prefix: string, into: Map<string, string>): void {
  for (const [key, value] of Object.entries(dict)) {
    if (typeof value === 'string') into.set(`${prefix}${key}`, value);
    else if (value !== null && typeof value === 'object' && !Array.isArray(value))
      flatten(value as Dictionary, `${prefix}${key}.`, into);
  }
}

export interface Catalogue {
  /** Every key of locales/es.json with its Spanish text, in the file's order. */
  es: ReadonlyMap<string, string>;
  en: ReadonlyMap<string, string>;
}

let catalogue: Catalogue | null = null;

/** The bundled dictionaries, flattened (read once: they change only with a release). */
export function translationCatalogue(): Catalogue {
  if (catalogue) return catalogue;
  const es = new Map<string, string>();
  const en = new Map<string, string>();
  flatten(readDictionary('es'), '', es);
  flatten(readDictionary('en'), '', en);
  catalogue = { es, en };
  return catalogue;
}

function spanishOf(key: string): string {
  const source = translationCatalogue().es.get(key);
  if (source === undefined) throw new NotFoundError();
  return source;
}

// ---------------------------------------------------------------- reading

/** Who reads or writes: the request's user (its id, role and translator flag). */
export interface TranslationUser extends TranslationActor {
  id: number;
}

const reviewer = alias(users, 'translation_reviewer');
const author = alias(users, 'translation_author');

interface StoredRow {
  lang: TranslatedLang;
  key: string;
  approved_text: string | null;
  approved_by: number | null;
  approved_at: Date | null;
  draft_text: string | null;
  draft_by: number | null;
  draft_at: Date | null;
  note: string | null;
  updated_at: Date;
}

/** The rows with the names of their reviewer and draft author, and their row version. */
function selectRows(db: Db) {
  return db
    .select({
      lang: translations.lang,
      key: translations.key,
      approved_text: translations.approved_text,
      approved_at: translations.approved_at,
      draft_text: translations.draft_text,
      draft_at: translations.draft_at,
      note: translations.note,
      updated_at: translations.updated_at,
      version: translations.row_version,
      revisor: reviewer.username,
      autor: author.username,
    })
    .from(translations)
    .leftJoin(reviewer, eq(translations.approved_by, reviewer.id))
    .leftJoin(author, eq(translations.draft_by, author.id));
}

type SelectedRow = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/** A row as `reader` may read it: drafts and notes only for those who review. */
export function rowFor(r: SelectedRow, seesDrafts: boolean): TranslationRow {
  return {
    id: translationRowId(r.lang, r.key),
    clave: r.key,
    idioma: r.lang,
    texto: r.approved_text,
    revisor: r.approved_text === null ? null : r.revisor,
    fecha_aprobacion: iso(r.approved_at),
    borrador: seesDrafts ? r.draft_text : null,
    autor_borrador: seesDrafts && r.draft_text !== null ? r.autor : null,
    fecha_borrador: seesDrafts ? iso(r.draft_at) : null,
    nota: seesDrafts ? r.note : null,
    fecha_modificacion: r.updated_at.toISOString(),
  };
}

/** The rows a reader without drafts may see: those with an approved text. */
export function visibleTo(seesDrafts: boolean): SQL | undefined {
  return seesDrafts ? undefined : isNotNull(translations.approved_text);
}

/** `GET /api/traducciones.json`: every row in the caller's scope. */
export async function listTranslations(db: Db, user: TranslationActor): Promise<TranslationRow[]> {
  const seesDrafts = mayReviewTranslations(user);
  const rows = await selectRows(db)
    .where(visibleTo(seesDrafts))
    .orderBy(asc(translations.lang), asc(translations.key));
  return rows.map((r) => rowFor(r, seesDrafts));
}

/** The pull's rows (`sync/tables/translations.ts`): in a window of versions. */
export async function translationChanges(
  db: Db,
  seesDrafts: boolean,
  window: SQL,
): Promise<{ version: number; row: TranslationRow }[]> {
  const rows = await selectRows(db)
    .where(and(window, visibleTo(seesDrafts)))
    .orderBy(asc(translations.row_version));
  return rows.map((r) => ({ version: r.version, row: rowFor(r, seesDrafts) }));
}

async function loadRow(db: Db, lang: TranslatedLang, key: string): Promise<SelectedRow | null> {
  const [row] = await selectRows(db)
    .where(and(eq(translations.lang, lang), eq(translations.key, key)))
    .limit(1);
  return row ?? null;
}

/** The stored row, locked for the write's transaction (null: no text yet). */
async function lockRow(tx: Db, lang: TranslatedLang, key: string): Promise<StoredRow | null> {
  const [row] = await tx
    .select()
    .from(translations)
    .where(and(eq(translations.lang, lang), eq(translations.key, key)))
    .for('update');
  return row ?? null;
}

/** The answer of a write: the row after it, or an empty row once it was deleted. */
async function answerRow(
  tx: Db,
  lang: TranslatedLang,
  key: string,
  now: Date,
): Promise<TranslationRow> {
  const row = await loadRow(tx, lang, key);
  if (row) return rowFor(row, true);
  return emptyTranslationRow(lang, key, now.toISOString());
}

// ---------------------------------------------------------------- problems as messages

/** Encoded messages for a text's problems (the field error of a draft). */
export function problemMessages(problems: readonly TranslationProblem[]): string[] {
  return problems.flatMap((p) => {
    switch (p.code) {
      case 'empty':
        return [msg('server.translations.empty')];
      case 'pendingMarker':
        return [msg('server.translations.pendingMarker')];
      case 'tooLong':
        return [msg('server.translations.tooLong', { max: p.max })];
      case 'placeholders':
        return [
          ...(p.missing.length > 0
            ? [msg('server.translations.placeholdersMissing', { marcas: p.missing.join(' ') })]
            : []),
          ...(p.extra.length > 0
            ? [msg('server.translations.placeholdersExtra', { marcas: p.extra.join(' ') })]
            : []),
        ];
    }
  });
}

function checkText(field: string, source: string, text: string): void {
  const problems = problemMessages(translationProblems(source, text));
  if (problems.length > 0) throw new RuleError({ [field]: problems });
}

// ---------------------------------------------------------------- writes

interface HistoryChange {
  approved_before: string | null;
  approved_after: string | null;
  draft_before: string | null;
  draft_after: string | null;
}

async function record(
  tx: Db,
  lang: TranslatedLang,
  key: string,
  action: TranslationHistoryEntry['accion'],
  userId: number,
  at: Date,
  change: HistoryChange,
): Promise<void> {
  await tx.insert(translationHistory).values({ lang, key, action, user_id: userId, at, ...change });
}

export interface DraftInput {
  texto: string;
  /** Undefined: the note stays as it is. */
  nota?: string | null | undefined;
}

/**
 * Save `texto` as the draft of `key` (the approved text untouched). The same text again is a
 * no-op; a text equal to the approved one withdraws the draft (nothing left to review).
 */
export async function saveDraft(
  tx: Db,
  user: TranslationUser,
  lang: TranslatedLang,
  key: string,
  input: DraftInput,
  now: Date,
  action: 'draft' | 'import' = 'draft',
): Promise<TranslationRow> {
  if (!mayTranslate(user)) throw new ForbiddenError(msg('server.translations.notTranslator'));
  checkText('texto', spanishOf(key), input.texto);
  const row = await lockRow(tx, lang, key);
  const draft = row !== null && row.approved_text === input.texto ? null : input.texto;
  const draftBefore = row?.draft_text ?? null;
  const noteChanged = input.nota !== undefined && input.nota !== (row?.note ?? null);
  if (draft === draftBefore && !noteChanged) return answerRow(tx, lang, key, now);

  const draftChanged = draft !== draftBefore;
  const draftFields = draftChanged
    ? {
        draft_text: draft,
        draft_by: draft === null ? null : user.id,
        draft_at: draft === null ? null : now,
      }
    : {};
  const noteFields = noteChanged ? { note: input.nota ?? null } : {};
  if (row === null) {
    await tx.insert(translations).values({ lang, key, ...draftFields, ...noteFields });
  } else {
    await tx
      .update(translations)
      .set({ ...draftFields, ...noteFields })
      .where(and(eq(translations.lang, lang), eq(translations.key, key)));
  }
  if (draftChanged) {
    await record(tx, lang, key, action, user.id, now, {
      approved_before: row?.approved_text ?? null,
      approved_after: row?.approved_text ?? null,
      draft_before: draftBefore,
      draft_after: draft,
    });
  }
  return answerRow(tx, lang, key, now);
}

/**
 * Approve the draft the reviewer saw (`seen`): 409 when the draft changed meanwhile or there
 * is none, 403 for its own author (a second pair of eyes).
 */
export async function approveDraft(
  tx: Db,
  user: TranslationUser,
  lang: TranslatedLang,
  key: string,
  seen: string,
  now: Date,
): Promise<TranslationRow> {
  if (!mayReviewTranslations(user))
    throw new ForbiddenError(msg('server.translations.notReviewer'));
  const source = spanishOf(key);
  const row = await lockRow(tx, lang, key);
  if (row === null || row.draft_text === null || row.draft_text !== seen)
    throw new ConflictError(msg('server.translations.draftChanged'), 'draft_changed');
  if (row.draft_by === user.id) throw new ForbiddenError(msg('server.translations.ownDraft'));
  // The Spanish may have changed since the draft was saved (a new release): check again.
  checkText('borrador', source, row.draft_text);
  await tx
    .update(translations)
    .set({
      approved_text: row.draft_text,
      approved_by: user.id,
      approved_at: now,
      draft_text: null,
      draft_by: null,
      draft_at: null,
    })
    .where(and(eq(translations.lang, lang), eq(translations.key, key)));
  await record(tx, lang, key, 'approve', user.id, now, {
    approved_before: row.approved_text,
    approved_after: row.draft_text,
    draft_before: row.draft_text,
    draft_after: null,
  });
  return answerRow(tx, lang, key, now);
}

/**
 * Restore the state `key` had right before history entry `entryId` (approved and draft
 * texts). A restored approved text stays approved, with the reverter as its reviewer; a
 * restored draft has the reverter as its author. No text at all deletes the row.
 */
export async function revertTo(
  tx: Db,
  user: TranslationUser,
  lang: TranslatedLang,
  key: string,
  entryId: number,
  now: Date,
): Promise<TranslationRow> {
  if (!mayReviewTranslations(user))
    throw new ForbiddenError(msg('server.translations.notReviewer'));
  spanishOf(key);
  const [entry] = await tx
    .select()
    .from(translationHistory)
    .where(
      and(
        eq(translationHistory.id, entryId),
        eq(translationHistory.lang, lang),
        eq(translationHistory.key, key),
      ),
    );
  if (!entry) throw new RuleError({ historial: [msg('server.translations.unknownHistory')] });
  const row = await lockRow(tx, lang, key);
  const approvedBefore = row?.approved_text ?? null;
  const draftBefore = row?.draft_text ?? null;
  const approved = entry.approved_before;
  const draft = entry.draft_before;
  if (approved === approvedBefore && draft === draftBefore) return answerRow(tx, lang, key, now);

  const where = and(eq(translations.lang, lang), eq(translations.key, key));
  if (approved === null && draft === null) {
    await tx.delete(translations).where(where);
  } else {
    const fields = {
      ...(approved !== approvedBefore && {
        approved_text: approved,
        approved_by: approved === null ? null : user.id,
        approved_at: approved === null ? null : now,
      }),
      ...(draft !== draftBefore && {
        draft_text: draft,
        draft_by: draft === null ? null : user.id,
        draft_at: draft === null ? null : now,
      }),
    };
    if (row === null) await tx.insert(translations).values({ lang, key, ...fields });
    else await tx.update(translations).set(fields).where(where);
  }
  await record(tx, lang, key, 'revert', user.id, now, {
    approved_before: approvedBefore,
    approved_after: approved,
    draft_before: draftBefore,
    draft_after: draft,
  });
  return answerRow(tx, lang, key, now);
}

/** `GET …/historial/`: the key's history, newest first (reviewers only). */
export async function translationHistoryOf(
  db: Db,
  user: TranslationActor,
  lang: TranslatedLang,
  key: string,
): Promise<TranslationHistoryEntry[]> {
  if (!mayReviewTranslations(user))
    throw new ForbiddenError(msg('server.translations.notReviewer'));
  spanishOf(key);
  const rows = await db
    .select({
      id: translationHistory.id,
      accion: translationHistory.action,
      usuario: users.username,
      at: translationHistory.at,
      texto_antes: translationHistory.approved_before,
      texto_despues: translationHistory.approved_after,
      borrador_antes: translationHistory.draft_before,
      borrador_despues: translationHistory.draft_after,
    })
    .from(translationHistory)
    .innerJoin(users, eq(translationHistory.user_id, users.id))
    .where(and(eq(translationHistory.lang, lang), eq(translationHistory.key, key)))
    .orderBy(desc(translationHistory.id));
  return rows.map(({ at, ...r }) => ({ ...r, fecha: at.toISOString() }));
}

/** Every stored row of `lang` by key (the sheets read them whole). */
export async function storedTexts(
  db: Db,
  lang: TranslatedLang,
): Promise<Map<string, { approved: string | null; draft: string | null; note: string | null }>> {
  const rows = await db
    .select({
      key: translations.key,
      approved: translations.approved_text,
      draft: translations.draft_text,
      note: translations.note,
    })
    .from(translations)
    .where(eq(translations.lang, lang));
  return new Map(rows.map(({ key, ...texts }) => [key, texts]));
}
