/**
 * Type-level test, checked by `npm run typecheck`: every `@ts-expect-error` below must be an
 * error. A server write route records a kind of src/domain/command-kinds.ts, a PATCH with
 * several kinds answers only such kinds, and a test's own kind needs `writeRoutesOfKinds`.
 * Nothing here runs (the function is never called).
 */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod';
import { defineWriteRoute, writeRoutesOfKinds } from '#server/http/write-route';

const response = z.object({ ok: z.boolean() });
const handler = async () => ({ answer: { ok: true } });

export function writeRouteKindsTypeTest(app: FastifyInstance) {
  // A phone's kind and a server-only kind compile.
  defineWriteRoute(app, { method: 'POST', url: '/a', kind: 'pago.create', response, handler });
  defineWriteRoute(app, { method: 'POST', url: '/b', kind: 'bandeja.review', response, handler });
  defineWriteRoute(app, {
    method: 'PATCH',
    url: '/c',
    kind: (body) => (body === null ? 'solicitud.update' : 'solicitud.renegotiate'),
    response,
    handler,
  });

  defineWriteRoute(app, {
    method: 'PATCH',
    url: '/d',
    // @ts-expect-error the server's old name of the renegotiation is no kind any more
    kind: 'solicitud.renegotiation',
    response,
    handler,
  });

  // @ts-expect-error a made-up kind
  defineWriteRoute(app, { method: 'POST', url: '/e', kind: 'note.create', response, handler });

  defineWriteRoute(app, {
    method: 'PATCH',
    url: '/f',
    // @ts-expect-error a kind function answering any text
    kind: (body: unknown) => String(body),
    response,
    handler,
  });

  // A test's own kind, named where its definer is made.
  const defineNoteRoute = writeRoutesOfKinds<'note.create'>();
  defineNoteRoute(app, { method: 'POST', url: '/g', kind: 'note.create', response, handler });
  // @ts-expect-error only the kinds it was made for
  defineNoteRoute(app, { method: 'POST', url: '/h', kind: 'note.delete', response, handler });
}
