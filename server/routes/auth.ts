/** POST /api/token/ and POST /api/token/refresh/ (spec part 1 §7). */
import { and, eq } from 'drizzle-orm';
import * as z from 'zod';
import { loginSchema } from '#domain/forms/login';
import { msg } from '#domain/messages';
import { refreshAnswerSchema, tokenPairSchema } from '#domain/reference-shapes';
import { dummyHash, upgradedHash, verifyPassword } from '#server/auth/password';
import { TokenError } from '#server/auth/tokens';
import { findAuthUser } from '#server/auth/user-lookup';
import { users } from '#server/db/schema';
import { HttpError } from '#server/http/errors';
import { area } from '#server/http/area';
import { defineRoute } from '#server/http/route';

const refreshBody = z.object({
  refresh: z
    .string({ error: msg('validation.required') })
    .trim()
    .min(1, msg('validation.required')),
});

export const authRoutes = area('auth', (app) => {
  const { db, tokens, limiter } = app;

  defineRoute(app, {
    method: 'POST',
    url: '',
    public: true,
    body: loginSchema,
    response: tokenPairSchema,
    handler: async ({ request, body }) => {
      // Counted as a failure before the (slow) password check, so parallel attempts on any
      // instance see it; a right password takes it back.
      const attempt = await limiter.attempt(db, request.ip, body.username);
      if (!attempt.allowed) {
        throw new HttpError(
          429,
          msg('server.auth.tooManyAttempts', {
            minutes: Math.max(1, Math.ceil(attempt.retryAfterSeconds / 60)),
          }),
          { headers: { 'Retry-After': String(attempt.retryAfterSeconds) } },
        );
      }
      const [user] = await db
        .select()
        .from(users)
        .where(eq(users.username, body.username))
        .limit(1);
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
      await limiter.succeeded(db, body.username, attempt.id);
      return {
        access: await tokens.issue(user, 'access'),
        refresh: await tokens.issue(user, 'refresh'),
        localId: user.id,
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
      let claims;
      try {
        claims = await tokens.verify(body.refresh, 'refresh');
      } catch (error) {
        if (error instanceof TokenError) throw refused;
        throw error;
      }
      const user = await findAuthUser(db, claims.userId);
      if (!user || user.token_version !== claims.version) throw refused;
      return { access: await tokens.issue(user, 'access'), localId: user.id };
    },
  });
});
