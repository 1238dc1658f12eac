/**
 * i18next for client tests: the app's own instance (#i18n/setup, real locales/*.json),
 * switched to Spanish, the reference language the assertions are written in, with the whole
 * Spanish dictionary (the app fetches it with the first screen; tests render screens directly).
 */
import { ensureFullDictionary, i18n } from '#i18n/setup';

export async function useSpanish(): Promise<void> {
  await ensureFullDictionary();
  await i18n.changeLanguage('es');
}

export { i18n };
