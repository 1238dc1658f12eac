/**
 * Members in the caller's scope (docs/business-rules.md#roles-and-scope: CO, GE
 * and VI all; a promoter the members of its region; a member only itself), in exactly the shape of
 * `GET /socios/{id}.json`: columns, mapping and scope come from the members service, so the
 * phone's replica and the API can never drift apart.
 */
import { scopeFor } from '#domain/permissions';
import { and, asc, eq } from 'drizzle-orm';
import { comunidades, regiones, socios } from '#server/db/schema';
import { memberColumns, memberScope, toMemberDetail } from '#server/services/members';
import { inSearch, inWindow, versionsOf, type ReplicatedTable } from '#server/sync/registry';

export const sociosTable: ReplicatedTable = {
  name: 'socios',
  readScope: (scope) => scopeFor(scope.role, 'socios', 'read'),
  fetchVersions: async (db, scope, search) =>
    versionsOf(
      await db
        .select({ v: socios.row_version })
        .from(socios)
        .innerJoin(comunidades, eq(socios.comunidad, comunidades.id))
        .where(and(inSearch(socios.row_version, search), memberScope(scope)))
        .orderBy(asc(socios.row_version))
        .limit(search.limit),
    ),
  fetchChanges: async (db, scope, window) => {
    const rows = await db
      .select({ version: socios.row_version, ...memberColumns })
      .from(socios)
      .innerJoin(comunidades, eq(socios.comunidad, comunidades.id))
      .innerJoin(regiones, eq(comunidades.region, regiones.id))
      .where(and(inWindow(socios.row_version, window), memberScope(scope)))
      .orderBy(asc(socios.row_version));
    return rows.map(({ version, ...row }) => ({ version, row: toMemberDetail(row) }));
  },
};
