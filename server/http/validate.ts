/** Input validation with zod inside handlers, so every failure has the API's 400 shape. */
import type * as z from 'zod';
import { msg } from '#domain/messages';
import { issuesToFieldErrors, RuleError, zodDefaultMessage } from '#domain/rule-errors';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Parse `input` with `schema`; any issue becomes a RuleError (400). */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input, { error: zodDefaultMessage });
  if (!result.success) throw new RuleError(issuesToFieldErrors(result.error.issues));
  return result.data;
}

/** A JSON body must be an object: arrays, strings, numbers and null are refused first. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (!isPlainObject(body))
    throw new RuleError({ non_field_errors: [msg('server.body.notObject')] });
  return parseWith(schema, body);
}
