/**
 * Hermitage detail (docs/business-rules.md#other-areas: any logged-in user, like
 * the reference list) and the office's spreadsheet of hermitages. The list is in reference.ts.
 */
import { HERMITAGE_EXPORT, HERMITAGE_SHEET, hermitageSchema } from '#domain/community-shapes';
import * as z from 'zod';
import { notFound } from '#server/http/errors';
import { area } from '#server/http/area';
import { defineRoute } from '#server/http/route';
import { findHermitage, loadHermitages } from '#server/services/hermitages';
import { sheetOptionsFor } from '#server/xlsx/sheet-options';
import { buildXlsxOffThread } from '#server/xlsx/off-thread';
import { asXlsxDownload, XLSX_FILE, xlsxAnswer } from '#server/xlsx/workbook';
import { pathId, requirePermission } from './access.ts';

export const ermitaRoutes = area('ermitas', (app) => {
  const { db } = app;

  defineRoute(app, {
    method: 'GET',
    url: '/:id',
    params: z.object({ id: z.string() }),
    preHandler: [requirePermission('referencias', 'read')],
    response: hermitageSchema,
    handler: async ({ params }) => {
      const hermitage = await findHermitage(db, pathId(params.id));
      if (!hermitage) throw notFound();
      return hermitage;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: 'XLSX',
    preHandler: [requirePermission('xlsx', 'read')],
    response: xlsxAnswer,
    file: XLSX_FILE,
    handler: async ({ request, reply }) => {
      const rows = await loadHermitages(db);
      asXlsxDownload(reply, HERMITAGE_EXPORT.file);
      return buildXlsxOffThread(HERMITAGE_SHEET, rows, sheetOptionsFor(app, request));
    },
  });
});
