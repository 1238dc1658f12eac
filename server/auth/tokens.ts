/**
 * JWTs (jose, HS256). Access tokens live 5 minutes, refresh tokens 24 hours.
 * Claims: sub = user id, role, typ ('access' | 'refresh' | 'device'), ver = the user's
 * token_version, so a password or role change invalidates every token issued before it; sid =
 * the login's session and gen = the refresh token's generation in it (auth/sessions.ts), so a
 * logout or a reused refresh token ends the session on every instance. A device token (a year,
 * kept by the app) only says "this device has logged in as this user before" (login-limiter.ts).
 */
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { isRole, type Role } from '#domain/roles';

export const ACCESS_TTL_SECONDS = 5 * 60;
export const REFRESH_TTL_SECONDS = 24 * 60 * 60;
export const DEVICE_TTL_SECONDS = 365 * 24 * 60 * 60;

export type TokenType = 'access' | 'refresh' | 'device';

/** The session a token belongs to; a device token's `session` is the device's own id. */
export interface TokenSession {
  id: string;
  /** Refresh tokens: their generation in the session. */
  generation?: number;
  /** Refresh tokens: the session's end (seconds since the epoch), not issuedAt + TTL. */
  expiresAt?: number;
}

const TTL: Record<TokenType, number> = {
  access: ACCESS_TTL_SECONDS,
  refresh: REFRESH_TTL_SECONDS,
  device: DEVICE_TTL_SECONDS,
};

export interface TokenSubject {
  id: number;
  role: Role;
  token_version: number;
}

export interface VerifiedToken {
  userId: number;
  role: Role;
  version: number;
  /** `exp`, in seconds since the epoch. */
  expiresAt: number;
  /** `sid`: the login session (a device token: the device); null on tokens issued without. */
  session: string | null;
  /** `gen`: a refresh token's generation in its session. */
  generation: number | null;
  /** `iat`, in seconds since the epoch (a device token older than a device-lost mark). */
  issuedAt: number | null;
}

/** Whether a verified token has expired since (jose's own rule: expired from `exp` on). */
export function hasExpired(token: VerifiedToken, now: Date = new Date()): boolean {
  return token.expiresAt <= Math.floor(now.getTime() / 1000);
}

/** Why a token was refused: the two cases answer different messages. */
export class TokenError extends Error {
  constructor(readonly reason: 'expired' | 'invalid') {
    super(`token ${reason}`);
  }
}

export interface TokenService {
  /** `issuedAt` in seconds since the epoch (defaults to now); tests use it to forge old tokens. */
  issue(
    subject: TokenSubject,
    typ: TokenType,
    issuedAt?: number,
    session?: TokenSession,
  ): Promise<string>;
  verify(token: string, typ: TokenType): Promise<VerifiedToken>;
}

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    issue: (subject, typ, issuedAt = Math.floor(Date.now() / 1000), session) =>
      new SignJWT({
        role: subject.role,
        typ,
        ver: subject.token_version,
        ...(session && { sid: session.id }),
        ...(session?.generation !== undefined && { gen: session.generation }),
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(subject.id))
        .setIssuedAt(issuedAt)
        .setExpirationTime(session?.expiresAt ?? issuedAt + TTL[typ])
        .sign(key),
    verify: async (token, typ) => {
      let payload;
      try {
        ({ payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          requiredClaims: ['sub', 'exp'],
        }));
      } catch (error) {
        throw new TokenError(error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid');
      }
      const userId = Number(payload.sub);
      const { role, ver, exp, sid, gen, iat } = payload;
      if (
        payload.typ !== typ ||
        !Number.isSafeInteger(userId) ||
        !isRole(role) ||
        typeof ver !== 'number' ||
        typeof exp !== 'number' ||
        (sid !== undefined && typeof sid !== 'string') ||
        (gen !== undefined && !Number.isSafeInteger(gen))
      ) {
        throw new TokenError('invalid');
      }
      return {
        userId,
        role,
        version: ver,
        expiresAt: exp,
        session: typeof sid === 'string' ? sid : null,
        generation: typeof gen === 'number' ? gen : null,
        issuedAt: typeof iat === 'number' ? iat : null,
      };
    },
  };
}
