/**
 * JWTs (jose, HS256). Access tokens live 5 minutes, refresh tokens 24 hours (spec part 1 §9).
 * Claims: sub = user id, role, typ ('access' | 'refresh'), ver = the user's token_version, so a
 * password or role change invalidates every token issued before it.
 */
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { isRole, type Role } from '#domain/roles';

export const ACCESS_TTL_SECONDS = 5 * 60;
export const REFRESH_TTL_SECONDS = 24 * 60 * 60;

export type TokenType = 'access' | 'refresh';

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
  issue(subject: TokenSubject, typ: TokenType, issuedAt?: number): Promise<string>;
  verify(token: string, typ: TokenType): Promise<VerifiedToken>;
}

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    issue: (subject, typ, issuedAt = Math.floor(Date.now() / 1000)) =>
      new SignJWT({ role: subject.role, typ, ver: subject.token_version })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(subject.id))
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + (typ === 'access' ? ACCESS_TTL_SECONDS : REFRESH_TTL_SECONDS))
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
      const { role, ver, exp } = payload;
      if (
        payload.typ !== typ ||
        !Number.isSafeInteger(userId) ||
        !isRole(role) ||
        typeof ver !== 'number' ||
        typeof exp !== 'number'
      ) {
        throw new TokenError('invalid');
      }
      return { userId, role, version: ver, expiresAt: exp };
    },
  };
}
