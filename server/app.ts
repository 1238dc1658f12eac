/**
 * Fastify app factory, used by main.ts and by the tests. Fixed order, as in the official
 * Fastify demo: external plugins (security headers, compression, the OpenAPI collector), then
 * app plugins shared through decorators (context: db, config, tokens, limiter, translator; the
 * zod schema compilers; the one error handler; authentication), then one encapsulated plugin
 * per area under its prefix, then the built PWA with its SPA fallback.
 */
import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyPluginAsync,
  type FastifyServerOptions,
} from 'fastify';
import compress from '@fastify/compress';
import { msg } from '#domain/messages';
import type { Config } from '#server/config';
import type { Db } from '#server/db/client';
import { loadTranslator, pickLanguage, type Translator } from '#server/i18n';
import { authentication } from '#server/auth/authenticate';
import { LoginLimiter } from '#server/auth/login-limiter';
import { createTokenService } from '#server/auth/tokens';
import { errorHandling } from '#server/http/errors';
import { registerSecurityHeaders } from '#server/http/security';
import { hasBuiltPwa, registerStaticPwa, sendAppShell } from '#server/http/static-pwa';
import { normaliseApiUrl } from '#server/http/url';
import { appContext } from '#server/plugins/context';
import { openApi } from '#server/plugins/openapi';
import { zodSchemas } from '#server/plugins/zod-schemas';
import { acopioRoutes } from '#server/routes/acopios';
import { authRoutes } from '#server/routes/auth';
import { bancoRoutes } from '#server/routes/bancos';
import { bandejaRoutes } from '#server/routes/bandeja';
import { cierreViajeRoutes } from '#server/routes/cierres-viaje';
import { visitaRoutes } from '#server/routes/visitas';
import { comunidadRoutes } from '#server/routes/comunidades';
import { condonacionRoutes } from '#server/routes/condonaciones';
import { contratoRoutes } from '#server/routes/contratos';
import { docsRoutes } from '#server/routes/docs';
import { ermitaRoutes } from '#server/routes/ermitas';
import { movimientoRoutes } from '#server/routes/movimientos';
import { pagoRoutes } from '#server/routes/pagos';
import { reciboRoutes } from '#server/routes/recibos';
import { referenceRoutes } from '#server/routes/reference';
import { reporteRoutes } from '#server/routes/reportes';
import { socioRoutes } from '#server/routes/socios';
import { solicitudRoutes } from '#server/routes/solicitudes';
import { syncRoutes } from '#server/routes/sync';
import { systemRoutes } from '#server/routes/system';
import { userRoutes } from '#server/routes/users';
import { traduccionRoutes } from '#server/routes/traducciones';
import { ApprovedTranslations } from '#server/services/approved-translations';

/**
 * The areas, each an encapsulated plugin under its prefix, in this order. An area whose paths
 * share no first segment (system, reference lists, banking) sits under `/api` itself.
 */
const AREAS: readonly (readonly [FastifyPluginAsync, string])[] = [
  [systemRoutes, '/api'],
  [authRoutes, '/api/token'],
  [userRoutes, '/api/users'],
  [referenceRoutes, '/api'],
  [comunidadRoutes, '/api/comunidades'],
  [ermitaRoutes, '/api/ermitas'],
  [socioRoutes, '/api/socios'],
  [contratoRoutes, '/api/contratos'],
  [pagoRoutes, '/api/pagos'],
  [condonacionRoutes, '/api/condonaciones'],
  [solicitudRoutes, '/api/solic-creditos'],
  [acopioRoutes, '/api/acopios'],
  [movimientoRoutes, '/api/movimientos'],
  [reciboRoutes, '/api/recibos'],
  [bancoRoutes, '/api'],
  [syncRoutes, '/api/sync'],
  [cierreViajeRoutes, '/api/cierres-viaje'],
  [visitaRoutes, '/api/visitas'],
  [bandejaRoutes, '/api/bandeja'],
  [reporteRoutes, '/api/reportes'],
  [traduccionRoutes, '/api'],
  [docsRoutes, '/api/docs'],
];

export interface BuildAppOptions {
  config: Config;
  db: Db;
  /**
   * false (tests), true (info level) or a level, and where to write (stdout unless given; the
   * log tests capture it). Secrets are redacted either way.
   */
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
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
  const approvedTranslations = new ApprovedTranslations();
  const translator = options.translator ?? loadTranslator(undefined, approvedTranslations.lookup);
  const app = Fastify({
    logger: loggerOptions(options.logger),
    bodyLimit: config.bodyLimit,
    // A count of hops, never `true`: the peer and the next N − 1 entries from the right are the
    // proxies, the entry left of them the client. (Fastify's own number form trusts nothing.)
    trustProxy: config.trustProxy > 0 ? (_address, hop) => hop < config.trustProxy : false,
    genReqId: () => randomUUID(),
    rewriteUrl: (req) => normaliseApiUrl(req.url ?? '/'),
    // A URL the router cannot decode (bad percent-encoding): the API's 400, in the caller's
    // language, rather than Fastify's own English shape.
    frameworkErrors: (_error, request: FastifyRequest, reply: FastifyReply) => {
      const lang = pickLanguage(request.headers['accept-language']);
      return reply
        .code(400)
        .send({ non_field_errors: [translator.message(lang, msg('server.http.badUrl'))] });
    },
  });

  // 1. External plugins.
  await registerSecurityHeaders(app, config.public);
  // Brotli 6 rather than the plugin's 4: a pull page's JSON comes out ~16% smaller (what a
  // phone on 3G waits for) for about 5 ms more per MB of answer.
  await app.register(compress, {
    global: true,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } },
  });
  await app.register(openApi);

  // 2. App plugins, shared through decorators.
  await app.register(appContext, {
    db,
    config,
    tokens: createTokenService(config.jwtSecret),
    limiter: options.limiter ?? new LoginLimiter(),
    translator,
    approvedTranslations,
  });
  // Server messages in Tseltal use the approved translations: fresh after this instance's
  // approvals, at most a minute late after another instance's (services/approved-translations).
  app.addHook('onRequest', async (request) => {
    try {
      await approvedTranslations.refreshIfStale(db);
    } catch (error) {
      request.log.warn({ err: error }, 'approved translations not reloaded');
    }
  });
  await app.register(zodSchemas);
  await app.register(errorHandling);
  await app.register(authentication);

  // 3. One encapsulated plugin per area.
  for (const [routes, prefix] of AREAS) await app.register(routes, { prefix });

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
      sendAppShell(request, reply, config.distDir, urlPath)
    ) {
      return reply;
    }
    const lang = pickLanguage(request.headers['accept-language']);
    return reply.code(404).send({ detail: translator.message(lang, msg('server.http.notFound')) });
  });

  return app;
}
