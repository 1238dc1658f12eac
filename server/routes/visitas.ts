/**
 * Visit marks (docs/community-visit.md): `POST /api/visitas/` — a phone's "no vino", "pagará el
 * DATE" or "visitado" on a member, queued like any capture and stored once under its
 * Idempotency-Key; `GET /api/visitas/?clave_socio=` — a member's marks, newest first, for the
 * member's detail (a member out of the caller's scope answers 404, like one that does not
 * exist).
 */
import * as z from 'zod';
import { todayIn } from '#domain/dates';
import { visitMarkSchema } from '#domain/forms/visit-mark';
import { integerField } from '#domain/rules';
import { visitMarkListSchema, visitMarkRowSchema } from '#domain/visit-shapes';
import { currentUser } from '#server/auth/authenticate';
import { area } from '#server/http/area';
import { notFound } from '#server/http/errors';
import { defineRoute } from '#server/http/route';
import { defineWriteRoute } from '#server/http/write-route';
import { findMember } from '#server/services/members';
import { DB_INT_MAX } from '#server/services/references';
import { createVisitMark, listVisitMarks, markOfId, marksOfMember } from '#server/services/visits';
import { requirePermission } from './access.ts';
import { theRow } from '#server/db/conditions';

export const visitaRoutes = area('visitas', (app) => {
  const { db, config } = app;

  defineRoute(app, {
    method: 'GET',
    url: '',
    query: z.object({ clave_socio: integerField({ min: 1, max: DB_INT_MAX }) }),
    preHandler: [requirePermission('visitas', 'read')],
    response: visitMarkListSchema,
    handler: async ({ request, query, reply }) => {
      reply.header('Cache-Control', 'private, no-store');
      const user = currentUser(request);
      // A member out of the caller's scope is a 404, like one that does not exist.
      if (!(await findMember(db, user, query.clave_socio))) throw notFound();
      return listVisitMarks(db, user, marksOfMember(query.clave_socio));
    },
  });

  defineWriteRoute(app, {
    method: 'POST',
    url: '',
    kind: 'visita.marca',
    status: 201,
    preHandler: [requirePermission('visitas', 'create')],
    body: visitMarkSchema({ today: () => todayIn(config.timezone) }),
    response: visitMarkRowSchema,
    handler: async ({ tx, user, body, capture }) => {
      const id = await createVisitMark(tx, user, body, capture);
      const answer = theRow(await listVisitMarks(tx, user, markOfId(id), 1), 'visit mark read');
      return { answer, recordRef: id };
    },
  });
});
