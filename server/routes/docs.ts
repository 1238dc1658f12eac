/** GET /api/docs/openapi.json: the OpenAPI document of the whole API (public, no token). */
import * as z from 'zod';
import { area } from '#server/http/area';
import { defineRoute } from '#server/http/route';

const openApiDocument = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

export const docsRoutes = area('docs', (app) => {
  defineRoute(app, {
    method: 'GET',
    url: '/openapi',
    public: true,
    summary: 'The OpenAPI 3 document of this API',
    response: openApiDocument,
    handler: async ({ reply }) => {
      // Changes only with a new release of the server.
      reply.header('Cache-Control', 'no-cache');
      return openApiDocument.parse(app.swagger());
    },
  });
});
