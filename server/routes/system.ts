/** GET /api/config/ (run-time configuration for the PWA) and GET /api/health/ — both public. */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod';
import type { PublicConfig } from '#server/config';
import { defineRoute } from '#server/http/route';
import type { RouteDeps } from './deps.ts';

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

export function registerSystemRoutes(app: FastifyInstance, deps: RouteDeps): void {
  defineRoute(app, deps.routeOptions, {
    method: 'GET',
    url: '/api/config',
    public: true,
    response: publicConfigSchema,
    handler: async ({ reply }) => {
      // Changes only on restart; revalidate so a new tile URL reaches phones at once.
      reply.header('Cache-Control', 'no-cache');
      return deps.config.public;
    },
  });

  defineRoute(app, deps.routeOptions, {
    method: 'GET',
    url: '/api/health',
    public: true,
    response: healthSchema,
    handler: async ({ reply }) => {
      try {
        await deps.db.execute(sql`select 1`);
        return { status: 'ok' as const, database: 'ok' as const };
      } catch (error) {
        reply.log.error({ err: error }, 'health check: database unreachable');
        reply.code(503);
        return { status: 'degraded' as const, database: 'down' as const };
      }
    },
  });
}
