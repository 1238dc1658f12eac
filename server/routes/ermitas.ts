/**
 * Hermitage detail (spec part 1 §7, BUSINESS_RULES §12: any logged-in user, like the reference
 * list) and the office's spreadsheet of hermitages. The list is in reference.ts.
 */
import type { FastifyInstance } from 'fastify';
import { HERMITAGE_EXPORT } from '#domain/exports';
import * as z from 'zod';
import { notFound } from '#server/http/errors';
import { defineRoute } from '#server/http/route';
import { findHermitage, HERMITAGE_LIST_COLUMNS, loadHermitages } from '#server/services/hermitages';
import { asXlsxDownload, buildXlsx, xlsxAnswer } from '#server/xlsx/workbook';
import { pathId, requirePermission } from './access.ts';
import type { RouteDeps } from './deps.ts';
import { hermitageSchema } from './schemas.ts';

export function registerErmitaRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db } = deps;

  defineRoute(app, deps.routeOptions, {
    method: 'GET',
    url: '/api/ermitas/:id',
    params: z.object({ id: z.string() }),
    preHandler: [requirePermission('referencias', 'read')],
    response: hermitageSchema,
    handler: async ({ params }) => {
      const hermitage = await findHermitage(db, pathId(params.id));
      if (!hermitage) throw notFound();
      return hermitage;
    },
  });

  defineRoute(app, deps.routeOptions, {
    method: 'GET',
    url: '/api/ermitasXLSX',
    preHandler: [requirePermission('xlsx', 'read')],
    response: xlsxAnswer,
    handler: async ({ reply }) => {
      const rows = await loadHermitages(db);
      asXlsxDownload(reply, HERMITAGE_EXPORT.file);
      return buildXlsx(HERMITAGE_EXPORT.sheet, HERMITAGE_LIST_COLUMNS, rows);
    },
  });
}
