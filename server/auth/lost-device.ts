/**
 * A lost device and a deactivated user (docs/security.md#a-lost-device). The office marks a
 * user's device lost, or deactivates the user: every session of that user then is lost. A lost
 * session's tokens answer 401 with the reason as code on every call but one: its first batch
 * push, claimed once in the database (so across instances), is run as usual and answered with
 * `WIPE_HEADER`, so the phone sends its queued captures and then wipes itself. Its refresh
 * token still refreshes until that push is claimed (a phone whose access token expired offline
 * must still be able to send), and never after.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { LostReason } from '#domain/lost-device';
import { msg } from '#domain/messages';
import type { Db } from '#server/db/client';
import { sessions, users } from '#server/db/schema';
import { HttpError } from '#server/http/errors';

/** The refusal a lost session's calls get: 401, its reason as `code`. */
export function lostRefusal(reason: LostReason): HttpError {
  return new HttpError(
    401,
    msg(reason === 'device_lost' ? 'server.auth.deviceLost' : 'server.auth.userInactive'),
    { code: reason },
  );
}

/**
 * Mark every session of the user lost (and the user's device tokens issued until now), or
 * deactivate the user with the same effect. Answers false for an unknown user.
 */
export async function markUserLost(
  db: Db,
  userId: number,
  reason: LostReason,
  now: Date = new Date(),
): Promise<boolean> {
  // Two statements: the caller holds them in one transaction (a write route's, the CLI's).
  const [user] = await db
    .update(users)
    .set({
      device_lost_at: now,
      ...(reason === 'user_inactive' && { active: false }),
    })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  if (!user) return false;
  // A session already lost keeps its first reason and its final push.
  await db
    .update(sessions)
    .set({ lost_at: now, lost_reason: reason })
    .where(
      and(eq(sessions.user_id, userId), isNull(sessions.revoked_at), isNull(sessions.lost_at)),
    );
  return true;
}

/** A deactivated user active again: new logins work (lost sessions stay lost). */
export async function reactivateUser(db: Db, userId: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ active: true })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Claim a lost session's one final push: true for exactly one caller over every instance (one
 * statement, so two pushes at once cannot both take it).
 */
export async function claimFinalPush(db: Db, sessionId: string): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({
      final_push_at: sql`now()`,
      lost_told_at: sql`coalesce(${sessions.lost_told_at}, now())`,
    })
    .where(
      and(
        eq(sessions.id, sessionId),
        sql`${sessions.lost_at} IS NOT NULL`,
        isNull(sessions.final_push_at),
      ),
    )
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** The first refusal a lost session gets is noted, for the office's list. */
export async function noteLostTold(db: Db, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ lost_told_at: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.lost_told_at)));
}
