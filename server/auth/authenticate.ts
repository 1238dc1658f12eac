/**
 * Bearer authentication for every `/api` route unless it is declared `public`, the visitor
 * write guard, and `requireRoles`. Secure by default: a new route needs a token unless it opts
 * out. The token's `ver` must match the user's current token_version. The writes of a batch push
 * take the batch's verified token and caller instead of reading them again each.
 */
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '#domain/roles';
import type { Db } from '#server/db/client';
import { forbidden, unauthorized } from '#server/http/errors';
import { currentPushBatch, type PushBatchScope } from '#server/sync/push-batch-scope';
import { lostRefusal, noteLostTold } from './lost-device.ts';
import { hasExpired, TokenError, type TokenService, type VerifiedToken } from './tokens.ts';
import { findAuthUser, type AuthUser, type SessionLost } from './user-lookup.ts';

export type { AuthUser } from './user-lookup.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    /** The verified claims of the request's access token (null on a public route). */
    accessToken: VerifiedToken | null;
    /** A lost session's call let through as its final push (docs/security.md#a-lost-device). */
    lostSession: SessionLost | null;
  }
  interface FastifyContextConfig {
    public?: boolean;
  }
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

async function verifiedToken(
  request: FastifyRequest,
  tokens: TokenService,
): Promise<VerifiedToken> {
  const token = bearer(request);
  if (!token) throw unauthorized('server.auth.missingToken');
  try {
    return await tokens.verify(token, 'access');
  } catch (error) {
    if (error instanceof TokenError) {
      throw unauthorized(
        error.reason === 'expired' ? 'server.auth.expiredToken' : 'server.auth.invalidToken',
      );
    }
    throw error;
  }
}

/**
 * What a lost session may still call before its final push: the push itself, and the
 * registration of the receipt device codes its queued captures carry (or they would be refused).
 */
export const FINAL_PUSH_ROUTE = '/api/sync/push';
const BEFORE_FINAL_PUSH = new Set([FINAL_PUSH_ROUTE, '/api/recibos/dispositivos']);

function isFinalPushCall(request: FastifyRequest): boolean {
  const url = request.routeOptions.url?.replace(/\/$/, '');
  return request.method === 'POST' && url !== undefined && BEFORE_FINAL_PUSH.has(url);
}

/**
 * The token's user, if the token is still that user's current one. A lost session is refused
 * (401 with its reason as code) unless `mayPushFinally` and its final push is not yet claimed;
 * the session's state is then answered with the user.
 */
async function userOfToken(
  db: Db,
  claims: VerifiedToken,
  mayPushFinally = false,
): Promise<{ user: AuthUser; lost: SessionLost | null }> {
  const user = await findAuthUser(db, claims.userId, claims.session);
  if (!user || user.token_version !== claims.version || !user.sessionLive)
    throw unauthorized('server.auth.invalidToken');
  const { token_version: _version, sessionLive: _live, lost, ...authUser } = user;
  if (lost && !(mayPushFinally && !lost.finalPushed)) {
    if (claims.session !== null) await noteLostTold(db, claims.session);
    throw lostRefusal(lost.reason);
  }
  return { user: authUser, lost };
}

/**
 * A write of a batch push: the batch's token and caller, verified and read once for the batch
 * (server/sync/push-batch-scope.ts), answered as the single call would be.
 */
async function batchCaller(db: Db, batch: PushBatchScope): Promise<AuthUser> {
  if (hasExpired(batch.token)) throw unauthorized('server.auth.expiredToken');
  // The writes of a lost session's final push read its user as that push did.
  batch.caller ??= (await userOfToken(db, batch.token, batch.finalPush)).user;
  return batch.caller;
}

/** The bearer check on every /api route (an app plugin: its hook covers every area). */
export const authentication = fp(
  async (app) => {
    const { db, tokens } = app;
    app.decorateRequest('user', null);
    app.decorateRequest('accessToken', null);
    app.decorateRequest('lostSession', null);
    app.addHook('onRequest', async (request, reply) => {
      // Unknown routes answer 404 and the static PWA is public; only /api routes are guarded.
      if (request.is404 || request.routeOptions.config.public) return;
      if (!request.routeOptions.url?.startsWith('/api')) return;
      // Whatever a guarded call answers is someone's: no proxy or browser cache keeps it
      // (docs/security.md "Nothing personal cached").
      reply.header('Cache-Control', 'private, no-store');
      const batch = currentPushBatch();
      if (batch) {
        request.accessToken = batch.token;
        request.user = await batchCaller(db, batch);
      } else {
        request.accessToken = await verifiedToken(request, tokens);
        const { user, lost } = await userOfToken(db, request.accessToken, isFinalPushCall(request));
        request.user = user;
        request.lostSession = lost;
      }
      // docs/business-rules.md#roles-and-scope: a visitor reads what the office reads and can
      // change nothing.
      if (request.user.role === 'VI' && !READ_METHODS.has(request.method))
        throw forbidden('server.auth.visitorReadOnly');
    });
  },
  { name: 'authentication', dependencies: ['app-context'] },
);

/** The authenticated caller; routes behind authentication always have one. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** preHandler: only these roles may call the route (403 otherwise). */
export function requireRoles(...roles: Role[]): preHandlerAsyncHookHandler {
  return async (request) => {
    if (!roles.includes(currentUser(request).role)) throw forbidden();
  };
}
