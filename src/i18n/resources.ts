/**
 * The three dictionaries of locales/ (es is the reference). Loaded through Vite's glob import
 * so the app bundle carries them (offline) without `../` imports across folders.
 */
import type { Resource } from 'i18next';

type Dictionary = Record<string, unknown>;

const files = import.meta.glob<Dictionary>('/locales/*.json', { eager: true, import: 'default' });

function dictionary(lang: string): Dictionary {
  const found = files[`/locales/${lang}.json`];
  if (!found) throw new Error(`locales/${lang}.json is missing`);
  return found;
}

export const resources: Resource = {
  es: { translation: dictionary('es') },
  en: { translation: dictionary('en') },
  tz: { translation: dictionary('tz') },
};
