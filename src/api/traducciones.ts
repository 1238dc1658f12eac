/**
 * The translation calls that need the server (the writes go through the outbox,
 * src/commands/traducciones.ts): a string's history, the spreadsheet export and the import
 * (a preview first, then the same file applied).
 */
import { z } from 'zod';
import type { translationImportBody } from '#domain/translations';
import {
  translationImportAnswerSchema,
  type TranslationImportAnswer,
  translationHistoryEntrySchema,
  type TranslatedLang,
  type TranslationHistoryEntry,
} from '#domain/translations';
import { apiGet, apiRequest } from './client';
import { fetchServerXlsx } from './contratos-xlsx';
import { isApiError } from './errors';
import type { lostDeviceBody, translatorFlagBody } from '#domain/reference-shapes';
import { userRowSchema, type UserRow } from '#domain/reference-shapes';

export type { TranslationImportAnswer };

export function fetchTranslationHistory(
  idioma: TranslatedLang,
  clave: string,
): Promise<TranslationHistoryEntry[]> {
  return apiGet(
    `traducciones/${idioma}/${encodeURIComponent(clave)}/historial/`,
    z.array(translationHistoryEntrySchema),
  );
}

export type TranslationExportScope = 'pendientes' | 'todas';

export function translationsXlsxFilename(idioma: TranslatedLang, solo: TranslationExportScope) {
  return `traducciones-${idioma}-${solo}.xlsx`;
}

export function fetchTranslationsXlsx(
  idioma: TranslatedLang,
  solo: TranslationExportScope,
): Promise<Blob> {
  const params = new URLSearchParams({ idioma, solo });
  return fetchServerXlsx(`traduccionesXLSX/?${params.toString()}`);
}

/**
 * Send a spreadsheet (base64): `aplicar: false` answers what would change and what is wrong;
 * `aplicar: true` applies it. A file with errors is refused with a 400 of the same shape,
 * which comes back as an answer (nothing applied) rather than as a failure.
 */
export async function importTranslations(
  archivo: string,
  aplicar: boolean,
): Promise<TranslationImportAnswer> {
  try {
    return await apiRequest('post', 'traducciones/importar/', translationImportAnswerSchema, {
      json: { archivo, aplicar } satisfies z.input<typeof translationImportBody>,
    });
  } catch (error) {
    if (isApiError(error) && error.status === 400) {
      const refused = translationImportAnswerSchema.safeParse(error.body);
      if (refused.success) return refused.data;
    }
    throw error;
  }
}

export type { UserRow };

export function fetchUsers(): Promise<UserRow[]> {
  return apiGet('users.json', z.array(userRowSchema));
}

/** Grant or withdraw the translator flag (managers; online, like the users list). */
export function setTranslator(id: number, traductor: boolean): Promise<UserRow> {
  return apiRequest('put', `users/${id}/traductor/`, userRowSchema, {
    json: { traductor } satisfies z.input<typeof translatorFlagBody>,
  });
}

/**
 * Mark a user's device lost (managers; online): its phones send their outbox once, then wipe
 * themselves (docs/security.md#a-lost-device). The body names the user the dialog showed.
 */
export function markDeviceLost(user: Pick<UserRow, 'id' | 'username'>): Promise<UserRow> {
  return apiRequest('post', `users/${user.id}/dispositivo-perdido/`, userRowSchema, {
    json: { username: user.username } satisfies z.input<typeof lostDeviceBody>,
  });
}
