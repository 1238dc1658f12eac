/**
 * The sync endpoints (ARCHITECTURE.md "How data flows" 4): `GET /api/sync/pull/` (any
 * logged-in user, rows in its scope) and `GET /api/sync/field-activity/` (the office view of
 * field queues: CO, GE, VI).
 */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod';
import { msg } from '#domain/messages';
import {
  PULL_DEFAULT_LIMIT,
  PULL_MAX_LIMIT,
  type FieldActivityAnswer,
  type PullAnswer,
} from '#domain/sync-protocol';
import { currentUser } from '#server/auth/authenticate';
import { checkClientSchema } from '#server/http/capture';
import { FieldErrorsError } from '#server/http/errors';
import { defineRoute } from '#server/http/route';
import { pickLanguage, type Translator } from '#server/i18n';
import { fieldActivity } from '#server/sync/field-activity';
import { touchLastSeen } from '#server/sync/last-seen';
import { pullPage } from '#server/sync/pull';
import { registerFoundationTables } from '#server/sync/tables/index';
import { requirePermission } from './access.ts';
import type { RouteDeps } from './deps.ts';

const pullQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.string().optional(),
});

const pullAnswerSchema = z.object({
  cursor: z.string(),
  hasMore: z.boolean(),
  reset: z.boolean(),
  changes: z.record(z.string(), z.array(z.unknown())),
}) satisfies z.ZodType<PullAnswer>;

const activityItem = z.object({
  kind: z.string(),
  record_ref: z.string().nullable(),
  status: z.number().int(),
  captured_at: z.string().nullable(),
  received_at: z.string(),
  reason: z.string().nullable(),
});
const fieldActivitySchema = z.object({
  generated_at: z.string(),
  users: z.array(
    z.object({
      user_id: z.number().int(),
      username: z.string(),
      name: z.string(),
      role: z.string(),
      region: z.number().int().nullable(),
      last_contact: z.string().nullable(),
      today: z.record(z.string(), z.number().int()),
      week: z.record(z.string(), z.number().int()),
      recent: z.array(activityItem),
      rejected: z.array(activityItem),
    }),
  ),
}) satisfies z.ZodType<FieldActivityAnswer>;

/** `limit`: absent → the default; above the maximum → the maximum; not 1… → a 400 on limit. */
function pageLimit(raw: string | undefined): number {
  if (raw === undefined || raw === '') return PULL_DEFAULT_LIMIT;
  const n = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  if (n < 1)
    throw new FieldErrorsError({
      limit: [msg('server.sync.pullLimitInvalid', { max: PULL_MAX_LIMIT })],
    });
  return Math.min(n, PULL_MAX_LIMIT);
}

export function registerSyncRoutes(
  app: FastifyInstance,
  deps: RouteDeps,
  translator: Translator,
): void {
  const { db } = deps;
  registerFoundationTables();

  defineRoute(app, deps.routeOptions, {
    method: 'GET',
    url: '/api/sync/pull',
    query: pullQuery,
    response: pullAnswerSchema,
    handler: async ({ request, reply, query }) => {
      const user = currentUser(request);
      checkClientSchema(request);
      const limit = pageLimit(query.limit);
      await touchLastSeen(db, user.id);
      // Rows in the caller's scope: never kept by a shared cache. (Compressed by
      // @fastify/compress, registered globally in app.ts, when the client accepts it.)
      reply.header('Cache-Control', 'private, no-store');
      return pullPage(
        db,
        { userId: user.id, role: user.role, region: user.region, clave_socio: user.clave_socio },
        query.cursor,
        limit,
      );
    },
  });

  defineRoute(app, deps.routeOptions, {
    method: 'GET',
    url: '/api/sync/field-activity',
    preHandler: [requirePermission('field-activity', 'read')],
    response: fieldActivitySchema,
    handler: async ({ request, reply }) => {
      const lang = pickLanguage(request.headers['accept-language']);
      reply.header('Cache-Control', 'private, no-store');
      return fieldActivity(db, {
        timezone: deps.config.timezone,
        translate: (text) => translator.message(lang, text),
      });
    },
  });
}
