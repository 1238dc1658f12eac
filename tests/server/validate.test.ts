import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { msg } from '#domain/messages';
import { RuleError } from '#domain/rule-errors';
import { parseBody } from '#server/http/validate';

function fieldErrors(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof RuleError) return error.fields;
    throw error;
  }
  throw new Error('expected a RuleError');
}

const schema = z.strictObject({
  name: z.string(),
  age: z.number().optional(),
  tags: z.array(z.string()).optional(),
});

describe('parseBody', () => {
  it('returns the parsed value', () => {
    expect(parseBody(schema, { name: 'Ana', age: 3 })).toEqual({ name: 'Ana', age: 3 });
  });

  it('gives zod’s own issues translatable keys: required, wrong type, unknown key, nested path', () => {
    expect(fieldErrors(() => parseBody(schema, { age: 'x', role: 'GE', tags: ['a', 2] }))).toEqual({
      name: [msg('validation.required')],
      age: [msg('server.fields.invalidType')],
      'tags.1': [msg('server.fields.invalidType')],
      role: [msg('validation.notEditable')],
    });
  });

  it('keeps a schema’s own message', () => {
    const own = z.object({ n: z.string().min(3, msg('validation.minLength', { n: 3 })) });
    expect(fieldErrors(() => parseBody(own, { n: 'a' }))).toEqual({
      n: [msg('validation.minLength', { n: 3 })],
    });
  });

  it.each([[[]], [null], ['text'], [7], [undefined]])('refuses a non-object body %j', (body) => {
    expect(fieldErrors(() => parseBody(schema, body))).toEqual({
      non_field_errors: [msg('server.body.notObject')],
    });
  });
});
