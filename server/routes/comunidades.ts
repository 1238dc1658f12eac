/**
 * Community writes and exports and the process-map counts
 * (docs/business-rules.md#other-areas). The list itself, GET /comunidades.json, is a reference list
 * (reference.ts). CO and GE create and change communities; the spreadsheet is for the office
 * (CO, GE, VI); the counts for every staff role (`mapas` in #domain/permissions; SO gets 403).
 */
import * as z from 'zod';
import {
  COMMUNITY_EXPORT,
  COMMUNITY_SHEET,
  communityMemberCountsSchema,
  communitySchema,
} from '#domain/community-shapes';
import { communitySchema as communityForm } from '#domain/forms/community';
import { msg } from '#domain/messages';
import { RuleError } from '#domain/rule-errors';
import { notFound } from '#server/http/errors';
import { defineRoute } from '#server/http/route';
import { area } from '#server/http/area';
import { defineWriteRoute } from '#server/http/write-route';
import {
  communityMemberCounts,
  createCommunity,
  loadCommunities,
  updateCommunity,
} from '#server/services/communities';
import { sheetOptionsFor } from '#server/xlsx/sheet-options';
import { buildXlsxOffThread } from '#server/xlsx/off-thread';
import { asXlsxDownload, XLSX_FILE, xlsxAnswer } from '#server/xlsx/workbook';
import { pathId, requirePermission } from './access.ts';

const ignored = z.unknown().optional();

/**
 * POST / PUT body: the domain's community form, strict, tolerating the display fields of the
 * `Community` shape (ignored). An `id` in a PUT body must be the one in the path.
 */
const communityBody = communityForm
  .extend({
    id: ignored,
    nombre_region: ignored,
    ermita_name: ignored,
    inegiLocalidad: ignored,
    ubicacion: ignored,
  })
  .strict();

const idParams = z.object({ id: z.string() });

export const comunidadRoutes = area('comunidades', (app) => {
  const { db } = app;

  defineWriteRoute(app, {
    method: 'POST',
    url: '',
    kind: 'comunidad.create',
    status: 201,
    preHandler: [requirePermission('comunidades', 'create')],
    body: communityBody,
    response: communitySchema,
    handler: async ({ tx, body, capture }) => {
      const community = await createCommunity(tx, body, capture);
      return { answer: community, recordRef: community.id };
    },
  });

  defineWriteRoute(app, {
    method: 'PUT',
    url: '/:id',
    kind: 'comunidad.update',
    // Its region is the region of its members' users.
    mayChangeCallers: true,
    preHandler: [requirePermission('comunidades', 'update')],
    params: idParams,
    body: communityBody,
    response: communitySchema,
    handler: async ({ tx, body, params, capture }) => {
      const id = pathId(params.id);
      if (body.id !== undefined && body.id !== null && String(body.id) !== String(id)) {
        throw new RuleError({ id: [msg('server.members.keyMismatch', { key: id })] });
      }
      const community = await updateCommunity(tx, id, body, capture);
      if (!community) throw notFound();
      return { answer: community, recordRef: id };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/num-socios',
    preHandler: [requirePermission('mapas', 'read')],
    response: z.array(communityMemberCountsSchema),
    handler: () => communityMemberCounts(db),
  });

  defineRoute(app, {
    method: 'GET',
    url: 'XLSX',
    preHandler: [requirePermission('xlsx', 'read')],
    response: xlsxAnswer,
    file: XLSX_FILE,
    handler: async ({ request, reply }) => {
      const rows = await loadCommunities(db);
      asXlsxDownload(reply, COMMUNITY_EXPORT.file);
      return buildXlsxOffThread(COMMUNITY_SHEET, rows, sheetOptionsFor(app, request));
    },
  });
});
