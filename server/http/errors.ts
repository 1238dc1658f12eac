/**
 * Error types thrown by routes, and the ONE error handler that turns anything thrown into the
 * API's error shapes (ARCHITECTURE.md "API conventions"): 400 field errors, 401/403/404
 * `{detail}`, 409 `{detail, code}`, 500 `{detail, request_id}`. Messages are encoded keys
 * (src/domain/messages.ts) translated here, per request, by Accept-Language.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod';
import type { FieldErrors } from '#domain/entities';
import { msg, type MessageParams } from '#domain/messages';
import { pickLanguage, type Translator } from '#server/i18n';
import { loggableError } from './loggable-error.ts';

/** An error answered as `{detail}` (plus `code` for 409s) with the given status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    /** Encoded message (msg()). */
    readonly detail: string,
    readonly options: { code?: string; headers?: Record<string, string> } = {},
  ) {
    super(detail);
  }
}

/** A 400 answered as `{field: [messages], non_field_errors: [messages]}`. */
export class FieldErrorsError extends Error {
  constructor(readonly fields: FieldErrors) {
    super('field errors');
  }
}

export const badRequest = (key: string, params?: MessageParams) =>
  new FieldErrorsError({ non_field_errors: [msg(key, params)] });
export const unauthorized = (key = 'server.auth.missingToken') => new HttpError(401, msg(key));
export const forbidden = (key = 'server.auth.forbidden') => new HttpError(403, msg(key));
export const notFound = () => new HttpError(404, msg('server.http.notFound'));
export const conflict = (key: string, code: string, params?: MessageParams) =>
  new HttpError(409, msg(key, params), { code });

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

function translateFields(fields: FieldErrors, translate: (text: string) => string): FieldErrors {
  const out: FieldErrors = {};
  for (const [field, messages] of Object.entries(fields)) {
    if (Array.isArray(messages)) out[field] = messages.map(translate);
  }
  return out;
}

/** Fastify's own body errors, each a 400 with a message a person can act on. */
function bodyError(error: FastifyError, bodyLimit: number): string | null {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return msg('server.body.tooLarge', { kb: Math.floor(bodyLimit / 1024) });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE':
      return msg('server.body.unsupportedMediaType');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return msg('server.body.empty');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return msg('server.body.invalidJson');
    default:
      // JSON.parse failures and prototype-poisoning refusals carry statusCode 400.
      if (error instanceof SyntaxError || (error.statusCode === 400 && !error.code))
        return msg('server.body.invalidJson');
      return null;
  }
}

const DETAIL_BY_STATUS: Record<number, string> = {
  401: 'server.auth.missingToken',
  403: 'server.auth.forbidden',
  404: 'server.http.notFound',
  405: 'server.http.notFound',
  429: 'server.auth.tooManyAttempts',
};

export function installErrorHandler(
  app: FastifyInstance,
  translator: Translator,
  bodyLimit: number,
): void {
  const languageOf = (request: FastifyRequest) => pickLanguage(request.headers['accept-language']);

  const send = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    const lang = languageOf(request);
    const tr = (text: string) => translator.message(lang, text);
    if (error instanceof FieldErrorsError) {
      return reply.code(400).send(translateFields(error.fields, tr));
    }
    if (error instanceof z.ZodError) {
      return reply.code(400).send(translateFields(issuesToFieldErrors(error.issues), tr));
    }
    if (error instanceof HttpError) {
      if (error.options.headers) reply.headers(error.options.headers);
      if (error.status === 400)
        return reply.code(400).send({ non_field_errors: [tr(error.detail)] });
      const body: { detail: string; code?: string } = { detail: tr(error.detail) };
      if (error.options.code) body.code = error.options.code;
      return reply.code(error.status).send(body);
    }
    const fastifyError = error as FastifyError;
    const body = bodyError(fastifyError, bodyLimit);
    if (body) return reply.code(400).send({ non_field_errors: [tr(body)] });
    const status = fastifyError.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      if (status === 400 || !DETAIL_BY_STATUS[status]) {
        return reply.code(400).send({ non_field_errors: [tr(msg('server.http.badRequest'))] });
      }
      return reply.code(status).send({ detail: tr(msg(DETAIL_BY_STATUS[status])) });
    }
    request.log.error({ err: loggableError(error) }, 'unhandled error');
    return reply
      .code(500)
      .send({ detail: tr(msg('server.http.internal')), request_id: request.id });
  };

  app.setErrorHandler((error, request, reply) => send(request, reply, error));
}
