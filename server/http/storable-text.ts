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

/** Dotted paths (as zod names them) of every unstorable text inside `value`. */
function unstorablePaths(value: unknown, path: string, out: string[]): void {
  if (typeof value === 'string') {
    if (isUnstorableText(value)) out.push(path);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) =>
      unstorablePaths(item, path ? `${path}.${index}` : `${index}`, out),
    );
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      unstorablePaths(item, path ? `${path}.${key}` : key, out);
    }
  }
}

/** Field errors for the unstorable texts of one request part (empty when there are none). */
export function unstorableTextErrors(value: unknown): FieldErrors {
  const paths: string[] = [];
  unstorablePaths(value, '', paths);
  const errors: FieldErrors = {};
  // A bare unstorable text (not inside an object) belongs to no field.
  for (const path of paths) errors[path || 'non_field_errors'] = [msg('validation.unstorableText')];
  return errors;
}
