/**
 * The three dictionaries of locales/ (es is the reference). The shell starts with the sections
 * of Spanish — the default and the fallback of every key — that the login, layouts and lock
 * screen use (`virtual:shell-locale`, scripts/vite-shell-locale.ts); the whole Spanish
 * dictionary, English and Tseltal are chunks of their own, fetched when a screen or a language
 * needs them (the service worker precaches them, so they load offline too). This keeps the
 * strings of every area out of the app shell's budget. Loaded through Vite's glob import,
 * without `../` imports across folders.
 */
import type { Resource } from 'i18next';
import shellSpanish from 'virtual:shell-locale';

type Dictionary = Record<string, unknown>;

const onDemand = import.meta.glob<Dictionary>(
  ['/locales/es.json', '/locales/en.json', '/locales/tz.json'],
  { import: 'default' },
);

/** What the app starts with: the shell's Spanish sections. */
export const resources: Resource = {
  es: { translation: shellSpanish },
};

/** The whole dictionary of a language, fetched on demand. */
export async function loadDictionary(lang: string): Promise<Dictionary> {
  const load = onDemand[`/locales/${lang}.json`];
  if (!load) throw new Error(`locales/${lang}.json is missing`);
  return load();
}
