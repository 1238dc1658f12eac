/**
 * Text PostgreSQL cannot store as sent: a NUL character (rejected in `text` and `jsonb`, so the
 * write would fail as a 500) and half of a UTF-16 surrogate pair (not a character at all; the
 * driver would silently store U+FFFD in its place). Found anywhere in a request's body, query
 * or path parameters, it is the caller's mistake: a 400 on that field (http/route.ts), stored
 * under an Idempotency-Key like any other refusal.
 */
import type { FieldErrors } from '#domain/entities';
import { msg } from '#domain/messages';

/** Half of a surrogate pair: a high one not followed by a low one, or a low one alone. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether PostgreSQL would refuse or change this text. */
export const isUnstorableText = (text: string): boolean =>
  text.includes('\u0000') || LONE_SURROGATE.test(text);

/**
 * Dotted paths (as zod names them) of every unstorable text inside `value`. Walked with an
 * explicit stack: a body may nest thousands of levels deep (refused later, never a crash here).
 */
function unstorablePaths(value: unknown): string[] {
  const out: string[] = [];
  const pending: [unknown, string][] = [[value, '']];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [item, path] = next;
    const at = (key: string | number) => (path ? `${path}.${key}` : `${key}`);
    if (typeof item === 'string') {
      if (isUnstorableText(item)) out.push(path);
    } else if (Array.isArray(item)) {
      item.forEach((child, index) => pending.push([child, at(index)]));
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) pending.push([child, at(key)]);
    }
  }
  return out.reverse();
}

/** Field errors for the unstorable texts of one request part (empty when there are none). */
export function unstorableTextErrors(value: unknown): FieldErrors {
  const paths = unstorablePaths(value);
  const errors: FieldErrors = {};
  // A bare unstorable text (not inside an object) belongs to no field.
  for (const path of paths) errors[path || 'non_field_errors'] = [msg('validation.unstorableText')];
  return errors;
}
