/**
 * The three dictionaries of locales/ (es is the reference). Spanish — the default and the
 * fallback of every key — is bundled with the app; English and Tseltal are chunks of their own,
 * fetched only when chosen (the service worker precaches them, so they load offline too). This
 * keeps the dictionaries of two languages a user does not read out of the app shell's budget.
 * Loaded through Vite's glob import, without `../` imports across folders.
 */
import type { Resource } from 'i18next';

type Dictionary = Record<string, unknown>;

const bundled = import.meta.glob<Dictionary>('/locales/es.json', {
  eager: true,
  import: 'default',
});
const onDemand = import.meta.glob<Dictionary>(['/locales/en.json', '/locales/tz.json'], {
  import: 'default',
});

function dictionary(lang: string): Dictionary {
  const found = bundled[`/locales/${lang}.json`];
  if (!found) throw new Error(`locales/${lang}.json is missing`);
  return found;
}

/** What the app starts with: Spanish. */
export const resources: Resource = {
  es: { translation: dictionary('es') },
};

/** The dictionary of a language fetched on demand (en, tz); es is already in `resources`. */
export async function loadDictionary(lang: string): Promise<Dictionary> {
  const load = onDemand[`/locales/${lang}.json`];
  if (load) return load();
  return dictionary(lang);
}
