/**
 * Vite plugin: `virtual:shell-locale` is the part of locales/es.json the app shell needs before
 * any screen loads (login, public home, layouts, lock screen, sync badge, error and update
 * messages). The rest of the Spanish dictionary travels in its own chunk, fetched with the first
 * lazy screen (`ensureFullDictionary` in src/i18n/setup.ts), which keeps the shell within its
 * JavaScript budget as the areas add strings. locales/es.json stays the one source.
 */
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * Parts of es.json bundled with the shell: top-level sections, or one entry of a section
 * (`section.entry`). The private side of the app waits for the whole dictionary before its first
 * screen (src/app/private-loader.ts), so only what a visitor sees belongs here.
 */
export const SHELL_SECTIONS = [
  'app',
  'language',
  'menu',
  'routes',
  'auth',
  'errors',
  'pwa',
  'ui',
  'validation',
  'public',
  'faults.storageUnavailable',
  'faults.storageFull',
  // A wiped lost device says why on the public side, after a reload too.
  'lostDevice',
] as const;

type Dictionary = Record<string, unknown>;

const isDictionary = (value: unknown): value is Dictionary =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The shell's part of the dictionary, nested as in es.json. */
export function shellPart(all: Dictionary): Dictionary {
  const part: Dictionary = {};
  for (const path of SHELL_SECTIONS) {
    const [section = '', entry] = path.split('.');
    const source = all[section];
    if (entry === undefined) {
      part[section] = source ?? {};
      continue;
    }
    const target = isDictionary(part[section]) ? part[section] : {};
    if (isDictionary(source) && entry in source) target[entry] = source[entry];
    part[section] = target;
  }
  return part;
}

const ID = 'virtual:shell-locale';
const RESOLVED = `\0${ID}`;

export function shellLocale(): Plugin {
  const file = new URL('../locales/es.json', import.meta.url);
  return {
    name: 'comonsit-shell-locale',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      this.addWatchFile(file.pathname);
      const all: unknown = JSON.parse(readFileSync(file, 'utf8'));
      if (!isDictionary(all)) throw new Error('locales/es.json is not an object');
      return `export default ${JSON.stringify(shellPart(all))};`;
    },
  };
}
