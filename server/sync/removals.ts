/**
 * The removals of the delta pull (server/README.md "Scope changes"): rows of `sync_removals`
 * (written by triggers, migration `sync-removal-triggers`) that a caller must drop from its
 * replica. Each replicated table says through its read scope which of them reach whom: a
 * reader of every row learns only deletions; a reader of a region, a member or a promoter's own
 * rows learns what left that region, member or promoter (deleted rows included), never what
 * happened elsewhere.
 */
import { and, asc, eq, lt, max, sql, type SQL } from 'drizzle-orm';
import type { Scope } from '#domain/permissions';
import type { Db } from '#server/db/client';
import { allOf, anyOf } from '#server/db/conditions';
import { syncRemovalHorizon, syncRemovals } from '#server/db/schema';
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
    const keys = table.removalsFor
      ? table.removalsFor(scope)
      : keyCondition(table.readScope(scope), scope);
    if (keys) parts.push(allOf(eq(syncRemovals.table_name, table.name), keys));
  }
  const [first, ...rest] = parts;
  return first === undefined ? sql`false` : anyOf(first, ...rest);
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
  /** The row's key: an integer, or a text for a table keyed by text. */
  id: number | string;
}

/** The removals in a page's window, ascending by version. */
export async function fetchRemovals(
  db: Db,
  visible: SQL,
  window: VersionWindow,
): Promise<Removal[]> {
  const rows = await db
    .select({
      version: syncRemovals.version,
      table: syncRemovals.table_name,
      rowId: syncRemovals.row_id,
      rowKey: syncRemovals.row_key,
    })
    .from(syncRemovals)
    .where(and(inWindow(syncRemovals.version, window), visible))
    .orderBy(asc(syncRemovals.version));
  // A check constraint makes one of the two keys present.
  return rows.map(({ version, table, rowId, rowKey }) => ({
    version,
    table,
    id: rowKey ?? rowId ?? 0,
  }));
}

/** Removals are kept this long: a phone silent for longer starts its pull again from 0. */
export const SYNC_REMOVALS_TTL_DAYS = 180;

/** The newest purged removal version (0 when nothing was purged). */
export async function removalHorizon(db: Db): Promise<number> {
  const [row] = await db
    .select({ version: syncRemovalHorizon.version })
    .from(syncRemovalHorizon)
    .where(eq(syncRemovalHorizon.id, 1));
  return row?.version ?? 0;
}

/**
 * Delete removals logged before the retention period (run at start by main.ts, like the
 * idempotency keys) and raise the horizon to the newest version deleted, in one transaction:
 * a pull reads the horizon and the log in one snapshot, so it either sees a removal or a
 * horizon that resets it. Answers how many went.
 */
export async function purgeSyncRemovals(
  db: Db,
  now: Date = new Date(),
  ttlDays: number = SYNC_REMOVALS_TTL_DAYS,
): Promise<number> {
  const cutoff = new Date(now.getTime() - ttlDays * 86_400_000);
  return db.transaction(async (tx) => {
    const [newest] = await tx
      .select({ version: max(syncRemovals.version) })
      .from(syncRemovals)
      .where(lt(syncRemovals.created_at, cutoff));
    const upTo = newest?.version ?? null;
    if (upTo === null) return 0;
    const gone = await tx
      .delete(syncRemovals)
      .where(sql`${syncRemovals.version} <= ${upTo}`)
      .returning({ version: syncRemovals.version });
    await tx
      .insert(syncRemovalHorizon)
      .values({ id: 1, version: upTo })
      .onConflictDoUpdate({
        target: syncRemovalHorizon.id,
        set: { version: sql`greatest(${syncRemovalHorizon.version}, ${upTo})` },
      });
    return gone.length;
  });
}
