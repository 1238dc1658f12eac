/**
 * `defineRoute`: every route declares its input (body, query, params) and output as zod
 * schemas. Inputs are parsed in the handler's wrapper (errors → 400 field errors, translated
 * by the one error handler); the output type is checked at compile time and, when the app runs
 * with `checkResponses` (tests), at run time too.
 */
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';
import * as z from 'zod';
import { parseBody, parseWith } from './validate.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteSpec<
  B extends z.ZodType,
  Q extends z.ZodType,
  P extends z.ZodType,
  R extends z.ZodType,
> {
  method: Method;
  /** Canonical path without trailing slash or `.json` (both are normalised away). */
  url: string;
  /** No bearer token needed (token, refresh, config, health). */
  public?: boolean;
  body?: B;
  query?: Q;
  params?: P;
  response: R;
  /** Success status (200 unless given). */
  status?: number;
  preHandler?: preHandlerAsyncHookHandler[];
  handler: (input: {
    request: FastifyRequest;
    reply: FastifyReply;
    body: z.output<B>;
    query: z.output<Q>;
    params: z.output<P>;
  }) => Promise<z.input<R>>;
}

export interface RouteOptions {
  /** Validate every answer against its response schema (on in tests). */
  checkResponses: boolean;
}

const anything = z.unknown();

export function defineRoute<
  B extends z.ZodType = z.ZodUnknown,
  Q extends z.ZodType = z.ZodUnknown,
  P extends z.ZodType = z.ZodUnknown,
  R extends z.ZodType = z.ZodUnknown,
>(app: FastifyInstance, options: RouteOptions, spec: RouteSpec<B, Q, P, R>): void {
  app.route({
    method: spec.method,
    url: spec.url,
    config: { public: spec.public === true },
    preHandler: spec.preHandler ?? [],
    handler: async (request, reply) => {
      const body = spec.body ? parseBody(spec.body, request.body) : anything.parse(request.body);
      const query = spec.query ? parseWith(spec.query, request.query) : request.query;
      const params = spec.params ? parseWith(spec.params, request.params) : request.params;
      const result = await spec.handler({
        request,
        reply,
        body: body as z.output<B>,
        query: query as z.output<Q>,
        params: params as z.output<P>,
      });
      if (options.checkResponses) {
        const checked = spec.response.safeParse(result);
        // A wrong answer is the server's bug: a 500, never a 400 blamed on the caller.
        if (!checked.success)
          throw new Error(`${spec.method} ${spec.url} answer: ${z.prettifyError(checked.error)}`);
        if (spec.status) reply.code(spec.status);
        return reply.send(checked.data);
      }
      // A handler may set another status itself (e.g. 503); `status` is the usual success.
      if (spec.status) reply.code(spec.status);
      return reply.send(result);
    },
  });
}
