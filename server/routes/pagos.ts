/**
 * Payments (docs/business-rules.md#payments): list, detail, create (validated
 * in the rules' order, stored with its debt snapshot, settling the contract, in one transaction
 * with the contract row locked), bank-data edit while the bank date is empty, the
 * not-yet-reconciled list and the spreadsheet. Scope as contracts: the office all, a promoter its
 * region.
 */
import * as z from 'zod';
import {
  PAYMENT_EXPORT,
  PAYMENT_SHEET,
  paymentCreatedSchema,
  paymentRowSchema,
} from '#domain/credit-shapes';
import { todayIn } from '#domain/dates';
import { msg } from '#domain/messages';
import { RuleError } from '#domain/rule-errors';
import { paymentBankDataSchema } from '#domain/forms/bank-data-edit';
import { paymentSchema } from '#domain/forms/payment';
import { currentUser } from '#server/auth/authenticate';
import { notFound } from '#server/http/errors';
import { defineRoute } from '#server/http/route';
import { area } from '#server/http/area';
import { defineWriteRoute } from '#server/http/write-route';
import { paymentNotLinked } from '#server/services/bank-links';
import {
  createPayment,
  editPaymentBankData,
  decodePaymentCursor,
  findPayment,
  listPaymentPage,
  listPayments,
  type PaymentRow,
} from '#server/services/payments';
import { sheetOptionsFor } from '#server/xlsx/sheet-options';
import { buildXlsxOffThread, EXPORT_PAGE, pagesOf } from '#server/xlsx/off-thread';
import { asXlsxDownload, XLSX_FILE, xlsxAnswer } from '#server/xlsx/workbook';
import { pathId, requirePermission } from './access.ts';
import { idParams, noLinkSchema, paymentPageQuery } from './credit-queries.ts';

export const pagoRoutes = area('pagos', (app) => {
  const { db } = app;
  const today = () => todayIn(app.config.timezone);

  // The whole list (the spec's answer), or with ?limit= one page of it and the next cursor.
  defineRoute(app, {
    method: 'GET',
    url: '',
    query: paymentPageQuery,
    preHandler: [requirePermission('pagos', 'read')],
    response: z.union([
      z.array(paymentRowSchema),
      z.object({ results: z.array(paymentRowSchema), next: z.string().nullable() }),
    ]),
    handler: ({ request, query }) => {
      const user = currentUser(request);
      if (query.limit === null) return listPayments(db, user);
      const after = query.after === undefined ? null : decodePaymentCursor(query.after);
      if (query.after !== undefined && after === null)
        throw new RuleError({ after: [msg('server.credits.pageCursorInvalid')] });
      return listPaymentPage(db, user, query.limit, after);
    },
  });

  // Payments not yet reconciled with a bank movement (no accounting record points at them).
  defineRoute(app, {
    method: 'GET',
    url: '/no-link',
    preHandler: [requirePermission('bancos', 'read')],
    response: noLinkSchema(paymentRowSchema),
    handler: async ({ request }) => {
      const results = await listPayments(db, currentUser(request), paymentNotLinked());
      return { count: results.length, results };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/:id',
    params: idParams,
    preHandler: [requirePermission('pagos', 'read')],
    response: paymentRowSchema,
    handler: async ({ request, params }) => {
      const payment = await findPayment(db, currentUser(request), pathId(params.id));
      if (!payment) throw notFound();
      return payment;
    },
  });

  defineWriteRoute(app, {
    method: 'POST',
    url: '',
    kind: 'pago.create',
    status: 201,
    preHandler: [requirePermission('pagos', 'create')],
    body: paymentSchema({ today }),
    response: paymentCreatedSchema,
    handler: async ({ tx, user, body, capture }) => {
      const payment = await createPayment(tx, user, body, capture);
      return { answer: payment, recordRef: payment.id };
    },
  });

  defineWriteRoute(app, {
    method: 'PATCH',
    url: '/:id',
    kind: 'pago.bank',
    params: idParams,
    preHandler: [requirePermission('pagos', 'bank-edit')],
    body: paymentBankDataSchema({ today }),
    response: paymentRowSchema,
    handler: async ({ tx, user, params, body }) => {
      const payment = await editPaymentBankData(tx, user, pathId(params.id), body);
      if (!payment) throw notFound();
      return { answer: payment, recordRef: payment.id };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: 'XLSX',
    preHandler: [requirePermission('xlsx', 'read')],
    response: xlsxAnswer,
    file: XLSX_FILE,
    handler: async ({ request, reply }) => {
      const reader = currentUser(request);
      // Read page by page (#server/xlsx/off-thread): the large set has ~24,000 payments.
      const rows = pagesOf<PaymentRow, string>(async (after) => {
        const cursor = after === null ? null : decodePaymentCursor(after);
        const page = await listPaymentPage(db, reader, EXPORT_PAGE, cursor);
        return { rows: page.results, next: page.next };
      });
      asXlsxDownload(reply, PAYMENT_EXPORT.file);
      return buildXlsxOffThread(PAYMENT_SHEET, rows, sheetOptionsFor(app, request));
    },
  });
});
