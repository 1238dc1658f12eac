/**
 * The app's shared services, decorated on the root instance so every area plugin reads them
 * (`app.db`, `app.config`…) instead of receiving a bag of dependencies: the database, the
 * configuration, the token service, the login limiter and the server's translator; and the
 * table of write routes `defineWriteRoute` fills (what the batch push may dispatch to).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { LoginLimiter } from '#server/auth/login-limiter';
import type { TokenService } from '#server/auth/tokens';
import type { Config } from '#server/config';
import type { Db } from '#server/db/client';
import { WriteRouteTable } from '#server/http/write-route-table';
import type { Translator } from '#server/i18n';
import type { ApprovedTranslations } from '#server/services/approved-translations';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    tokens: TokenService;
    limiter: LoginLimiter;
    translator: Translator;
    /** The database's approved translations the translator lays over the bundled ones. */
    approvedTranslations: ApprovedTranslations;
    writeRoutes: WriteRouteTable;
  }
}

export type AppContext = Pick<
  FastifyInstance,
  'db' | 'config' | 'tokens' | 'limiter' | 'translator' | 'approvedTranslations'
>;

export const appContext = fp<AppContext>(
  async (app, context) => {
    app.decorate('db', context.db);
    app.decorate('config', context.config);
    app.decorate('tokens', context.tokens);
    app.decorate('limiter', context.limiter);
    app.decorate('translator', context.translator);
    app.decorate('approvedTranslations', context.approvedTranslations);
    app.decorate('writeRoutes', new WriteRouteTable());
  },
  { name: 'app-context' },
);
