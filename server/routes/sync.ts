/**
 * The sync endpoints (docs/sync-protocol.md#pull): `GET /api/sync/pull/` (any
 * logged-in user, rows in its scope), `POST /api/sync/push/` (many queued writes in one
 * request, each answered as its single call) and `GET /api/sync/field-activity/` (the office
 * view of field queues: CO, GE, VI).
 */
import * as z from 'zod';
import { msg } from '#domain/messages';
import {
  fieldActivitySchema,
  PULL_DEFAULT_LIMIT,
  PULL_MAX_LIMIT,
  pullAnswerSchema,
  pushAnswerSchema,
  pushBatchSchema,
  PUSH_BLOCKED_STATUS,
  PUSH_MAX_WRITES,
  PUSH_NOT_ATTEMPTED_STATUS,
} from '#domain/sync-protocol';
import { currentUser } from '#server/auth/authenticate';
import { claimFinalPush, lostRefusal } from '#server/auth/lost-device';
import { WIPE_HEADER } from '#domain/lost-device';
import { checkClientSchema } from '#server/http/capture';
import { RuleError } from '#domain/rule-errors';
import { area } from '#server/http/area';
import { defineRoute } from '#server/http/route';
import { defineWriteRoute } from '#server/http/write-route';
import { storeQueueReport } from '#server/services/field-phones';
import { queueReportAnswerSchema, queueReportSchema } from '#domain/field-inbox';
import { pickLanguage } from '#server/i18n';
import { fieldActivity } from '#server/sync/field-activity';
import { touchLastSeen } from '#server/sync/last-seen';
import { pullPage, scopeHash } from '#server/sync/pull';
import { PagesAhead } from '#server/sync/pull-ahead';
import { runPushBatch, unknownWriteRoutes } from '#server/sync/push-batch';
import { registerFoundationTables } from '#server/sync/tables/index';
import { requirePermission } from './access.ts';

const pullQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.string().optional(),
});

/** `limit`: absent → the default; above the maximum → the maximum; not 1… → a 400 on limit. */
function pageLimit(raw: string | undefined): number {
  if (raw === undefined || raw === '') return PULL_DEFAULT_LIMIT;
  const n = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  if (n < 1)
    throw new RuleError({
      limit: [msg('server.sync.pullLimitInvalid', { max: PULL_MAX_LIMIT })],
    });
  return Math.min(n, PULL_MAX_LIMIT);
}

/** The batch push's contract in the OpenAPI document: its limits and its own statuses. */
function pushDescription(bodyLimit: number): string {
  return [
    `At most ${PUSH_MAX_WRITES} writes and ${Math.floor(bodyLimit / 1024)} KiB for the whole body`,
    '(more: 400). Each write `{key, capturedAt?, method, path, body?, chain?}` is the single',
    'call `method path` with `Idempotency-Key: key` and `X-Captured-At: capturedAt`, run in',
    'order through the same pipeline (permissions, validation, its own transaction, the key',
    "store); its result is that call's status and body. A path that is no write route makes",
    'the batch a 400 (`writes.<i>.path`). After a refusal, the later writes of its `chain`',
    `answer ${PUSH_BLOCKED_STATUS} \`{detail, code: "blocked", blocked_by}\`, not applied;`,
    `after a 401, 429 or 5xx the rest answer ${PUSH_NOT_ATTEMPTED_STATUS}`,
    '`{detail, code: "not_attempted"}`, and the batch carries the Retry-After of the write that',
    'halted it, if any. Neither is stored: resend with the same keys.',
  ].join(' ');
}

export const syncRoutes = area('sync', (app) => {
  const { db } = app;
  registerFoundationTables();
  const ahead = new PagesAhead();

  defineRoute(app, {
    method: 'GET',
    url: '/pull',
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
      const scope = {
        userId: user.id,
        role: user.role,
        region: user.region,
        clave_socio: user.clave_socio,
        translator: user.translator,
      };
      const pull = `${user.id}|${scopeHash(scope)}`;
      const cursor = query.cursor ?? '';
      const answer =
        (await ahead.take(db, `${limit}|${cursor}`, pull)) ??
        (await pullPage(db, scope, cursor, limit));
      if (answer.hasMore) {
        // The phone asks for a first page small and the rest at the default size.
        const next = cursor === '' && query.limit !== undefined ? PULL_DEFAULT_LIMIT : limit;
        ahead.start(db, `${next}|${answer.cursor}`, pull, () =>
          pullPage(db, scope, answer.cursor, next),
        );
      }
      return answer;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/push',
    body: pushBatchSchema,
    response: pushAnswerSchema,
    preHandler: [requirePermission('sync', 'push')],
    bodyCheckedByItsCalls: true,
    summary: 'Many queued writes in one request; each answered exactly as its single call.',
    description: pushDescription(app.config.bodyLimit),
    handler: async ({ request, reply, body }) => {
      checkClientSchema(request);
      const unknown = unknownWriteRoutes(app.writeRoutes, body.writes);
      if (Object.keys(unknown).length > 0) throw new RuleError(unknown);
      const lang = pickLanguage(request.headers['accept-language']);
      reply.header('Cache-Control', 'private, no-store');
      // A lost session's one final push: claimed once across instances, after its body passed
      // (a refused body does not spend it), answered with the wipe (docs/security.md#a-lost-device).
      const lost = request.lostSession;
      if (lost) {
        const sid = request.accessToken?.session ?? null;
        if (sid === null || !(await claimFinalPush(app.db, sid))) throw lostRefusal(lost.reason);
        reply.header(WIPE_HEADER, lost.reason);
      }
      const { results, retryAfter } = await runPushBatch(app, request, body.writes, (text) =>
        app.translator.message(lang, text),
      );
      // The batch is answered (200), but the write that halted it said when to resend the rest.
      if (retryAfter !== undefined) reply.header('Retry-After', retryAfter);
      return { results };
    },
  });

  defineWriteRoute(app, {
    method: 'POST',
    url: '/queue-report',
    kind: 'sync.queueReport',
    inboxSummary: false,
    preHandler: [requirePermission('sync', 'report')],
    body: queueReportSchema,
    response: queueReportAnswerSchema,
    summary: "The phone's queue in counts (kind, state, oldest capture) and its discards' reasons.",
    handler: async ({ tx, user, body, capture }) => {
      await storeQueueReport(tx, user.id, body, capture.receivedAt);
      return { answer: { recibido_en: capture.receivedAt.toISOString() } };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/field-activity',
    preHandler: [requirePermission('field-activity', 'read')],
    response: fieldActivitySchema,
    handler: async ({ request, reply }) => {
      const lang = pickLanguage(request.headers['accept-language']);
      reply.header('Cache-Control', 'private, no-store');
      return fieldActivity(db, {
        timezone: app.config.timezone,
        translate: (text) => app.translator.message(lang, text),
      });
    },
  });
});
