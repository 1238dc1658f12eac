/**
 * Fastify app factory, used by main.ts and by the tests. Fixed order, as in the official
 * Fastify demo: external plugins (security headers, compression), then app plugins (error
 * handler + i18n, authentication), then routes, then the built PWA with its SPA fallback.
 */
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import { msg } from '#domain/messages';
import type { Config } from '#server/config';
import type { Db } from '#server/db/client';
import { loadTranslator, pickLanguage, type Translator } from '#server/i18n';
import { registerAuthentication } from '#server/auth/authenticate';
import { LoginLimiter } from '#server/auth/login-limiter';
import { createTokenService } from '#server/auth/tokens';
import { installErrorHandler } from '#server/http/errors';
import { registerSecurityHeaders } from '#server/http/security';
import { hasBuiltPwa, registerStaticPwa, sendAppShell } from '#server/http/static-pwa';
import { normaliseApiUrl } from '#server/http/url';
import type { RouteDeps } from '#server/routes/deps';
import { registerAcopioRoutes } from '#server/routes/acopios';
import { registerMovimientoRoutes } from '#server/routes/movimientos';
import { registerAuthRoutes } from '#server/routes/auth';
import { registerBancoRoutes } from '#server/routes/bancos';
import { registerComunidadRoutes } from '#server/routes/comunidades';
import { registerCreditRoutes } from '#server/routes/contratos';
import { registerErmitaRoutes } from '#server/routes/ermitas';
import { registerReferenceRoutes } from '#server/routes/reference';
import { registerSocioRoutes } from '#server/routes/socios';
import { registerSolicitudRoutes } from '#server/routes/solicitudes';
import { registerSyncRoutes } from '#server/routes/sync';
import { registerSystemRoutes } from '#server/routes/system';
import { registerUserRoutes } from '#server/routes/users';

export interface BuildAppOptions {
  config: Config;
  db: Db;
  /**
   * false (tests), true (info level) or a level, and where to write (stdout unless given; the
   * log tests capture it). Secrets are redacted either way.
   */
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
  /** Validate every answer against its route's response schema (tests). */
  checkResponses?: boolean;
  /** Override the login limits (tests). */
  limiter?: LoginLimiter;
  translator?: Translator;
}

function loggerOptions(logger: BuildAppOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  return {
    level: logger === true ? 'info' : logger.level,
    ...(logger !== true && logger.stream && { stream: logger.stream }),
    // Bodies are never logged; headers could be if a serializer changes, so redact them.
    redact: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization'],
  };
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const translator = options.translator ?? loadTranslator();
  const app = Fastify({
    logger: loggerOptions(options.logger),
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    rewriteUrl: (req) => normaliseApiUrl(req.url ?? '/'),
  });

  // 1. External plugins.
  await registerSecurityHeaders(app, config.public);
  await app.register(compress, { global: true });

  // 2. App plugins.
  installErrorHandler(app, translator, config.bodyLimit);
  const deps: RouteDeps = {
    db,
    config,
    tokens: createTokenService(config.jwtSecret),
    limiter: options.limiter ?? new LoginLimiter(),
    routeOptions: { checkResponses: options.checkResponses ?? false },
  };
  registerAuthentication(app, deps);

  // 3. Routes.
  registerSystemRoutes(app, deps);
  registerAuthRoutes(app, deps);
  registerUserRoutes(app, deps);
  registerReferenceRoutes(app, deps);
  registerComunidadRoutes(app, deps);
  registerErmitaRoutes(app, deps);
  registerSocioRoutes(app, deps);
  registerCreditRoutes(app, deps);
  registerSolicitudRoutes(app, deps);
  registerAcopioRoutes(app, deps);
  registerMovimientoRoutes(app, deps);
  registerBancoRoutes(app, deps);
  registerSyncRoutes(app, deps, translator);

  // 4. The built PWA, when there is one.
  const servePwa = hasBuiltPwa(config.distDir);
  if (servePwa) await registerStaticPwa(app, config.distDir);

  app.setNotFoundHandler((request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    const isApi = urlPath === '/api' || urlPath.startsWith('/api/');
    if (
      !isApi &&
      servePwa &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      sendAppShell(reply, urlPath)
    ) {
      return reply;
    }
    const lang = pickLanguage(request.headers['accept-language']);
    return reply.code(404).send({ detail: translator.message(lang, msg('server.http.notFound')) });
  });

  return app;
}
