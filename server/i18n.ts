/**
 * Server-side translation of encoded messages (see src/domain/messages.ts) with the same
 * dictionaries as the PWA (locales/*.json). A Tseltal value still pending ("~" + Spanish) is
 * answered as the Spanish text without the marker, as the PWA does (locales/README.md).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { interpolate, parseMessage, type MessageParams } from '#domain/messages';

export const LANGUAGES = ['es', 'en', 'tz'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'es';

type Dictionary = Record<string, unknown>;

const LOCALES_DIR = fileURLToPath(new URL('../locales/', import.meta.url));

export interface Translator {
  /** Text of `key` in `lang` (falls back to Spanish, then to the key itself). */
  t(lang: Language, key: string, params?: MessageParams): string;
  /** Translate an encoded message; any other text is returned unchanged. */
  message(lang: Language, text: string): string;
}

function lookup(dict: Dictionary, key: string): string | null {
  let node: unknown = dict;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return null;
    node = (node as Dictionary)[part];
  }
  return typeof node === 'string' ? node : null;
}

const NESTED = /\$t\(([A-Za-z0-9_.]+)\)/g;

/** Texts that take precedence over the bundled ones (the approved translations of the database). */
export type TextOverlay = (lang: Language, key: string) => string | undefined;

export function createTranslator(
  dictionaries: Record<Language, Dictionary>,
  overlay?: TextOverlay,
): Translator {
  const t = (lang: Language, key: string, params?: MessageParams, depth = 0): string => {
    let text = overlay?.(lang, key) ?? lookup(dictionaries[lang], key);
    if (text !== null && text.startsWith('~')) text = text.slice(1);
    text ??= lookup(dictionaries[DEFAULT_LANGUAGE], key);
    if (text === null) return key;
    // "$t(codes.processes.{{proceso}})" names a code by its label, as i18next does on the
    // phone: interpolated first, then looked up (each label without its pending marker).
    const filled = interpolate(text, params);
    return depth > 2
      ? filled
      : filled.replace(NESTED, (_, inner: string) => t(lang, inner, {}, depth + 1));
  };
  return {
    t,
    message: (lang, text) => {
      const parsed = parseMessage(text);
      if (!parsed) return text;
      const translated = t(lang, parsed.key, parsed.params);
      // An encoded-looking text that is no key of ours is shown as it came.
      return translated === parsed.key ? text : translated;
    },
  };
}

export function readDictionary(lang: Language, dir: string = LOCALES_DIR): Dictionary {
  return JSON.parse(readFileSync(`${dir}/${lang}.json`, 'utf8')) as Dictionary;
}

export function loadTranslator(dir: string = LOCALES_DIR, overlay?: TextOverlay): Translator {
  const read = (lang: Language) => readDictionary(lang, dir);
  return createTranslator({ es: read('es'), en: read('en'), tz: read('tz') }, overlay);
}

/** Best supported language of an Accept-Language header (q-values honoured); es by default. */
export function pickLanguage(header: string | string[] | undefined): Language {
  const raw = Array.isArray(header) ? header.join(',') : (header ?? '');
  const ranked = raw
    .split(',')
    .map((part, index) => {
      const [tag = '', ...attrs] = part.trim().split(';');
      const q = attrs.map((a) => a.trim()).find((a) => a.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return {
        // Tseltal's ISO 639-3 tag (what a browser set to it sends) is the app's `tz`.
        lang: (tag.trim().toLowerCase().split('-')[0] ?? '').replace(/^tzh$/, 'tz'),
        weight: Number.isFinite(weight) ? weight : 0,
        index,
      };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const entry of ranked) {
    if ((LANGUAGES as readonly string[]).includes(entry.lang)) return entry.lang as Language;
  }
  return DEFAULT_LANGUAGE;
}
