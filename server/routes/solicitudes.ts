/**
 * Credit requests (docs/business-rules.md#credit-requests): recent and all lists,
 * detail with its chat, create, and the PATCH variants (coordinator review, manager evaluation,
 * promoter renegotiation, resubmission after a rejection). Rights come from #domain/permissions; a
 * request outside the caller's scope answers 404 like an unknown folio.
 */
import * as z from 'zod';
import { creditRequestAnswerSchema } from '#domain/credit-request-shape';
import { todayIn } from '#domain/dates';
import { creditRequestSchema } from '#domain/forms/credit-request';
import { currentUser } from '#server/auth/authenticate';
import { notFound } from '#server/http/errors';
import { bodyReading, defineRoute } from '#server/http/route';
import { area } from '#server/http/area';
import { defineWriteRoute } from '#server/http/write-route';
import {
  CREDIT_REQUEST_FIELDS,
  parseRequestBody,
  requestCreateBody,
} from '#server/services/request-input';
import {
  PATCH_KINDS,
  PATCH_REQUEST_FIELDS,
  patchRequest,
  patchVariant,
} from '#server/services/request-transitions';
import { createRequest, findRequest, listRequests, readerOf } from '#server/services/requests';
import { pathId, requirePermission } from './access.ts';

const folioParams = z.object({ folio: z.string() });

export const solicitudRoutes = area('solicitudes', (app) => {
  const { db } = app;
  const today = () => todayIn(app.config.timezone);

  defineRoute(app, {
    method: 'GET',
    url: '',
    preHandler: [requirePermission('solicitudes', 'read')],
    response: z.array(creditRequestAnswerSchema),
    handler: ({ request }) => listRequests(db, readerOf(currentUser(request)), 'recent'),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/all',
    preHandler: [requirePermission('solicitudes', 'read')],
    response: z.array(creditRequestAnswerSchema),
    handler: ({ request }) => listRequests(db, readerOf(currentUser(request)), 'all'),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/:folio',
    params: folioParams,
    preHandler: [requirePermission('solicitudes', 'read')],
    response: creditRequestAnswerSchema,
    handler: async ({ request, params }) => {
      const found = await findRequest(db, readerOf(currentUser(request)), pathId(params.folio));
      if (!found) throw notFound();
      return found;
    },
  });

  defineWriteRoute(app, {
    method: 'POST',
    url: '',
    kind: 'solicitud.create',
    status: 201,
    preHandler: [requirePermission('solicitudes', 'create')],
    body: requestCreateBody,
    response: creditRequestAnswerSchema,
    handler: async ({ tx, user, body, capture }) => {
      const values = parseRequestBody(creditRequestSchema({ today: today() }), body, {
        commentField: 'comentarios_promotor',
        allowed: CREDIT_REQUEST_FIELDS,
      });
      const created = await createRequest(tx, user, values, capture);
      return { answer: created, recordRef: created.folio_solicitud };
    },
  });

  defineWriteRoute(app, {
    method: 'PATCH',
    url: '/:folio',
    kind: (body) => {
      const variant = patchVariant(body);
      return variant === null ? 'solicitud.update' : PATCH_KINDS[variant];
    },
    params: folioParams,
    // Each variant checks its own fields in the handler.
    body: bodyReading(PATCH_REQUEST_FIELDS),
    response: creditRequestAnswerSchema,
    handler: async ({ tx, user, body, params, capture }) => {
      const folio = pathId(params.folio);
      const updated = await patchRequest(tx, user, folio, body, capture, today());
      return { answer: updated, recordRef: folio };
    },
  });
});
