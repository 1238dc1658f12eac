/**
 * The removals of the delta pull (server/README.md "Scope changes"): rows of `sync_removals`
 * (written by triggers, migration `sync-removal-triggers`) that a caller must drop from its
 * replica. Each replicated table says through its read scope which of them reach whom: a
 * reader of every row learns only deletions; a reader of a region, a member or a promoter's own
 * rows learns what left that region, member or promoter (deleted rows included), never what
 * happened elsewhere.
 */
import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Scope } from '#domain/permissions';
import type { Db } from '#server/db/client';
import { syncRemovals } from '#server/db/schema';
import {
  inSearch,
  inWindow,
  versionsOf,
  type PullScope,
  type ReplicatedTable,
  type VersionSearch,
  type VersionWindow,
} from './registry.ts';

/** The removals a reader with `scope` on a table is told about. */
function keyCondition(readScope: Scope, scope: PullScope): SQL | null {
  switch (readScope) {
    case 'all':
      return eq(syncRemovals.deleted, true);
    case 'region':
      return scope.region === null ? null : eq(syncRemovals.region, scope.region);
    case 'self':
      return scope.clave_socio === null ? null : eq(syncRemovals.clave_socio, scope.clave_socio);
    case 'own':
      return eq(syncRemovals.promotor, scope.userId);
    case 'none':
      return null;
  }
}

/** Removals of every table the caller reads, as one condition (false when it reads none). */
export function visibleRemovals(scope: PullScope, tables: readonly ReplicatedTable[]): SQL {
  const parts: SQL[] = [];
  for (const table of tables) {
    const keys = keyCondition(table.readScope(scope), scope);
    if (keys) parts.push(and(eq(syncRemovals.table_name, table.name), keys)!);
  }
  return parts.length === 0 ? sql`false` : or(...parts)!;
}

/** The first removal versions after the cursor (the pull's first step, like a table's). */
export async function fetchRemovalVersions(
  db: Db,
  visible: SQL,
  search: VersionSearch,
): Promise<number[]> {
  return versionsOf(
    await db
      .select({ v: syncRemovals.version })
      .from(syncRemovals)
      .where(and(inSearch(syncRemovals.version, search), visible))
      .orderBy(asc(syncRemovals.version))
      .limit(search.limit),
  );
}

export interface Removal {
  version: number;
  table: string;
  id: number;
}

/** The removals in a page's window, ascending by version. */
export async function fetchRemovals(
  db: Db,
  visible: SQL,
  window: VersionWindow,
): Promise<Removal[]> {
  return db
    .select({
      version: syncRemovals.version,
      table: syncRemovals.table_name,
      id: syncRemovals.row_id,
    })
    .from(syncRemovals)
    .where(and(inWindow(syncRemovals.version, window), visible))
    .orderBy(asc(syncRemovals.version));
}
