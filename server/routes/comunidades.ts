/**
 * Community writes and exports (spec part 1 §7) and the process-map counts (part 2 §3,
 * BUSINESS_RULES §12). The list itself, GET /comunidades.json, is a reference list
 * (reference.ts). CO and GE create and change communities; the spreadsheet is for the office
 * (CO, GE, VI); the counts for every staff role (`mapas` in #domain/permissions; SO gets 403).
 */
import type { FastifyInstance } from 'fastify';
import { COMMUNITY_EXPORT } from '#domain/exports';
import * as z from 'zod';
import { communitySchema as communityForm } from '#domain/forms/community';
import { msg } from '#domain/messages';
import { FieldErrorsError, notFound } from '#server/http/errors';
import { defineRoute } from '#server/http/route';
import { defineWriteRoute } from '#server/http/write-route';
import {
  COMMUNITY_LIST_COLUMNS,
  communityMemberCounts,
  createCommunity,
  loadCommunities,
  updateCommunity,
  type CommunityMemberCounts,
} from '#server/services/communities';
import { asXlsxDownload, buildXlsx, xlsxAnswer } from '#server/xlsx/workbook';
import { pathId, requirePermission } from './access.ts';
import type { RouteDeps } from './deps.ts';
import { communitySchema } from './schemas.ts';

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

const memberCountsSchema = z.object({
  id: z.number().int(),
  nombre_de_comunidad: z.string(),
  nombre_region: z.string(),
  region: z.number().int(),
  ubicacion: z.tuple([z.number(), z.number()]).nullable(),
  ermita_name: z.string().nullable(),
  inegiLocalidad: z.string().nullable(),
  num_socios_cf: z.number().int(),
  num_socios_mi: z.number().int(),
  num_socios_ja: z.number().int(),
  num_socios_sl: z.number().int(),
}) satisfies z.ZodType<CommunityMemberCounts>;

const idParams = z.object({ id: z.string() });

export function registerComunidadRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db } = deps;

  defineWriteRoute(app, deps, {
    method: 'POST',
    url: '/api/comunidades',
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

  defineWriteRoute(app, deps, {
    method: 'PUT',
    url: '/api/comunidades/:id',
    kind: 'comunidad.update',
    preHandler: [requirePermission('comunidades', 'update')],
    params: idParams,
    body: communityBody,
    response: communitySchema,
    handler: async ({ tx, body, params, capture }) => {
      const id = pathId(params.id);
      if (body.id !== undefined && body.id !== null && String(body.id) !== String(id)) {
        throw new FieldErrorsError({ id: [msg('server.members.keyMismatch', { key: id })] });
      }
      const community = await updateCommunity(tx, id, body, capture);
      if (!community) throw notFound();
      return { answer: community, recordRef: id };
    },
  });

  defineRoute(app, deps.routeOptions, {
    method: 'GET',
    url: '/api/comunidades/num-socios',
    preHandler: [requirePermission('mapas', 'read')],
    response: z.array(memberCountsSchema),
    handler: () => communityMemberCounts(db),
  });

  defineRoute(app, deps.routeOptions, {
    method: 'GET',
    url: '/api/comunidadesXLSX',
    preHandler: [requirePermission('xlsx', 'read')],
    response: xlsxAnswer,
    handler: async ({ reply }) => {
      const rows = await loadCommunities(db);
      asXlsxDownload(reply, COMMUNITY_EXPORT.file);
      return buildXlsx(COMMUNITY_EXPORT.sheet, COMMUNITY_LIST_COLUMNS, rows);
    },
  });
}
