/**
 * Receipt verification (`#domain/receipts`): `GET /api/recibos/{code}/` answers which
 * record a member's receipt code stands for and whether the server received it, refused it or
 * has not seen it yet (office roles). A code that cannot be a receipt code is a 400 on `codigo`.
 * `GET /api/recibos/mios/` answers a member (SO) its own receipts, newest first.
 */
import * as z from 'zod';
import { msg } from '#domain/messages';
import { memberReceiptsSchema, normalizeReceiptCode, receiptLookupSchema } from '#domain/receipts';
import { RuleError } from '#domain/rule-errors';
import { area } from '#server/http/area';
import { defineRoute } from '#server/http/route';
import { pickLanguage } from '#server/i18n';
import { currentUser } from '#server/auth/authenticate';
import { lookupReceipt, memberReceipts } from '#server/services/receipts';
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
