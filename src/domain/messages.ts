/**
 * A translatable message travels as one string so it passes unchanged through zod issues,
 * JSON error bodies and IndexedDB: the i18n key alone ("validation.required") or the key and
 * its interpolation values ("validation.minLength|{"n":3}"). The UI and the server each turn
 * it into text with their i18n dictionaries (locales/*.json, `{{n}}` placeholders).
 */
import { isRecord, parseJson } from './guards';

export type MessageParams = Record<string, string | number>;

export interface Message {
  key: string;
  params?: MessageParams;
}

const SEP = '|';
const KEY_RE = /^[a-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)+$/;

/** Encode a message key with optional interpolation values. */
export function msg(key: string, params?: MessageParams): string {
  return params && Object.keys(params).length > 0 ? `${key}${SEP}${JSON.stringify(params)}` : key;
}

/**
 * Decode a string produced by `msg`. Anything else (a plain sentence already translated by a
 * server, for example) is returned as `null`, so callers show it as it is.
 */
export function parseMessage(text: string): Message | null {
  const at = text.indexOf(SEP);
  const key = at === -1 ? text : text.slice(0, at);
  if (!KEY_RE.test(key)) return null;
  if (at === -1) return { key };
  try {
    const params = parseJson(text.slice(at + 1));
    if (isRecord(params)) {
      const clean: MessageParams = {};
      for (const [k, v] of Object.entries(params)) {
        if (typeof v === 'string' || typeof v === 'number') clean[k] = v;
      }
      return { key, params: clean };
    }
  } catch {
    return null;
  }
  return null;
}

/** Replace `{{name}}` placeholders, the i18next default syntax used in locales/. */
export function interpolate(template: string, params: MessageParams = {}): string {
  return template.replace(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
