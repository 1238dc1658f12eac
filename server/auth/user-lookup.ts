/** Loads the caller (with its region) for each authenticated request. */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
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

/**
 * The user `id`, with whether `session` (a token's `sid`) is still live — not ended by a logout
 * or a reused refresh token, nor expired. Read in the same query: no extra round trip per call.
 */
export async function findAuthUser(
  db: Db,
  id: number,
  session: string | null = null,
): Promise<(AuthUser & { token_version: number; sessionLive: boolean }) | null> {
  const rows = await db
    .select({
      id: users.id,
      role: users.role,
      clave_socio: users.clave_socio,
      token_version: users.token_version,
      translator: users.translator,
      region: comunidades.region,
      session: sessions.id,
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
  const { session: live, ...user } = row;
  return { ...user, region: user.region ?? null, sessionLive: session === null || live !== null };
}
