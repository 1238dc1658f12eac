/**
 * Bank reconciliation and accounting records
 * (docs/business-rules.md#bank-reconciliation-and-accounting): balances per bank account and per
 * sub-account, the hand-choosable sub-accounts, the accounting records (list, one, spreadsheet) and
 * the booking of a bank movement. Office data: read by CO, GE and VI, booked by CO and GE (`bancos`
 * in #domain/permissions). The pending lists that feed the form (`/movimientos-conc/`,
 * `/pagos/no-link/`, `/contratos/no-link/`) live with their tables.
 */
import * as z from 'zod';
import {
  accountingRecordPageSchema,
  accountingRecordSchema,
  bankBalanceSchema,
  bankMovementCreatedSchema,
  subaccountBalanceSchema,
  subaccountOptionSchema,
} from '#domain/bank-shapes';
import { todayIn } from '#domain/dates';
import { bankMovementSchema } from '#domain/forms/bank-movement';
import { dateRangeSchema } from '#domain/forms/date-range';
import { msg } from '#domain/messages';
import { DATE, DATETIME, defineSheet, flag, INTEGER, signedMoney, TEXT } from '#domain/sheet';
import { notFound } from '#server/http/errors';
import { bodyReading, defineRoute } from '#server/http/route';
import { area } from '#server/http/area';
import { defineWriteRoute } from '#server/http/write-route';
import {
  bankBalances,
  subaccountBalances,
  type BankBalanceRow,
  type SubaccountBalanceRow,
} from '#server/services/bank-balances';
import { createBankMovement, type BankMovementCreated } from '#server/services/bank-movements';
import {
  decodeRecordCursor,
  findAccountingRecord,
  listAccountingRecordPage,
  listAccountingRecords,
  listSelectableSubaccounts,
  type AccountingRecordRow,
  type SubaccountOption,
} from '#server/services/bank-records';
import { sheetOptionsFor } from '#server/xlsx/sheet-options';
import { buildXlsxOffThread, EXPORT_PAGE, pagesOf } from '#server/xlsx/off-thread';
import { asXlsxDownload, XLSX_FILE, xlsxAnswer } from '#server/xlsx/workbook';
import { pathId, requirePermission } from './access.ts';
import { idParams, paymentPageQuery } from './credit-queries.ts';
import { RuleError } from '#domain/rule-errors';

// The answers' shapes are the domain's, the phone's parsers too; here each is held against the
// row its service builds.
const bankBalanceAnswer: z.ZodType<BankBalanceRow> = bankBalanceSchema;
const subaccountBalanceAnswer: z.ZodType<SubaccountBalanceRow> = subaccountBalanceSchema;
const subaccountOptionAnswer: z.ZodType<SubaccountOption> = subaccountOptionSchema;
const accountingRecordAnswer: z.ZodType<AccountingRecordRow> = accountingRecordSchema;
const bankMovementCreatedAnswer: z.ZodType<BankMovementCreated> = bankMovementCreatedSchema;

/** Columns of /registros-contables-xlsx/: the list's, with the detail's bank data. */
export const RECORD_XLSX_COLUMNS = [
  'id',
  'fecha',
  'subcuenta_id_cont',
  'subcuenta_nombre',
  'referencia',
  'cantidad',
  'ingr_egr',
  'referencia_banco',
  'referencia_alf',
  'fecha_captura',
  'usuario',
  'banco_cuenta',
  'banco_nombre',
] as const satisfies readonly (keyof AccountingRecordRow)[];

/** The accounting records spreadsheet: each column's kind (#domain/sheet). */
export const RECORD_SHEET = defineSheet('Registros contables', RECORD_XLSX_COLUMNS, {
  id: INTEGER,
  fecha: DATE,
  subcuenta_id_cont: TEXT,
  subcuenta_nombre: TEXT,
  referencia: TEXT,
  // An expense is money going out: negative, so the column sums to the net.
  cantidad: signedMoney('ingr_egr', false),
  ingr_egr: flag('recordDirections', 'I', 'E'),
  referencia_banco: TEXT,
  referencia_alf: TEXT,
  fecha_captura: DATETIME,
  usuario: TEXT,
  banco_cuenta: TEXT,
  banco_nombre: TEXT,
});

