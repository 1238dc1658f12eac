/**
 * `defineRoute`: every route declares its input (body, query, params) and its answer as zod
 * schemas, handed to Fastify through the zod type provider (`fastify-type-provider-zod`):
 *
 * - the answer is serialized by its schema on every reply (plugins/zod-schemas.ts): a field the
 *   schema does not name never leaves the server, and an answer that breaks its schema is a 500
 *   (the server's bug), never sent;
 * - the OpenAPI document (`GET /api/docs/openapi.json`) is generated from the same schemas;
 * - inputs are parsed HERE, in the handler's wrapper, not in Fastify's validation step: after
 *   the role guards (a caller without the right gets 403 before any 400), with the API's own
 *   messages (errors → 400 field errors, translated by the one error handler), and for a write
 *   inside its transaction (http/write-route.ts), so a refusal is stored under its key.
 *
 * A url is relative to the area plugin's prefix: `''` is the prefix itself, `'/:id'` below it,
 * and a url without a leading slash is appended as is (`'XLSX'` under `/api/socios` is the
 * spec's `/api/sociosXLSX`).
 */
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { RuleError } from '#domain/rule-errors';
import { unstorableTextErrors } from './storable-text.ts';
import { parseBody, parseWith } from './validate.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The answer shapes of a refusal and of a failure, shared by every route's documentation. */
export const fieldErrorsAnswer = z
  .record(z.string(), z.array(z.string()))
  .meta({ description: 'Field errors: {field: [message], non_field_errors: [message]}' });
export const detailAnswer = z.object({ detail: z.string(), code: z.string().optional() });
const refusalAnswer = z.union([fieldErrorsAnswer, detailAnswer]);
const failureAnswer = z.object({ detail: z.string(), request_id: z.string() });

/** A file answer (the …XLSX exports): the body is the file, sent as it is. */
export interface FileAnswer {
  contentType: string;
}

/** What every route spec says about itself, reads and writes alike. */
export interface RouteBase<B extends z.ZodType, Q extends z.ZodType, P extends z.ZodType> {
  method: Method;
  /** Relative to the area's prefix; no trailing slash or `.json` (both are normalised away). */
  url: string;
  body?: B;
  query?: Q;
  params?: P;
  /** Success status (200 unless given). */
  status?: number;
  preHandler?: preHandlerAsyncHookHandler[];
  /** One line for the OpenAPI document. */
  summary?: string;
  /** More for the OpenAPI document when one line is not enough (limits, special statuses). */
  description?: string;
  /**
   * The body carries other calls that check their own text (the batch push): not scanned for
   * unstorable text here, so one bad write is refused alone instead of its whole batch.
   */
  bodyCheckedByItsCalls?: true;
}

export interface RouteSpec<
  B extends z.ZodType,
  Q extends z.ZodType,
  P extends z.ZodType,
  R extends z.ZodType,
> extends RouteBase<B, Q, P> {
  /** No bearer token needed (token, refresh, config, health, the OpenAPI document). */
  public?: boolean;
  response: R;
  /** Answers of other statuses the handler may set itself (e.g. health's 503). */
  otherResponses?: Record<number, z.ZodType>;
  /** The answer is a file of this type (a Buffer), not JSON. */
  file?: FileAnswer;
  handler: (input: {
    request: FastifyRequest;
    reply: FastifyReply;
    body: z.output<B>;
    query: z.output<Q>;
    params: z.output<P>;
  }) => Promise<z.input<R>>;
}

/** Parsed inputs of a request; a missing schema leaves that part as it came. */
export function parseInputs<B extends z.ZodType, Q extends z.ZodType, P extends z.ZodType>(
  spec: Pick<RouteBase<B, Q, P>, 'body' | 'query' | 'params' | 'bodyCheckedByItsCalls'>,
  request: FastifyRequest,
): { body: z.output<B>; query: z.output<Q>; params: z.output<P> } {
  // Text the database cannot store is refused before any schema sees it, on every route:
  // the one place that covers every text field of every write.
  const unstorable = {
    ...unstorableTextErrors(request.params),
    ...unstorableTextErrors(request.query),
    ...(spec.bodyCheckedByItsCalls ? {} : unstorableTextErrors(request.body)),
  };
  if (Object.keys(unstorable).length > 0) throw new RuleError(unstorable);
  // Without a schema the part is passed on unparsed, typed as the (default) unknown schema.
  const body = spec.body ? parseBody(spec.body, request.body) : request.body;
  const query = spec.query ? parseWith(spec.query, request.query) : request.query;
  const params = spec.params ? parseWith(spec.params, request.params) : request.params;
  return {
    body: body as z.output<B>,
    query: query as z.output<Q>,
    params: params as z.output<P>,
  };
}

/**
 * A body checked after the route's parse (by its handler, or by a later stage that must see it
 * whole first), declared by the keys it reads so the OpenAPI document lists them: each optional
 * and of any value here, other keys let through to that check, which refuses them itself.
 */
export function bodyReading(keys: readonly string[]) {
  return z.looseObject(Object.fromEntries(keys.map((key) => [key, z.unknown().optional()])));
}

/** The schema Fastify gets: inputs and answers, for the serializer and the OpenAPI document. */
export function routeSchema(
  spec: Pick<
    RouteBase<z.ZodType, z.ZodType, z.ZodType>,
    'body' | 'query' | 'params' | 'summary' | 'description'
  >,
  responses: Record<number, z.ZodType | FileAnswer>,
  options: { public?: boolean } = {},
): FastifySchema {
  const response: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(responses)) {
    response[status] =
      answer instanceof z.ZodType
        ? answer
        : { content: { [answer.contentType]: { schema: z.string().meta({ format: 'binary' }) } } };
  }
  response['4xx'] = refusalAnswer;
  response['500'] = failureAnswer;
  // The database unreachable (a restart, a failover): retry after Retry-After.
  response['503'] ??= detailAnswer;
  return {
    ...(spec.summary !== undefined && { summary: spec.summary }),
    ...(spec.description !== undefined && { description: spec.description }),
    // OpenAPI: no bearer token for a public route (the document's default asks for one).
    ...(options.public && { security: [] }),
    ...(spec.body && { body: spec.body }),
    ...(spec.query && { querystring: spec.query }),
    ...(spec.params && { params: spec.params }),
    response,
  };
}

export function defineRoute<
  B extends z.ZodType = z.ZodUnknown,
  Q extends z.ZodType = z.ZodUnknown,
  P extends z.ZodType = z.ZodUnknown,
  R extends z.ZodType = z.ZodUnknown,
>(app: FastifyInstance, spec: RouteSpec<B, Q, P, R>): void {
  const status = spec.status ?? 200;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: spec.method,
    url: spec.url,
    config: { public: spec.public === true },
    schema: routeSchema(
      spec,
      { ...spec.otherResponses, [status]: spec.file ?? spec.response },
      { public: spec.public === true },
    ),
    preHandler: spec.preHandler ?? [],
    handler: async (request, reply) => {
      const result = await spec.handler({ request, reply, ...parseInputs(spec, request) });
      // A handler may set another status itself (e.g. 503); `status` is the usual success.
      if (reply.statusCode === 200) reply.code(status);
      return reply.send(result);
    },
  });
}
