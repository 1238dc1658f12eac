/**
 * The office's inbox of field work, under `/api/bandeja`: the list a keyset page at
 * a time, the unreviewed count for the menu, what the phones still hold, the reviewed marks
 * (CO, GE) and the export of the list as filtered. Live from the server, never replicated:
 * the office screen asks again after each of its syncs.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as z from 'zod';
import {
  fieldPhonesSchema,
  inboxFilterSchema,
  inboxPageSchema,
  inboxSummarySchema,
  INBOX_PAGE_DEFAULT,
  INBOX_PAGE_MAX,
  reviewAnswerSchema,
  reviewBodySchema,
} from '#domain/field-inbox';
import { msg } from '#domain/messages';
import { RuleError } from '#domain/rule-errors';
import { integerField } from '#domain/rules';
import { area } from '#server/http/area';
import { defineRoute } from '#server/http/route';
import { defineWriteRoute } from '#server/http/write-route';
import { pickLanguage } from '#server/i18n';
import {
  decodeInboxCursor,
  inboxPage,
  markReviewed,
  unreviewedCount,
  type InboxOptions,
} from '#server/services/field-inbox';
import { fieldPhones } from '#server/services/field-phones';
import { INBOX_SHEET, inboxSheetRows } from '#server/services/field-inbox-sheet';
import { sheetOptionsFor } from '#server/xlsx/sheet-options';
import { buildXlsxOffThread } from '#server/xlsx/off-thread';
import { asXlsxDownload, XLSX_FILE, xlsxAnswer } from '#server/xlsx/workbook';
import { requirePermission } from './access.ts';

const pageQuery = inboxFilterSchema.extend({
  limit: integerField({ min: 1, max: INBOX_PAGE_MAX, required: false }).optional(),
  after: z.string().max(40).optional(),
});

function optionsFor(app: FastifyInstance, request: FastifyRequest): InboxOptions {
  const lang = pickLanguage(request.headers['accept-language']);
  return {
    timezone: app.config.timezone,
    translate: (text) => app.translator.message(lang, text),
    discardLabel: (code) => app.translator.t(lang, `syncCenter.discardReasons.${code}`),
    // The sync center's field labels; a field without one shows its message alone.
    fieldLabel: (field) => {
      const key = `syncCenter.fields.${field}`;
      const label = app.translator.t(lang, key);
      return label === key || label === '' ? null : label;
    },
  };
}

export const bandejaRoutes = area('bandeja', (app) => {
  const { db } = app;

  defineRoute(app, {
    method: 'GET',
    url: '',
    query: pageQuery,
    preHandler: [requirePermission('bandeja', 'read')],
    response: inboxPageSchema,
    summary: 'Field writes received, newest first, one keyset page at a time.',
    handler: async ({ request, reply, query }) => {
      const after = query.after === undefined ? null : decodeInboxCursor(query.after);
      if (query.after !== undefined && after === null)
        throw new RuleError({ after: [msg('server.credits.pageCursorInvalid')] });
      reply.header('Cache-Control', 'private, no-store');
      const { limit, after: _after, ...filter } = query;
      return inboxPage(
        db,
        filter,
        { limit: limit ?? INBOX_PAGE_DEFAULT, after },
        optionsFor(app, request),
      );
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/resumen',
    preHandler: [requirePermission('bandeja', 'read')],
    response: inboxSummarySchema,
    handler: async ({ reply }) => {
      reply.header('Cache-Control', 'private, no-store');
      return { sin_revisar: await unreviewedCount(db) };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/telefonos',
    preHandler: [requirePermission('bandeja', 'read')],
    response: fieldPhonesSchema,
    handler: async ({ reply }) => {
      reply.header('Cache-Control', 'private, no-store');
      return fieldPhones(db, {
        silentDays: app.config.fieldSilentDays,
        refusedDays: app.config.fieldRefusedDays,
      });
    },
  });

  defineWriteRoute(app, {
    method: 'POST',
    url: '/revisados',
    kind: 'bandeja.review',
    inboxSummary: false,
    preHandler: [requirePermission('bandeja', 'review')],
    body: reviewBodySchema,
    response: reviewAnswerSchema,
    handler: async ({ tx, user, body, capture }) => {
      const target =
        body.ids !== undefined && body.ids.length > 0
          ? { ids: body.ids }
          : { filter: body.filtro ?? {} };
      const marcados = await markReviewed(
        tx,
        target,
        user.id,
        capture.receivedAt,
        app.config.timezone,
      );
      return { answer: { marcados } };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: 'XLSX',
    query: inboxFilterSchema,
    preHandler: [requirePermission('bandeja', 'read'), requirePermission('xlsx', 'read')],
    response: xlsxAnswer,
    file: XLSX_FILE,
    handler: async ({ request, reply, query }) => {
      const options = optionsFor(app, request);
      const { results } = await inboxPage(db, query, { limit: null, after: null }, options);
      const lang = pickLanguage(request.headers['accept-language']);
      asXlsxDownload(reply, 'bandeja.xlsx');
      return buildXlsxOffThread(
        INBOX_SHEET,
        inboxSheetRows(results, (key) => app.translator.t(lang, key)),
        sheetOptionsFor(app, request),
      );
    },
  });
});
