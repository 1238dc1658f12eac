/**
 * Collections (docs/business-rules.md#collections): list, create, yearly sums
 * and the spreadsheet per product. Read scope from #domain/permissions (CO, GE, VI all; a promoter
 * its region; a member its own deliveries); promoters capture for their region, CO and GE for any
 * (design card).
 */
import * as z from 'zod';
import { PROCESSES, XLSX_PRODUCT_FILTERS, type Process } from '#domain/codes';
import { ACOPIO_SHEET, acopioRowSchema } from '#domain/delivery-shapes';
import { todayIn } from '#domain/dates';
import { acopioSchema } from '#domain/forms/acopio';
import { enumField, integerField } from '#domain/rules';
import { currentUser } from '#server/auth/authenticate';
import { defineRoute } from '#server/http/route';
import { area } from '#server/http/area';
import { defineWriteRoute } from '#server/http/write-route';
import {
  ACOPIO_EXPORT,
  createAcopio,
  listAcopios,
  productCondition,
  yearSumsOf,
} from '#server/services/acopios';
import { DB_INT_MAX } from '#server/services/references';
import { sheetOptionsFor } from '#server/xlsx/sheet-options';
import { buildXlsxOffThread } from '#server/xlsx/off-thread';
import { asXlsxDownload, XLSX_FILE, xlsxAnswer } from '#server/xlsx/workbook';
import { requirePermission } from './access.ts';

export const yearSumRowSchema = z.object({
  fecha__year: z.number().int(),
  year_sum_cf: z.number(),
  year_sum_mi: z.number(),
  year_sum_ja: z.number(),
  year_sum_sl: z.number(),
});

const optionalId = integerField({ min: 1, max: DB_INT_MAX, required: false });
const flag = z.string().optional();

/** A flag is on when present, unless it says false ("False", "false", "0"). */
const isOn = (value: string | undefined) =>
  value !== undefined && !/^(false|0)$/i.test(value.trim());

const yearSumQuery = z.object({
  clave_socio: optionalId.optional(),
  comunidad: optionalId.optional(),
  region: optionalId.optional(),
  kg: flag,
  CF: flag,
  MI: flag,
  JA: flag,
  SL: flag,
});

const xlsxQuery = z.object({
  tipo_de_producto: enumField(XLSX_PRODUCT_FILTERS, { required: false }).optional(),
});

export const acopioRoutes = area('acopios', (app) => {
  const { db, config } = app;
  const today = () => todayIn(config.timezone);

  defineRoute(app, {
    method: 'GET',
    url: '',
    preHandler: [requirePermission('acopios', 'read')],
    response: z.array(acopioRowSchema),
    handler: ({ request }) => listAcopios(db, currentUser(request)),
  });

  defineWriteRoute(app, {
    method: 'POST',
    url: '',
    kind: 'acopio.create',
    status: 201,
    preHandler: [requirePermission('acopios', 'create')],
    body: acopioSchema({ today }),
    response: acopioRowSchema,
    handler: async ({ tx, user, body, capture }) => {
      const row = await createAcopio(tx, user, body, capture);
      return { answer: row, recordRef: row.id };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/year_sum',
    query: yearSumQuery,
    preHandler: [requirePermission('acopios', 'read')],
    response: z.array(yearSumRowSchema),
    handler: ({ request, query }) => {
      const processes = PROCESSES.filter((p: Process) => isOn(query[p]));
      return yearSumsOf(
        db,
        currentUser(request),
        {
          clave_socio: query.clave_socio ?? undefined,
          comunidad: query.comunidad ?? undefined,
          region: query.region ?? undefined,
        },
        { kg: isOn(query.kg), processes },
      );
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: 'XLSX',
    query: xlsxQuery,
    preHandler: [requirePermission('xlsx', 'read')],
    response: xlsxAnswer,
    file: XLSX_FILE,
    handler: async ({ request, reply, query }) => {
      const product = query.tipo_de_producto ?? 'ALL';
      const rows = await listAcopios(db, currentUser(request), productCondition(product));
      asXlsxDownload(reply, ACOPIO_EXPORT.file(product));
      return buildXlsxOffThread(ACOPIO_SHEET, rows, sheetOptionsFor(app, request));
    },
  });
});
