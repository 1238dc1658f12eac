/**
 * The public pages the build renders to HTML (issue 21), shared by the build's prerender
 * (scripts/vite-prerender.ts), the server that picks one per language (server/http/static-pwa)
 * and the browser that hydrates it (src/main.tsx).
 */
import { LANGS, type Lang } from './codes';
import { isOneOf } from './guards';

/** Route path → its file under `dist/prerendered/<lang>/`. */
export const PRERENDERED_PAGES: Readonly<Record<string, string>> = {
  '/': 'index.html',
  '/acceso': 'acceso.html',
};

export const PRERENDERED_DIR = 'prerendered';

/** Mirrors the chosen language for the server, which cannot read the phone's storage. */
export const LANGUAGE_COOKIE = 'comonsit.lang';

/** BCP 47 tag for `<html lang>`: the app's code `tz` is Tseltal, ISO 639-3 `tzh`. */
export const HTML_LANG: Readonly<Record<Lang, string>> = { es: 'es', en: 'en', tz: 'tzh' };

/** The language a `Cookie` header names in `LANGUAGE_COOKIE`, if it is one of ours. */
export function langOfCookieHeader(header: string | undefined): Lang | null {
  for (const part of (header ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LANGUAGE_COOKIE && isOneOf(LANGS, value)) return value;
  }
  return null;
}
