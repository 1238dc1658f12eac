/** Loads the caller (with its region) for each authenticated request. */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { LostReason } from '#domain/lost-device';
import type { Role } from '#domain/roles';
import type { Db } from '#server/db/client';
import { comunidades, sessions, socios, users } from '#server/db/schema';

/** `request.user`: who calls, and the region that scopes a promoter's data. */
export interface AuthUser {
  id: number;
  role: Role;
  clave_socio: number | null;
  /** Region of the linked member's community; null without a linked member. */
  region: number | null;
  /** May save translation drafts, whatever the role. */
  translator: boolean;
}

/** Why a token's session may only make its final push (docs/security.md#a-lost-device). */
export interface SessionLost {
  reason: LostReason;
  /** Its one final push was claimed: nothing of the session works any more. */
  finalPushed: boolean;
}

/**
 * The user `id`, with whether `session` (a token's `sid`) is still live — not ended by a logout
 * or a reused refresh token, nor expired — and whether it is lost (the office marked the device
 * lost or deactivated the user). Read in the same query: no extra round trip per call.
 */
export async function findAuthUser(
  db: Db,
  id: number,
  session: string | null = null,
): Promise<
  (AuthUser & { token_version: number; sessionLive: boolean; lost: SessionLost | null }) | null
> {
  const rows = await db
    .select({
      id: users.id,
      role: users.role,
      clave_socio: users.clave_socio,
      token_version: users.token_version,
      translator: users.translator,
      region: comunidades.region,
      active: users.active,
      session: sessions.id,
      lost_reason: sessions.lost_reason,
      final_push_at: sessions.final_push_at,
    })
    .from(users)
    .leftJoin(socios, eq(users.clave_socio, socios.clave_socio))
    .leftJoin(comunidades, eq(socios.comunidad, comunidades.id))
    .leftJoin(
      sessions,
      and(
        eq(sessions.id, session ?? ''),
        eq(sessions.user_id, users.id),
        isNull(sessions.revoked_at),
        gt(sessions.expires_at, sql`now()`),
      ),
    )
    .where(eq(users.id, id))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const { session: live, active, lost_reason, final_push_at, ...user } = row;
  // A token without a session of an inactive user has no final push to make.
  const lost: SessionLost | null = lost_reason
    ? { reason: lost_reason, finalPushed: final_push_at !== null }
    : active
      ? null
      : { reason: 'user_inactive', finalPushed: session === null };
  return {
    ...user,
    region: user.region ?? null,
    sessionLive: session === null || live !== null,
    lost,
  };
}
