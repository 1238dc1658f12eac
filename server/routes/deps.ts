/** What every route module receives from buildApp (explicit, no global singletons). */
import type { Config } from '#server/config';
import type { Db } from '#server/db/client';
import type { LoginLimiter } from '#server/auth/login-limiter';
import type { TokenService } from '#server/auth/tokens';
import type { RouteOptions } from '#server/http/route';

export interface RouteDeps {
  db: Db;
  config: Config;
  tokens: TokenService;
  limiter: LoginLimiter;
  routeOptions: RouteOptions;
}
