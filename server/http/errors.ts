/**
 * THE error handler: it turns anything thrown into the API's error shapes
 * (docs/architecture.md#errors): 400 field errors, 401/403/404 `{detail}`, 409 `{detail, code}`,
 * 500 `{detail, request_id}`, 503 `{detail}` with Retry-After when the database cannot be reached.
 * Services throw the domain's rule errors (#domain/rule-errors); the HTTP layer adds `HttpError`
 * for what only HTTP knows (401, 426, 429). Messages are encoded keys (src/domain/messages.ts)
 * translated here, per request, by Accept-Language.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import * as z from 'zod';
import type { FieldErrors } from '#domain/entities';
import { msg, type MessageParams } from '#domain/messages';
import {
  ConflictError,
  ForbiddenError,
  issuesToFieldErrors,
  NotFoundError,
  RuleError,
  ruleError,
} from '#domain/rule-errors';
import { pickLanguage, type Translator } from '#server/i18n';
import { isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER_SECONDS } from './database-unavailable.ts';
import { loggableError } from './loggable-error.ts';

/** A refusal only HTTP knows (401, 426, 429…), answered as `{detail}` (plus `code`). */
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

// Shorthands for routes; each builds the domain error the handler maps.
export const badRequest = ruleError;
export const unauthorized = (key = 'server.auth.missingToken') => new HttpError(401, msg(key));
export const forbidden = (key?: string) => new ForbiddenError(key === undefined ? null : msg(key));
export const notFound = () => new NotFoundError();
export const conflict = (key: string, code: string, params?: MessageParams) =>
  new ConflictError(msg(key, params), code);

/** A refusal in encoded form: what the handler translates and the idempotency store keeps. */
export type Refusal = { status: number; headers?: Record<string, string> } & (
  { fields: FieldErrors } | { detail: string; code?: string }
);

const detailRefusal = (status: number, detail: string, code?: string): Refusal => ({
  status,
  detail,
  ...(code !== undefined && { code }),
});

/**
 * The 4xx a thrown error stands for; null for anything else (a 5xx or a bug: the caller
 * answers 500, and a write stores nothing, so its retry may succeed).
 */
export function refusalOf(error: unknown): Refusal | null {
  if (error instanceof RuleError) return { status: 400, fields: error.fields };
  if (error instanceof z.ZodError)
    return { status: 400, fields: issuesToFieldErrors(error.issues) };
  if (error instanceof NotFoundError) return detailRefusal(404, msg('server.http.notFound'));
  if (error instanceof ForbiddenError)
    return detailRefusal(403, error.detail ?? msg('server.auth.forbidden'));
  if (error instanceof ConflictError) return detailRefusal(409, error.detail, error.code);
  if (error instanceof HttpError && error.status >= 400 && error.status < 500) {
    if (error.status === 400) return { status: 400, fields: { non_field_errors: [error.detail] } };
    return {
      ...detailRefusal(error.status, error.detail, error.options.code),
      ...(error.options.headers && { headers: error.options.headers }),
    };
  }
  return null;
}

/** The body of a refusal, its messages passed through `translate` (kept encoded without it). */
export function refusalBody(
  refusal: Refusal,
  translate: (text: string) => string = (text) => text,
): FieldErrors | { detail: string; code?: string } {
  if ('fields' in refusal) return translateFields(refusal.fields, translate);
  return {
    detail: translate(refusal.detail),
    ...(refusal.code !== undefined && { code: refusal.code }),
  };
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
    const refusal = refusalOf(error);
    if (refusal) {
      if (refusal.headers) reply.headers(refusal.headers);
      return reply.code(refusal.status).send(refusalBody(refusal, tr));
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
    if (isDatabaseUnavailable(error)) {
      // Not the caller's fault nor a bug: the phone resends (same key) after Retry-After.
      request.log.warn({ err: loggableError(error) }, 'database unavailable');
      return reply
        .code(503)
        .header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
        .send({ detail: tr(msg('server.http.unavailable')) });
    }
    request.log.error({ err: loggableError(error) }, 'unhandled error');
    return reply
      .code(500)
      .send({ detail: tr(msg('server.http.internal')), request_id: request.id });
  };

  app.setErrorHandler((error, request, reply) => send(request, reply, error));
}

/** The app plugin: THE error handler of every area, in the app's languages. */
export const errorHandling = fp(
  async (app) => installErrorHandler(app, app.translator, app.config.bodyLimit),
  { name: 'error-handling', dependencies: ['app-context'] },
);
