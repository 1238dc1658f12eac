/**
 * POST /api/token/, /api/token/refresh/ and /api/token/logout/ (sessions and known devices:
 * docs/security.md).
 */
import { and, eq } from 'drizzle-orm';
import * as z from 'zod';
import { loginSchema } from '#domain/forms/login';
import type { LostReason } from '#domain/lost-device';
import { msg } from '#domain/messages';
import { refreshAnswerSchema, tokenPairSchema } from '#domain/reference-shapes';
import { LoginLimiter } from '#server/auth/login-limiter';
import { dummyHash, upgradedHash, verifyPassword } from '#server/auth/password';
import { lostRefusal } from '#server/auth/lost-device';
import { endSession, rotateSession, startSession } from '#server/auth/sessions';
import { TokenError, type TokenService, type VerifiedToken } from '#server/auth/tokens';
import { findAuthUser } from '#server/auth/user-lookup';
import { users } from '#server/db/schema';
import { HttpError } from '#server/http/errors';
import { area } from '#server/http/area';
import { defineRoute } from '#server/http/route';

const refreshBody = z.strictObject({
  refresh: z
    .string({ error: msg('validation.required') })
    .trim()
    .min(1, msg('validation.required')),
});

/** The verified claims of `token` of type `typ`, or null. */
async function claimsOf(
  tokens: TokenService,
  token: string,
  typ: 'refresh' | 'device',
): Promise<VerifiedToken | null> {
  try {
    return await tokens.verify(token, typ);
  } catch (error) {
    if (error instanceof TokenError) return null;
    throw error;
  }
}

/**
 * How a right password logs in when the office marked the user's device lost or deactivated
 * the user: a device token issued before the mark is that device, whose session starts lost
 * (it may send its outbox once, then is wiped); an inactive user on any other device is refused.
 */
function lostAtLogin(
  user: { active: boolean; device_lost_at: Date | null },
  device: VerifiedToken | null,
): LostReason | 'refused' | null {
  const markedAt = user.device_lost_at ? Math.floor(user.device_lost_at.getTime() / 1000) : null;
  const markedDevice =
    device !== null && device.issuedAt !== null && markedAt !== null && device.issuedAt <= markedAt;
  if (!user.active) return markedDevice ? 'user_inactive' : 'refused';
  return markedDevice ? 'device_lost' : null;
}

export const authRoutes = area('auth', (app) => {
  const { db, tokens, limiter } = app;

  defineRoute(app, {
    method: 'POST',
    url: '',
    public: true,
    // Unknown fields are refused, named (the app sends username, password and device).
    body: loginSchema.strict(),
    response: tokenPairSchema,
    handler: async ({ request, body }) => {
      const [user] = await db
        .select()
        .from(users)
        .where(eq(users.username, body.username))
        .limit(1);
      // A device this user has logged in from before: failures from elsewhere do not lock it.
      const known = body.device ? await claimsOf(tokens, body.device, 'device') : null;
      const device = user && known?.userId === user.id ? known.session : null;
      // Counted as a failure before the (slow) password check, so parallel attempts on any
      // instance see it; a right password takes it back.
      const attempt = await limiter.attempt(db, request.ip, body.username, device);
      if (!attempt.allowed) {
        throw new HttpError(
          429,
          msg('server.auth.tooManyAttempts', {
            minutes: Math.max(1, Math.ceil(attempt.retryAfterSeconds / 60)),
          }),
          { headers: { 'Retry-After': String(attempt.retryAfterSeconds) } },
        );
      }
      // Same cost whether or not the user exists: timing does not reveal usernames.
      const ok = await verifyPassword(body.password, user?.password_hash ?? (await dummyHash()));
      if (!user || !ok) throw new HttpError(401, msg('server.auth.invalidCredentials'));
      // An imported Django hash becomes this product's own (unless changed meanwhile).
      const upgraded = await upgradedHash(body.password, user.password_hash);
      if (upgraded)
        await db
          .update(users)
          .set({ password_hash: upgraded })
          .where(and(eq(users.id, user.id), eq(users.password_hash, user.password_hash)));
      await limiter.succeeded(
        db,
        body.username,
        attempt.id,
        LoginLimiter.clientOf(request.ip, device),
      );
      const lost = lostAtLogin(user, known?.userId === user.id ? known : null);
      if (lost === 'refused') throw lostRefusal('user_inactive');
      const session = await startSession(db, user.id, new Date(), lost);
      const now = Math.floor(Date.now() / 1000);
      return {
        access: await tokens.issue(user, 'access', now, { id: session.id }),
        refresh: await tokens.issue(user, 'refresh', now, session),
        localId: user.id,
        // The same device keeps its id; a new one gets its own. A lost device's token keeps
        // its first date, so it stays marked.
        device: await tokens.issue(user, 'device', lost ? (known?.issuedAt ?? now) : now, {
          id: device ?? `d${session.id}`,
        }),
      };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/refresh',
    public: true,
    body: refreshBody,
    response: refreshAnswerSchema,
    handler: async ({ body }) => {
      const refused = new HttpError(401, msg('server.auth.invalidRefresh'));
      const claims = await claimsOf(tokens, body.refresh, 'refresh');
      // A refresh token without a session predates rotation: its owner logs in again.
      if (!claims || claims.session === null || claims.generation === null) throw refused;
      const user = await findAuthUser(db, claims.userId, claims.session);
      if (!user || user.token_version !== claims.version) throw refused;
      // A lost session refreshes only until its final push is claimed: a phone whose access
      // token expired offline can still send its outbox (docs/security.md#a-lost-device).
      if (user.lost?.finalPushed) throw lostRefusal(user.lost.reason);
      const next = await rotateSession(db, user.id, claims.session, claims.generation);
      if (!next) throw refused;
      const now = Math.floor(Date.now() / 1000);
      return {
        access: await tokens.issue(user, 'access', now, { id: next.id }),
        refresh: await tokens.issue(user, 'refresh', now, next),
        localId: user.id,
      };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/logout',
    // The refresh token is the proof: a phone whose access token expired still logs out.
    public: true,
    body: refreshBody,
    response: z.object({ ended: z.boolean() }),
    summary: 'End the session of a refresh token on every instance (its access tokens too)',
    handler: async ({ body }) => {
      let claims;
      try {
        claims = await tokens.verify(body.refresh, 'refresh');
      } catch (error) {
        if (!(error instanceof TokenError)) throw error;
        // An expired session is over already; anything else is no token of ours.
        if (error.reason === 'expired') return { ended: false };
        throw new HttpError(401, msg('server.auth.invalidRefresh'));
      }
      const ended =
        claims.session !== null && (await endSession(db, claims.userId, claims.session));
      return { ended };
    },
  });
});
