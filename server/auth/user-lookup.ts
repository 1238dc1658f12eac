/** Loads the caller (with its region) for each authenticated request. */
import { eq } from 'drizzle-orm';
import type { Role } from '#domain/roles';
import type { Db } from '#server/db/client';
import { comunidades, socios, users } from '#server/db/schema';

/** `request.user`: who calls, and the region that scopes a promoter's data. */
export interface AuthUser {
  id: number;
  role: Role;
  clave_socio: number | null;
  /** Region of the linked member's community; null without a linked member. */
  region: number | null;
  /** May save translation drafts (issue 20), whatever the role. */
  translator: boolean;
}

export async function findAuthUser(
  db: Db,
  id: number,
): Promise<(AuthUser & { token_version: number }) | null> {
  const rows = await db
    .select({
      id: users.id,
      role: users.role,
      clave_socio: users.clave_socio,
      token_version: users.token_version,
      translator: users.translator,
      region: comunidades.region,
    })
    .from(users)
    .leftJoin(socios, eq(users.clave_socio, socios.clave_socio))
    .leftJoin(comunidades, eq(socios.comunidad, comunidades.id))
    .where(eq(users.id, id))
    .limit(1);
  const row = rows[0];
  return row ? { ...row, region: row.region ?? null } : null;
}
