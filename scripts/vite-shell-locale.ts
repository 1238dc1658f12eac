/**
 * Vite plugin: `virtual:shell-locale` is the part of locales/es.json the app shell needs before
 * any screen loads (login, public home, layouts, lock screen, sync badge, error and update
 * messages). The rest of the Spanish dictionary travels in its own chunk, fetched with the first
 * lazy screen (`ensureFullDictionary` in src/i18n/setup.ts), which keeps the shell within its
 * JavaScript budget as the areas add strings. locales/es.json stays the one source.
 */
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** Top-level sections of es.json bundled with the shell. */
export const SHELL_SECTIONS = [
  'app',
  'language',
  'menu',
  'routes',
  'auth',
  'session',
  'errors',
  'pwa',
  'ui',
  'validation',
  'codes',
  'lock',
  'sync',
  'syncCenter',
  'faults',
  'public',
] as const;

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
      const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const shell = Object.fromEntries(SHELL_SECTIONS.map((key) => [key, all[key] ?? {}]));
      return `export default ${JSON.stringify(shell)};`;
    },
  };
}
