/**
 * Trip closings: `POST /api/cierres-viaje/` — a promoter's phone closes its trip (queued like
 * any capture, exactly once under its Idempotency-Key); `GET /api/cierres-viaje/` — the office
 * reads every promoter's closings, declared beside received; `GET /api/cierres-viaje/mios/` —
 * the caller's own latest closings, so the phone shows what the office received of its last one.
 */
import { tripClosingSchema as tripClosingBody } from '#domain/forms/trip-closing';
import { tripClosingListSchema, tripClosingSchema } from '#domain/trip-shapes';
import { currentUser } from '#server/auth/authenticate';
import { area } from '#server/http/area';
import { defineRoute } from '#server/http/route';
import { defineWriteRoute } from '#server/http/write-route';
import { createClosing, listClosings, OWN_CLOSINGS_MAX } from '#server/services/trip-closings';
import { requirePermission } from './access.ts';
import { theRow } from '#server/db/conditions';

export const cierreViajeRoutes = area('cierres-viaje', (app) => {
  const { db } = app;

  defineRoute(app, {
    method: 'GET',
    url: '',
    preHandler: [requirePermission('cierres-viaje', 'read')],
    response: tripClosingListSchema,
    handler: async ({ reply }) => {
      reply.header('Cache-Control', 'private, no-store');
      return listClosings(db);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/mios',
    preHandler: [requirePermission('cierres-viaje', 'mine')],
    response: tripClosingListSchema,
    handler: async ({ request, reply }) => {
      reply.header('Cache-Control', 'private, no-store');
      return listClosings(db, { promotor: currentUser(request).id, limit: OWN_CLOSINGS_MAX });
    },
  });

  defineWriteRoute(app, {
    method: 'POST',
    url: '',
    kind: 'viaje.close',
    status: 201,
    preHandler: [requirePermission('cierres-viaje', 'create')],
    body: tripClosingBody(),
    response: tripClosingSchema,
    handler: async ({ tx, user, body, capture }) => {
      const id = await createClosing(tx, user, body, capture);
      const answer = theRow(await listClosings(tx, { id }), 'closing read');
      return { answer, recordRef: id };
    },
  });
});
