/**
 * GET /api/config/ (run-time configuration for the PWA) and GET /api/health/ (for a load
 * balancer: database reachable, migrations current) — both public.
 */
import * as z from 'zod';
import type { PublicConfig } from '#server/config';
import { pendingMigrations } from '#server/db/client';
import { area } from '#server/http/area';
import { loggableError } from '#server/http/loggable-error';
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
  /** `pending`: the database lacks a migration of this release (it is still starting). */
  migrations: z.enum(['current', 'pending', 'unknown']),
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
      // For a load balancer: 200 only when this instance can serve (database reachable, and
      // migrated to this release — an instance still waiting for the start-up lock is not).
      try {
        const pending = await pendingMigrations(app.db);
        if (pending === 0)
          return { status: 'ok' as const, database: 'ok' as const, migrations: 'current' as const };
        reply.code(503);
        return {
          status: 'degraded' as const,
          database: 'ok' as const,
          migrations: 'pending' as const,
        };
      } catch (error) {
        reply.log.error({ err: loggableError(error) }, 'health check: database unreachable');
        reply.code(503);
        return {
          status: 'degraded' as const,
          database: 'down' as const,
          migrations: 'unknown' as const,
        };
      }
    },
  });
});
