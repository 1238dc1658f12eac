/**
 * Receipt verification (`#domain/receipts`): `GET /api/recibos/{code}/` answers which
 * record a member's receipt code stands for and whether the server received it, refused it or
 * has not seen it yet (office roles). A code that cannot be a receipt code is a 400 on `codigo`.
 * `GET /api/recibos/mios/` answers a member (SO) its own receipts, newest first.
 * `POST /api/recibos/dispositivos/` registers the caller's phone's receipt device code, which
 * every receipt the caller's captures carry must name (docs/security.md, "Receipt numbers").
 */
import * as z from 'zod';
import { msg } from '#domain/messages';
import {
  memberReceiptsSchema,
  normalizeReceiptCode,
  receiptDeviceAnswerSchema,
  receiptDeviceSchema,
  receiptLookupSchema,
} from '#domain/receipts';
import { RuleError } from '#domain/rule-errors';
import { area } from '#server/http/area';
import { defineRoute } from '#server/http/route';
import { defineWriteRoute } from '#server/http/write-route';
import { pickLanguage } from '#server/i18n';
import { currentUser } from '#server/auth/authenticate';
import { lookupReceipt, memberReceipts, registerReceiptDevice } from '#server/services/receipts';
import { requirePermission } from './access.ts';

export const reciboRoutes = area('recibos', (app) => {
  const { db } = app;

  // Registered before '/:code' for readability; Fastify prefers the static path anyway.
  defineRoute(app, {
    method: 'GET',
    url: '/mios',
    preHandler: [requirePermission('recibos', 'mine')],
    response: memberReceiptsSchema,
    handler: async ({ request, reply }) => {
      const clave = currentUser(request).clave_socio;
      reply.header('Cache-Control', 'private, no-store');
      return clave === null ? [] : memberReceipts(db, clave);
    },
  });

  // Only for the caller itself: the user is the token's, never the body's.
  defineWriteRoute(app, {
    method: 'POST',
    url: '/dispositivos',
    kind: 'recibo.dispositivo',
    inboxSummary: false,
    preHandler: [requirePermission('recibos', 'register')],
    body: receiptDeviceSchema,
    response: receiptDeviceAnswerSchema,
    summary: "Register the phone's receipt device code for the caller (again: seen now)",
    handler: async ({ tx, user, body, capture }) => ({
      answer: await registerReceiptDevice(tx, user.id, body.codigo, capture.receivedAt),
    }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/:code',
    params: z.object({ code: z.string() }),
    preHandler: [requirePermission('recibos', 'read')],
    response: receiptLookupSchema,
    handler: async ({ request, reply, params }) => {
      const code = normalizeReceiptCode(params.code);
      if (!code) throw new RuleError({ codigo: [msg('validation.receiptInvalid')] });
      const lang = pickLanguage(request.headers['accept-language']);
      reply.header('Cache-Control', 'private, no-store');
      return lookupReceipt(db, code, (text) => app.translator.message(lang, text));
    },
  });
});
