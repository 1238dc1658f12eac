/** Render domain messages to the Spanish text of locales/es.json, as a user reads them. */
import { readFileSync } from 'node:fs';
import type * as z from 'zod';
import { interpolate, parseMessage } from '#domain/messages';

type Dict = { [key: string]: string | Dict };

export function loadLocale(lang: 'es' | 'en' | 'tz'): Dict {
  return JSON.parse(
    readFileSync(new URL(`../../locales/${lang}.json`, import.meta.url), 'utf8'),
  ) as Dict;
}

const es = loadLocale('es');

export function lookup(dict: Dict, key: string): string | undefined {
  let node: string | Dict | undefined = dict;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** The Spanish text of an encoded message; throws when the key is missing in es.json. */
export function spanish(encoded: string): string {
  const m = parseMessage(encoded);
  if (!m) throw new Error(`Not a message: ${encoded}`);
  const template = lookup(es, m.key);
  if (template === undefined) throw new Error(`Missing es.json key: ${m.key}`);
  return interpolate(template, m.params);
}

/** Spanish error texts per field of a failed parse ({} when it succeeded). */
export function errorsOf(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const r = schema.safeParse(input);
  if (r.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of r.error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : 'non_field_errors';
    (out[key] ??= []).push(spanish(issue.message));
  }
  return out;
}

/** The Spanish errors of one field ([] when valid). */
export function fieldError(schema: z.ZodType, input: unknown, field: string): string[] {
  return errorsOf(schema, input)[field] ?? [];
}

/** Parse and return the output, failing the test with readable errors otherwise. */
export function parseOk<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const r = schema.safeParse(input);
  if (!r.success) throw new Error(`Expected valid, got ${JSON.stringify(errorsOf(schema, input))}`);
  return r.data;
}
