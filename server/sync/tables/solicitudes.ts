/**
 * Credit requests replicated to phones, each WITH its chat, in exactly the shape of
 * `GET /solic-creditos/{folio}.json` (the shape, mapping and scope come from the requests
 * service): CO, GE and VI all requests, a promoter the ones it created, a member none. A new
 * chat comment rewrites its request row, so the request (and its chat) travels again.
 */
import { and, gt } from 'drizzle-orm';
import { solicitudes } from '#server/db/schema';
import { loadRequestChanges, requestScope } from '#server/services/request-shape';
import type { ReplicatedTable } from '#server/sync/registry';

export const solicitudesTable: ReplicatedTable = {
  name: 'solicitudes',
  fetchChanges: (db, scope, after, limit) =>
    loadRequestChanges(
      db,
      and(
        gt(solicitudes.row_version, after),
        requestScope({ role: scope.role, userId: scope.userId }),
      )!,
      limit,
    ),
};
