/**
 * Credit requests replicated to phones, each WITH its chat, in exactly the shape of
 * `GET /solic-creditos/{folio}.json` (the shape, mapping and scope come from the requests
 * service): CO, GE and VI all requests, a promoter the ones it created, a member none. A new
 * chat comment rewrites its request row, so the request (and its chat) travels again.
 */
import { scopeFor } from '#domain/permissions';
import { and, asc } from 'drizzle-orm';
import { solicitudes } from '#server/db/schema';
import { loadRequestChanges, requestScope } from '#server/services/request-shape';
import { inSearch, inWindow, versionsOf, type ReplicatedTable } from '#server/sync/registry';
import { allOf } from '#server/db/conditions';

export const solicitudesTable: ReplicatedTable = {
  name: 'solicitudes',
  readScope: (scope) => scopeFor(scope.role, 'solicitudes', 'read'),
  // The scope reads the request's own columns; the full rows' joins follow not-null foreign
  // keys, so they drop no request these versions count.
  fetchVersions: async (db, scope, search) =>
    versionsOf(
      await db
        .select({ v: solicitudes.row_version })
        .from(solicitudes)
        .where(
          and(
            inSearch(solicitudes.row_version, search),
            requestScope({ role: scope.role, userId: scope.userId }),
          ),
        )
        .orderBy(asc(solicitudes.row_version))
        .limit(search.limit),
    ),
  fetchChanges: (db, scope, window) =>
    loadRequestChanges(
      db,
      allOf(
        inWindow(solicitudes.row_version, window),
        requestScope({ role: scope.role, userId: scope.userId }),
      ),
      window.upTo - window.after,
    ),
};
