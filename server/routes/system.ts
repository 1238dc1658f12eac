/** GET /api/config/ (run-time configuration for the PWA) and GET /api/health/ — both public. */
import { sql } from 'drizzle-orm';
import * as z from 'zod';
import type { PublicConfig } from '#server/config';
import { area } from '#server/http/area';
import { defineRoute } from '#server/http/route';

const url = z.string().nullable();
const publicConfigSchema = z.object({
  tileUrl: url,
  tileSatelliteUrl: url,
  tileTopoUrl: url,
  weatherUrl: url,
  weatherKey: url,
  calendarUrl: url,
  analyticsId: url,
  formsCurrentUrl: url,
  formsManualsUrl: url,
  formsTrainingUrl: url,
  formsInfographicsUrl: url,
  timezone: z.string(),
}) satisfies z.ZodType<PublicConfig>;

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'down']),
});

export const systemRoutes = area('system', (app) => {
  defineRoute(app, {
    method: 'GET',
    url: '/config',
    public: true,
    response: publicConfigSchema,
    handler: async ({ reply }) => {
      // Changes only on restart; revalidate so a new tile URL reaches phones at once.
      reply.header('Cache-Control', 'no-cache');
      return app.config.public;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/health',
    public: true,
    response: healthSchema,
    otherResponses: { 503: healthSchema },
    handler: async ({ reply }) => {
      try {
        await app.db.execute(sql`select 1`);
        return { status: 'ok' as const, database: 'ok' as const };
      } catch (error) {
        reply.log.error({ err: error }, 'health check: database unreachable');
        reply.code(503);
        return { status: 'degraded' as const, database: 'down' as const };
      }
    },
  });
});
