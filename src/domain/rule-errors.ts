/**
 * The errors a business rule raises, free of any transport: the server's services throw them
 * and its one error handler (server/http/errors.ts) answers them — a `RuleError` as 400 field
 * errors, `NotFoundError` 404, `ForbiddenError` 403, `ConflictError` 409 with its code. Every
 * message is an encoded key (./messages), translated where it is shown.
 */
import type * as z from 'zod';
import type { FieldErrors } from './entities';
import { msg, type MessageParams } from './messages';

/** A rule refused the input: `{field: [messages], non_field_errors: [messages]}`. */
export class RuleError extends Error {
  constructor(readonly fields: FieldErrors) {
    super('rule refused the input');
    this.name = 'RuleError';
  }
}

/** A RuleError about the input as a whole (`non_field_errors`). */
export function ruleError(key: string, params?: MessageParams): RuleError {
  return new RuleError({ non_field_errors: [msg(key, params)] });
}

/** A RuleError on one field. */
export function fieldError(field: string, key: string, params?: MessageParams): RuleError {
  return new RuleError({ [field]: [msg(key, params)] });
}

/** No such record, or one outside the caller's scope (the two must look the same). */
export class NotFoundError extends Error {
  constructor() {
    super('not found');
    this.name = 'NotFoundError';
  }
}

/** The caller's role may not do this; `detail` an encoded message when the rule names why. */
export class ForbiddenError extends Error {
  constructor(readonly detail: string | null = null) {
    super('forbidden');
    this.name = 'ForbiddenError';
  }
}

/** The request clashes with the record's state; `code` names the clash for API clients. */
export class ConflictError extends Error {
  constructor(
    /** Encoded message (msg()). */
    readonly detail: string,
    readonly code: string,
  ) {
    super(detail);
    this.name = 'ConflictError';
  }
}

// ---------------------------------------------------------------- zod issues

/**
 * Messages for zod's own issues (no custom message in the schema): encoded keys, so they are
 * translated like the domain's. Passed per parse, it never overrides a schema's message.
 */
export function zodDefaultMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.path?.length === 0 || issue.path === undefined) return msg('server.body.notObject');
      return issue.input === undefined
        ? msg('validation.required')
        : msg('server.fields.invalidType');
    case 'too_small':
      return issue.origin === 'string'
        ? msg('validation.minLength', { n: Number(issue.minimum) })
        : msg('validation.invalidValue');
    case 'too_big':
      return issue.origin === 'string'
        ? msg('validation.maxLength', { n: Number(issue.maximum) })
        : msg('validation.invalidValue');
    case 'invalid_value':
      return msg('validation.invalidChoice');
    default:
      return msg('validation.invalidValue');
  }
}

/** zod issues → field errors; keys the schema does not know become errors on those keys. */
export function issuesToFieldErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const out: FieldErrors = {};
  const add = (field: string, message: string) => {
    const list = (out[field] ??= []);
    if (!list.includes(message)) list.push(message);
  };
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      const base = issue.path.map(String).join('.');
      for (const key of issue.keys)
        add(base ? `${base}.${key}` : key, msg('validation.notEditable'));
      continue;
    }
    add(
      issue.path.length > 0 ? issue.path.map(String).join('.') : 'non_field_errors',
      issue.message,
    );
  }
  return out;
}
