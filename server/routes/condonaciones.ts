/**
 * Interest waiver (spec part 2 §2, §7, BUSINESS_RULES §6): POST /condonaciones/, manager only;
 * a contract outside the caller's scope or unknown is an error on `credito`.
 */
import type { FastifyInstance } from 'fastify';
import { todayIn } from '#domain/dates';
import { waiverSchema } from '#domain/forms/waiver';
import { defineWriteRoute } from '#server/http/write-route';
import { createWaiver } from '#server/services/waivers';
import { requirePermission } from './access.ts';
import { waiverAnswerSchema } from './credit-schemas.ts';
import type { RouteDeps } from './deps.ts';

export function registerCondonacionRoutes(app: FastifyInstance, deps: RouteDeps): void {
  defineWriteRoute(app, deps, {
    method: 'POST',
    url: '/api/condonaciones',
    kind: 'condonacion.create',
    status: 201,
    preHandler: [requirePermission('condonaciones', 'create')],
    body: waiverSchema,
    response: waiverAnswerSchema,
    handler: async ({ tx, user, body }) => {
      const waiver = await createWaiver(tx, user, body, todayIn(deps.config.timezone));
      return { answer: waiver, recordRef: waiver.id };
    },
  });
}
