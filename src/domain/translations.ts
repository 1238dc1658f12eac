/**
 * Translations written by the cooperative's own translators: one row per interface
 * string and language, kept on the server and replicated to phones. Shared by the API
 * (`/api/traducciones/…`), the pull (table `traducciones`) and the translation screen.
 *
 * A row holds the approved text (what every phone shows) apart from a draft waiting for
 * review, so a new draft over an approved text never changes what members and promoters read
 * until a second person approves it.
 */
import * as z from 'zod';
import { mayReviewTranslations, type TranslationActor } from './translation-access';

export {
  mayReviewTranslations,
  mayTranslate,
  TRANSLATIONS_ROUTE,
  type TranslationActor,
} from './translation-access';

/** Languages the cooperative translates into; Spanish is the source, English the reference. */
export const TRANSLATED_LANGS = ['tz'] as const;
export type TranslatedLang = (typeof TRANSLATED_LANGS)[number];

/** A string's state for a language: no text yet, a draft only, or an approved text. */
export const TRANSLATION_STATES = ['pending', 'draft', 'approved'] as const;
export type TranslationState = (typeof TRANSLATION_STATES)[number];

/** What a history entry records. */
export const TRANSLATION_ACTIONS = ['draft', 'approve', 'revert', 'import'] as const;
export type TranslationAction = (typeof TRANSLATION_ACTIONS)[number];

/** Longest text accepted for one string (the longest Spanish clause is under 2,000). */
export const TRANSLATION_MAX_LENGTH = 4000;

/**
 * A translation row as the list and the pull serve it. `borrador`, `autor_borrador` and
 * `fecha_borrador` are null for a caller who may not see drafts (only translators and managers
 * may); such a caller gets no row whose `texto` is null.
 */
/** PUT /traducciones/{idioma}/{clave}/: a translator's draft of one string. */
export const translationDraftBody = z
  .object({ texto: z.string(), nota: z.string().max(2000).nullable().optional() })
  .strict();
/** POST …/aprobar/: the draft the reviewer saw (a newer one is refused). */
export const translationApproveBody = z
  .object({ borrador: z.string().max(TRANSLATION_MAX_LENGTH) })
  .strict();
/** POST …/revertir/: the history entry to go back to. */
export const translationRevertBody = z
  .object({ historial: z.number().int().min(1).max(2_147_483_647) })
  .strict();
/** POST /traducciones/importar/: a sheet in base64, checked only or applied. */
export const translationImportBody = z
  .object({ archivo: z.string(), aplicar: z.boolean() })
  .strict();

export const translationRowSchema = z.object({
  /** `${idioma}:${clave}`: the replica's key. */
  id: z.string(),
  clave: z.string(),
  idioma: z.enum(TRANSLATED_LANGS),
  /** The approved text, or null while only a draft exists. */
  texto: z.string().nullable(),
  revisor: z.string().nullable(),
  fecha_aprobacion: z.string().nullable(),
  /** A draft waiting for review (null when none, or hidden from the caller). */
  borrador: z.string().nullable(),
  autor_borrador: z.string().nullable(),
  fecha_borrador: z.string().nullable(),
  /** The translators' note on the string (context, doubts), shown to translators only. */
  nota: z.string().nullable(),
  fecha_modificacion: z.string(),
});
export type TranslationRow = z.infer<typeof translationRowSchema>;

export const translationHistoryEntrySchema = z.object({
  id: z.number().int(),
  accion: z.enum(TRANSLATION_ACTIONS),
  usuario: z.string(),
  fecha: z.string(),
  texto_antes: z.string().nullable(),
  texto_despues: z.string().nullable(),
  borrador_antes: z.string().nullable(),
  borrador_despues: z.string().nullable(),
});
export type TranslationHistoryEntry = z.infer<typeof translationHistoryEntrySchema>;

export function translationRowId(lang: TranslatedLang, key: string): string {
  return `${lang}:${key}`;
}

