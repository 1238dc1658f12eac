/**
 * Receipt verification (issue 15, `#domain/receipts`): `GET /api/recibos/{code}/` answers which
 * record a member's receipt code stands for and whether the server received it, refused it or
 * has not seen it yet (office roles). A code that cannot be a receipt code is a 400 on `codigo`.
 */
import * as z from 'zod';
import { msg } from '#domain/messages';
import { normalizeReceiptCode, receiptLookupSchema } from '#domain/receipts';
import { RuleError } from '#domain/rule-errors';
import { area } from '#server/http/area';
import { defineRoute } from '#server/http/route';
import { pickLanguage } from '#server/i18n';
import { lookupReceipt } from '#server/services/receipts';
import { requirePermission } from './access.ts';

export const reciboRoutes = area('recibos', (app) => {
  const { db } = app;

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
