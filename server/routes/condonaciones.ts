/**
 * Interest waiver (docs/business-rules.md#waiver): POST /condonaciones/,
 * manager only; a contract outside the caller's scope or unknown is an error on `credito`.
 */
import { waiverAnswerSchema } from '#domain/credit-shapes';
import { todayIn } from '#domain/dates';
import { waiverSchema } from '#domain/forms/waiver';
import { area } from '#server/http/area';
import { defineWriteRoute } from '#server/http/write-route';
import { createWaiver } from '#server/services/waivers';
import { requirePermission } from './access.ts';

export const condonacionRoutes = area('condonaciones', (app) => {
  defineWriteRoute(app, {
    method: 'POST',
    url: '',
    kind: 'condonacion.create',
    status: 201,
    preHandler: [requirePermission('condonaciones', 'create')],
    body: waiverSchema,
    response: waiverAnswerSchema,
    handler: async ({ tx, user, body }) => {
      const waiver = await createWaiver(tx, user, body, todayIn(app.config.timezone));
      return { answer: waiver, recordRef: waiver.id };
    },
  });
});