/**
 * The bank reference must already be upper-case letters and digits
 * (docs/business-rules.md#bank-reconciliation-and-accounting): the form upper-cases it on leaving
 * the field, so a lower-case one is a caller's mistake, refused rather than silently changed. The
 * domain schema then checks the rest of the body.
 */
function upperCaseReference(body: Record<string, unknown>, ctx: z.RefinementCtx): void {
  const ref = body.referencia_banco;
  if (typeof ref === 'string' && /[a-z]/.test(ref))
    ctx.addIssue({
      code: 'custom',
      path: ['referencia_banco'],
      message: msg('bancos.server.referenceNotUpperCase'),
      input: ref,
    });
}

/** POST /mov-bancos/: the reference's case first, alone, then the domain's form schema. */
function bankMovementBody(today: () => string) {
  const form = bankMovementSchema({ today });
  return bodyReading(Object.keys(form.in.shape)).superRefine(upperCaseReference).pipe(form);
}

export const bancoRoutes = area('bancos', (app) => {
  const { db } = app;
  const today = () => todayIn(app.config.timezone);
  const read = [requirePermission('bancos', 'read')];

  defineRoute(app, {
    method: 'GET',
    url: '/banco/saldos',
    query: dateRangeSchema,
    preHandler: read,
    response: z.array(bankBalanceAnswer),
    handler: ({ query }) => bankBalances(db, query),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/subcuentas/saldos',
    query: dateRangeSchema,
    preHandler: read,
    response: z.array(subaccountBalanceAnswer),
    handler: ({ query }) => subaccountBalances(db, query),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/subcuentas',
    preHandler: read,
    response: z.array(subaccountOptionAnswer),
    handler: () => listSelectableSubaccounts(db),
  });

  // The whole range (the spec's answer), or with ?limit= one page of it and the next cursor.
  defineRoute(app, {
    method: 'GET',
    url: '/registros-contables',
    query: dateRangeSchema.and(paymentPageQuery),
    preHandler: read,
    response: z.union([z.array(accountingRecordAnswer), accountingRecordPageSchema]),
    handler: ({ query }) => {
      if (query.limit === null) return listAccountingRecords(db, query);
      const after = query.after === undefined ? null : decodeRecordCursor(query.after);
      if (query.after !== undefined && after === null)
        throw new RuleError({ after: [msg('server.credits.pageCursorInvalid')] });
      return listAccountingRecordPage(db, query, query.limit, after);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/registros-contables/:id',
    params: idParams,
    preHandler: read,
    response: accountingRecordAnswer,
    handler: async ({ params }) => {
      const record = await findAccountingRecord(db, pathId(params.id));
      if (!record) throw notFound();
      return record;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/registros-contables-xlsx',
    query: dateRangeSchema,
    preHandler: [requirePermission('bancos', 'read'), requirePermission('xlsx', 'read')],
    response: xlsxAnswer,
    file: XLSX_FILE,
    handler: async ({ query, request, reply }) => {
      // Read page by page (#server/xlsx/off-thread): a year is ~30,000 records.
      const rows = pagesOf<AccountingRecordRow, string>(async (after) => {
        const cursor = after === null ? null : decodeRecordCursor(after);
        const page = await listAccountingRecordPage(db, query, EXPORT_PAGE, cursor);
        return { rows: page.results, next: page.next };
      });
      asXlsxDownload(reply, 'registros-contables.xlsx');
      return buildXlsxOffThread(RECORD_SHEET, rows, sheetOptionsFor(app, request));
    },
  });

  defineWriteRoute(app, {
    method: 'POST',
    url: '/mov-bancos',
    kind: 'banco.movimiento',
    status: 201,
    preHandler: [requirePermission('bancos', 'create')],
    body: bankMovementBody(today),
    response: bankMovementCreatedAnswer,
    handler: async ({ tx, user, body }) => {
      const created = await createBankMovement(tx, user, body);
      return { answer: created, recordRef: created.movimientoBanco.id };
    },
  });
});
