/**
 * Login sessions on the server (docs/security.md "Sessions"), shared by every instance through
 * the `sessions` table. A login starts one; its refresh token carries the session and a
 * generation. Refreshing rotates: the answer holds the next generation's refresh token, and the
 * one just used stops refreshing. A refresh token used again after that — a copy in someone
 * else's hands, or the owner's after a thief's — revokes the whole session (access tokens
 * included), so at most one of them keeps it and the owner notices by being asked to log in.
 *
 * The previous generation is still taken for `RETRY_GRACE_MS` after a rotation: a phone whose
 * answer was lost on a bad line, or two tabs refreshing at once, retry with the token they hold
 * and get a fresh one instead of being logged out.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { LostReason } from '#domain/lost-device';
import type { Db } from '#server/db/client';
import { sessions } from '#server/db/schema';
import { REFRESH_TTL_SECONDS } from './tokens.ts';

export const RETRY_GRACE_MS = 30_000;

export interface SessionGeneration {
  id: string;
  generation: number;
  /** Seconds since the epoch: the end of the login's refresh window. */
  expiresAt: number;
}

/**
 * A new session for a login; expired sessions of the same user go. `lost`: a login from a
 * device marked lost starts lost (docs/security.md#a-lost-device).
 */
export async function startSession(
  db: Db,
  userId: number,
  now: Date = new Date(),
  lost: LostReason | null = null,
): Promise<SessionGeneration> {
  const id = randomBytes(18).toString('base64url');
  const expiresAt = Math.floor(now.getTime() / 1000) + REFRESH_TTL_SECONDS;
  await db.delete(sessions).where(and(eq(sessions.user_id, userId), lt(sessions.expires_at, now)));
  await db.insert(sessions).values({
    id,
    user_id: userId,
    generation: 0,
    rotated_at: now,
    expires_at: new Date(expiresAt * 1000),
    ...(lost && { lost_at: now, lost_reason: lost }),
  });
  return { id, generation: 0, expiresAt };
}

/**
 * Rotate the session of a refresh token of generation `generation`: the next generation, or
 * null when refused — unknown, ended, expired, or a reuse (which ends the session).
 */
export async function rotateSession(
  db: Db,
  userId: number,
  id: string,
  generation: number,
  now: Date = new Date(),
): Promise<SessionGeneration | null> {
  const live = and(
    eq(sessions.id, id),
    eq(sessions.user_id, userId),
    isNull(sessions.revoked_at),
    gt(sessions.expires_at, now),
  );
  // One statement: of two instances rotating one generation at once, one moves it first and
  // the other then finds the previous generation within the retry grace.
  const [rotated] = await db
    .update(sessions)
    .set({ generation: sql`${sessions.generation} + 1`, rotated_at: now })
    .where(
      and(
        live,
        or(
          eq(sessions.generation, generation),
          and(
            eq(sessions.generation, generation + 1),
            gt(sessions.rotated_at, new Date(now.getTime() - RETRY_GRACE_MS)),
          ),
        ),
      ),
    )
    .returning({ generation: sessions.generation, expires_at: sessions.expires_at });
  if (rotated)
    return {
      id,
      generation: rotated.generation,
      expiresAt: Math.floor(rotated.expires_at.getTime() / 1000),
    };
  // An older generation of a live session: a reuse. The whole family ends.
  await db
    .update(sessions)
    .set({ revoked_at: now })
    .where(and(live, gt(sessions.generation, generation)));
  return null;
}

/** End a session (logout); answers whether it was live. */
export async function endSession(db: Db, userId: number, id: string): Promise<boolean> {
  const ended = await db
    .update(sessions)
    .set({ revoked_at: new Date() })
    .where(and(eq(sessions.id, id), eq(sessions.user_id, userId), isNull(sessions.revoked_at)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}