/** A string with no text at all (the answer and the phone's copy once a revert deleted it). */
export function emptyTranslationRow(lang: TranslatedLang, key: string, at: string): TranslationRow {
  return {
    id: translationRowId(lang, key),
    clave: key,
    idioma: lang,
    texto: null,
    revisor: null,
    fecha_aprobacion: null,
    borrador: null,
    autor_borrador: null,
    fecha_borrador: null,
    nota: null,
    fecha_modificacion: at,
  };
}

/** `POST /api/traducciones/importar/`: every change and error of a sheet, per row. */
export const translationImportAnswerSchema = z.object({
  cambios: z.array(
    z.object({
      fila: z.number().int(),
      clave: z.string(),
      antes: z.string().nullable(),
      despues: z.string(),
    }),
  ),
  errores: z.array(z.object({ fila: z.number().int(), clave: z.string(), mensaje: z.string() })),
  aplicados: z.number().int(),
});
export type TranslationImportAnswer = z.infer<typeof translationImportAnswerSchema>;

export function translationState(
  row: Pick<TranslationRow, 'texto' | 'borrador'> | null,
): TranslationState {
  if (!row) return 'pending';
  if (row.borrador !== null) return 'draft';
  return row.texto !== null ? 'approved' : 'pending';
}

/** The area a key belongs to: its first segment ("syncCenter.kinds.pago_create" → "syncCenter"). */
export function areaOf(key: string): string {
  const dot = key.indexOf('.');
  return dot < 0 ? key : key.slice(0, dot);
}

/**
 * The parts of a text a translation must keep as they are: i18next placeholders (`{{n}}`,
 * `{{monto, currency}}`) and nested labels (`$t(codes.processes.CF)`), sorted, repeated ones
 * kept (a count is part of the text's meaning).
 */
export function placeholdersOf(text: string): string[] {
  const found = text.match(/\{\{[^{}]*\}\}|\$t\([^()]*\)/g) ?? [];
  return found.map((p) => p.replace(/\s+/g, '')).sort();
}

export type TranslationProblem =
  | { code: 'empty' }
  | { code: 'pendingMarker' }
  | { code: 'tooLong'; max: number }
  | { code: 'placeholders'; missing: string[]; extra: string[] };

/** Why `text` cannot stand for the Spanish `source`; empty when it can. */
export function translationProblems(source: string, text: string): TranslationProblem[] {
  if (text.trim() === '') return [{ code: 'empty' }];
  const problems: TranslationProblem[] = [];
  // "~" + text is how a locale file marks a string not translated yet (locales/README.md): an
  // approved text written so would be taken for pending and shown without its first character.
  if (text.trimStart().startsWith('~')) problems.push({ code: 'pendingMarker' });
  if (text.length > TRANSLATION_MAX_LENGTH) {
    problems.push({ code: 'tooLong', max: TRANSLATION_MAX_LENGTH });
  }
  const wanted = placeholdersOf(source);
  const given = placeholdersOf(text);
  const missing = without(wanted, given);
  const extra = without(given, wanted);
  if (missing.length > 0 || extra.length > 0)
    problems.push({ code: 'placeholders', missing, extra });
  return problems;
}

/** `from` minus `remove`, as multisets. */
function without(from: string[], remove: string[]): string[] {
  const left = [...remove];
  return from.filter((item) => {
    const at = left.indexOf(item);
    if (at < 0) return true;
    left.splice(at, 1);
    return false;
  });
}

/** A second pair of eyes: a reviewer approves a draft only when someone else wrote it. */
export function mayApproveDraft(
  actor: TranslationActor & { username: string },
  row: Pick<TranslationRow, 'borrador' | 'autor_borrador'>,
): boolean {
  return (
    mayReviewTranslations(actor) && row.borrador !== null && row.autor_borrador !== actor.username
  );
}

/** A Spanish text up to this long is a button, tab, column or field label: its room is tight. */
export const SHORT_LABEL_MAX = 25;

/**
 * Whether a translation of a short label may not fit where the Spanish does: longer than one
 * and a half times the Spanish, plus 3 characters of slack (a word of two letters must not warn
 * at once). A warning, never a refusal: only the translator can shorten a label well.
 */
export function mayNotFit(source: string, text: string): boolean {
  if (source.length > SHORT_LABEL_MAX) return false;
  return text.trim().length > Math.ceil(source.length * 1.5) + 3;
}
