/**
 * The locale files read as plain data, for tests whose expected texts come from them rather than
 * from i18next. Paths are relative to the repository root (vitest's working directory), so this
 * works under jsdom too, where `import.meta.url` is not a file address.
 */
import { readFileSync } from 'node:fs';

export type LocaleDict = { [key: string]: string | LocaleDict };

export function readLocale(lang: 'es' | 'en' | 'tz'): LocaleDict {
  return JSON.parse(readFileSync(`locales/${lang}.json`, 'utf8')) as LocaleDict;
}

/** The text at a dotted `key`; throws naming the key when the locale has no text there. */
export function localeText(dict: LocaleDict, key: string): string {
  let node: string | LocaleDict | undefined = dict;
  for (const part of key.split('.')) {
    node = typeof node === 'string' ? undefined : node?.[part];
  }
  if (typeof node !== 'string') throw new Error(`Missing locale key: ${key}`);
  return node;
}
