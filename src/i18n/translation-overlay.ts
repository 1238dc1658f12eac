/**
 * The cooperative's approved Tseltal texts laid over the bundled Tseltal dictionary
 * while the app runs: no rebuild, no reload. The app feeds the approved texts from the replica
 * (`src/app/translation-overlay-runtime.ts`), so they apply offline too.
 *
 * Each text is written with i18next's `addResource`; the value it replaced is remembered, so a
 * text that is removed or reverted puts back what the release bundled — for a string still
 * pending there, nothing, and i18next falls back to Spanish (a pending value is never in the
 * dictionary, see pending-tseltal.ts, so no marker can show). Screens re-render through a
 * `changeLanguage` to the same language, which react-i18next answers with a fresh `t`.
 *
 * Nothing is laid before the Tseltal dictionary has loaded: a resource added to a language
 * i18next has not fetched yet would make it skip the fetch (it takes the bundle as present).
 * The texts wait and are laid when the dictionary arrives (i18next's `loaded` event).
 */
import { currentLanguage, i18n } from './setup';

const LANG = 'tz';
const NS = 'translation';

type Dictionary = Record<string, unknown>;

/** key → the approved text every screen should show. */
let wanted: ReadonlyMap<string, string> = new Map();
/** What is laid over the dictionary now. */
const laid = new Map<string, string>();
/** The bundled value each laid text replaced (undefined: the string was pending). */
const bundled = new Map<string, string | undefined>();

function isDictionary(value: unknown): value is Dictionary {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function bundledText(key: string): string | undefined {
  const value: unknown = i18n.getResource(LANG, NS, key);
  return typeof value === 'string' ? value : undefined;
}

/** A copy of `section` without the value at `path` (sections left empty go too). */
function withoutPath(section: Dictionary, path: readonly string[]): Dictionary {
  const [head, ...rest] = path;
  const copy: Dictionary = {};
  for (const [name, value] of Object.entries(section)) {
    if (name !== head) {
      copy[name] = value;
    } else if (rest.length > 0 && isDictionary(value)) {
      const kept = withoutPath(value, rest);
      if (Object.keys(kept).length > 0) copy[name] = kept;
    }
  }
  return copy;
}

/** Take a laid text away: the bundled value comes back, or the string falls back to Spanish. */
function restore(key: string, original: string | undefined): void {
  if (original !== undefined) {
    i18n.addResource(LANG, NS, key, original, { silent: true });
    return;
  }
  // i18next has no removeResource: the key's top-level section is written again without it.
  const [top, ...path] = key.split('.');
  if (top === undefined) return;
  const section: unknown = i18n.getResource(LANG, NS, top);
  // Every key of locales/ sits in a section ("menu.home"): a bare top-level key cannot occur.
  if (!isDictionary(section)) return;
  i18n.addResourceBundle(LANG, NS, { [top]: withoutPath(section, path) }, false, true, {
    silent: true,
  });
}

/** Bring the dictionary in line with `wanted`; true when anything changed. */
function layWanted(): boolean {
  if (!i18n.hasResourceBundle(LANG, NS)) return false;
  let changed = false;
  for (const [key, text] of wanted) {
    if (laid.get(key) === text) continue;
    if (!laid.has(key)) bundled.set(key, bundledText(key));
    i18n.addResource(LANG, NS, key, text, { silent: true });
    laid.set(key, text);
    changed = true;
  }
  for (const key of [...laid.keys()]) {
    if (wanted.has(key)) continue;
    restore(key, bundled.get(key));
    laid.delete(key);
    bundled.delete(key);
    changed = true;
  }
  return changed;
}

function rerender(): void {
  if (currentLanguage() === LANG) void i18n.changeLanguage(LANG);
}

/** Show exactly these approved Tseltal texts (key → text) on every screen. */
export function layApprovedTexts(texts: ReadonlyMap<string, string>): void {
  wanted = texts;
  if (layWanted()) rerender();
}

i18n.on('loaded', () => {
  if (layWanted()) rerender();
});
