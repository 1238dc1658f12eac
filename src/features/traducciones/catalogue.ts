/**
 * The strings to translate: every key of the bundled Spanish dictionary (the
 * source), with its English (reference) and the Tseltal the release bundled (null while
 * pending, see locales/README.md). Loaded once from the dictionaries' own chunks.
 */
import { areaOf } from '#domain/translations';
import { loadDictionary } from '#i18n/resources';
import { PENDING_MARKER } from '#i18n/pending-tseltal';

export interface CatalogueEntry {
  key: string;
  area: string;
  es: string;
  en: string;
  /** The release's Tseltal; null while pending. */
  bundledTz: string | null;
}

type Flat = Map<string, string>;

function flatten(dictionary: Record<string, unknown>, prefix = '', into: Flat = new Map()): Flat {
  for (const [name, value] of Object.entries(dictionary)) {
    const key = prefix === '' ? name : `${prefix}.${name}`;
    if (typeof value === 'string') into.set(key, value);
    else if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      flatten(Object.fromEntries(Object.entries(value)), key, into);
    }
  }
  return into;
}

let loading: Promise<CatalogueEntry[]> | undefined;

export function loadCatalogue(): Promise<CatalogueEntry[]> {
  loading ??= Promise.all(['es', 'en', 'tz'].map((lang) => loadDictionary(lang))).then(
    ([es = {}, en = {}, tz = {}]) => {
      const english = flatten(en);
      const tseltal = flatten(tz);
      return [...flatten(es)].map(([key, text]) => {
        const bundled = tseltal.get(key);
        return {
          key,
          area: areaOf(key),
          es: text,
          en: english.get(key) ?? '',
          bundledTz: bundled === undefined || bundled.startsWith(PENDING_MARKER) ? null : bundled,
        };
      });
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
