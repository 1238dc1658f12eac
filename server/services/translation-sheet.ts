/**
 * Translations as a spreadsheet: the export translators take to paper or a
 * laptop (`GET /api/traduccionesXLSX`), and the import of that sheet back, previewed change by
 * change with its errors before anything is applied (`POST /api/traducciones/importar/`).
 */
import * as XLSX from '@e965/xlsx';
import { msg } from '#domain/messages';
import { RuleError } from '#domain/rule-errors';
import { defineSheet, TEXT } from '#domain/sheet';
import {
  areaOf,
  translationProblems,
  translationState,
  type TranslatedLang,
} from '#domain/translations';
import type { Db } from '#server/db/client';
import {
  saveDraft,
  storedTexts,
  translationCatalogue,
  type TranslationUser,
} from './translations.ts';

export interface TranslationSheetRow {
  clave: string;
  area: string;
  espanol: string;
  ingles: string | null;
  tseltal: string | null;
  estado: string;
  nota: string | null;
}

type Column = keyof TranslationSheetRow;
const ORDER: readonly Column[] = [
  'clave',
  'area',
  'espanol',
  'ingles',
  'tseltal',
  'estado',
  'nota',
];

export const TRANSLATION_SHEET = defineSheet<Column>('traducciones', ORDER, {
  clave: TEXT,
  area: TEXT,
  espanol: TEXT,
  ingles: TEXT,
  tseltal: TEXT,
  estado: TEXT,
  nota: TEXT,
});

export type SheetSelection = 'pendientes' | 'todas';

/**
 * Every key of the catalogue (es.json order) with its texts; "pendientes": those without an
 * approved text or with a draft waiting. The Tseltal column holds the draft if any, else the
 * approved text; `t` labels the state in the reader's language.
 */
export async function translationSheetRows(
  db: Db,
  lang: TranslatedLang,
  selection: SheetSelection,
  t: (key: string) => string,
): Promise<TranslationSheetRow[]> {
  const { es, en } = translationCatalogue();
  const stored = await storedTexts(db, lang);
  const rows: TranslationSheetRow[] = [];
  for (const [key, spanish] of es) {
    const texts = stored.get(key);
    const state = translationState(texts ? { texto: texts.approved, borrador: texts.draft } : null);
    if (selection === 'pendientes' && state === 'approved') continue;
    rows.push({
      clave: key,
      area: areaOf(key),
      espanol: spanish,
      ingles: en.get(key) ?? null,
      tseltal: texts ? (texts.draft ?? texts.approved) : null,
      estado: t(`server.translations.states.${state}`),
      nota: texts?.note ?? null,
    });
  }
  return rows;
}

// ---------------------------------------------------------------- import

export interface ImportChange {
  fila: number;
  clave: string;
  antes: string | null;
  despues: string;
}

export interface ImportError {
  fila: number;
  clave: string;
  /** Encoded message (translated by the route). */
  mensaje: string;
}

export interface ImportPlan {
  cambios: ImportChange[];
  errores: ImportError[];
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The sheet's rows (first sheet, first row the header), or a 400 on `archivo`. */
function readRows(base64: string): unknown[][] {
  const bad = () => new RuleError({ archivo: [msg('server.translations.badFile')] });
  const compact = base64.replace(/\s+/g, '');
  if (compact === '' || !BASE64.test(compact)) throw bad();
  try {
    const book = XLSX.read(Buffer.from(compact, 'base64'), { type: 'buffer' });
    const name = book.SheetNames[0];
    const sheet = name === undefined ? undefined : book.Sheets[name];
    if (!sheet) throw bad();
    return XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: null });
  } catch (error) {
    if (error instanceof RuleError) throw error;
    throw bad();
  }
}

const cellText = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);

/**
 * What importing the sheet would change, and every error in it: an unknown key, a text of
 * spaces, one too long, lost or added placeholders. A row whose Tseltal cell is empty, or
 * equal to the current draft or approved text, is skipped silently.
 */
export async function planImport(
  db: Db,
  lang: TranslatedLang,
  base64: string,
): Promise<ImportPlan> {
  const [header, ...data] = readRows(base64);
  const names = (header ?? []).map((cell) => cellText(cell)?.trim().toLowerCase() ?? '');
  const keyAt = names.indexOf('clave');
  const textAt = names.indexOf('tseltal');
  if (keyAt < 0 || textAt < 0)
    throw new RuleError({ archivo: [msg('server.translations.badFile')] });

  const { es } = translationCatalogue();
  const stored = await storedTexts(db, lang);
  const plan: ImportPlan = { cambios: [], errores: [] };
  data.forEach((cells, index) => {
    const fila = index + 2;
    const clave = cellText(cells[keyAt])?.trim() ?? '';
    const text = cellText(cells[textAt]);
    if (text === null || text === '') return;
    const error = (key: string, params: Record<string, string | number> = {}) =>
      plan.errores.push({ fila, clave, mensaje: msg(key, { fila, clave, ...params }) });
    const spanish = es.get(clave);
    if (spanish === undefined) return error('server.translations.import.unknownKey');
    const current = stored.get(clave);
    if (text === current?.draft || text === current?.approved) return;
    for (const problem of translationProblems(spanish, text)) {
      if (problem.code === 'empty') error('server.translations.import.empty');
      else if (problem.code === 'pendingMarker') error('server.translations.import.pendingMarker');
      else if (problem.code === 'tooLong')
        error('server.translations.import.tooLong', { max: problem.max });
      else
        error('server.translations.import.placeholders', {
          faltan: problem.missing.join(' ') || '—',
          sobran: problem.extra.join(' ') || '—',
        });
    }
    if (plan.errores.some((e) => e.fila === fila)) return;
    plan.cambios.push({
      fila,
      clave,
      antes: current?.draft ?? current?.approved ?? null,
      despues: text,
    });
  });
  return plan;
}

/** Apply a plan without errors: every change becomes a draft of the importer (`import`). */
export async function applyImport(
  tx: Db,
  user: TranslationUser,
  lang: TranslatedLang,
  plan: ImportPlan,
  now: Date,
): Promise<number> {
  if (plan.errores.length > 0)
    throw new RuleError({
      non_field_errors: [msg('server.translations.importHasErrors')],
      errores: plan.errores.map((e) => e.mensaje),
    });
  for (const change of plan.cambios)
    await saveDraft(tx, user, lang, change.clave, { texto: change.despues }, now, 'import');
  return plan.cambios.length;
}
