/**
 * THE registration point of tables replicated to phones (docs/sync-protocol.md#pull).
 * A table registers once with its name (the key of `PullAnswer.changes`, the phone's replica
 * table) and how to read its changed rows in a caller's scope; the pull merges every
 * registered table into one stream ordered by row_version. The foundation tables register in
 * `tables/index.ts`; each later area (requests, contracts, payments…) adds its own file there.
 */
import { gt, lt, lte, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Scope } from '#domain/permissions';
import type { Role } from '#domain/roles';
import type { Db } from '#server/db/client';
import { allOf } from '#server/db/conditions';

/** Who pulls: what decides which rows they may see (docs/business-rules.md#roles-and-scope). */
export interface PullScope {
  userId: number;
  role: Role;
  /** The promoter's region (region of its linked member's community). */
  region: number | null;
  /** The member linked to the account (a SO sees only this one). */
  clave_socio: number | null;
  /** The translator flag (users.translator): translators also pull translation drafts. */
  translator: boolean;
}

/** A changed row, in the JSON shape of its list endpoint, with its version. */
export interface ChangedRow {
  version: number;
  row: unknown;
}

/** The row versions of one pull page: after the cursor, up to (and with) the page's cut. */
export interface VersionWindow {
  /** Exclusive: the version the cursor carries. */
  after: number;
  /** Inclusive: the page's last version. */
  upTo: number;
}

/** Which versions a pull's first step asks a table for. */
export interface VersionSearch {
  /** Exclusive lower bound: the version the cursor carries. */
  after: number;
  /** Exclusive upper bound, or null: versions from here on cannot be in the page. */
  before: number | null;
  limit: number;
}

export interface ReplicatedTable {
  /** Key in `PullAnswer.changes`, e.g. 'socios', 'cargos_coop'. */
  name: string;
  /**
   * Bump when the row shape changes or rows the table used to skip must now reach phones:
   * every cursor then resets, so phones re-pull everything once.
   */
  shapeVersion?: number;
  /**
   * The caller's read scope of this table (`scopeFor(role, resource, 'read')`): which of the
   * rows that left a scope or were deleted (`sync_removals`) the caller is told about — 'all'
   * the deleted ones, 'region' / 'self' / 'own' those that left the caller's region, member or
   * promoter (deleted ones included).
   */
  readScope(scope: PullScope): Scope;
  /**
   * Which of the table's removals reach `scope` (a condition on `sync_removals`), when the
   * read scope alone cannot say (translations: a row whose approved text went away leaves
   * the readers of approved texts only). Null: none.
   */
  removalsFor?(scope: PullScope): SQL | null;
  /**
   * The first `search.limit` row versions visible to `scope` after `search.after` (and below
   * `search.before` when set), ascending — the versions only, no row built: the pull finds its
   * page's cut from them. Same scope (and the same row-dropping joins) as `fetchChanges`, over
   * the row_version index.
   */
  fetchVersions(db: Db, scope: PullScope, search: VersionSearch): Promise<number[]>;
  /**
   * Every row visible to `scope` with a row_version in `window`, ascending by row_version, in
   * its full shape. The pull asks only for windows `fetchVersions` has bounded to one page.
   */
  fetchChanges(db: Db, scope: PullScope, window: VersionWindow): Promise<ChangedRow[]>;
}

const registered = new Map<string, ReplicatedTable>();

export function registerReplicatedTable(table: ReplicatedTable): void {
  const existing = registered.get(table.name);
  if (existing === table) return;
  if (existing) throw new Error(`replicated table "${table.name}" is registered twice`);
  registered.set(table.name, table);
}

/** Every registered table, in name order (stable for the scope hash). */
export function replicatedTables(): ReplicatedTable[] {
  return [...registered.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** `column` within a version search's bounds. */
export function inSearch(column: PgColumn, search: VersionSearch): SQL {
  return search.before === null
    ? gt(column, search.after)
    : allOf(gt(column, search.after), lt(column, search.before));
}

/** `column` within a pull page's window of versions. */
export function inWindow(column: PgColumn, window: VersionWindow): SQL {
  return allOf(gt(column, window.after), lte(column, window.upTo));
}

/** The versions of `rows` selected as `{ v }` (what every `fetchVersions` answers). */
export const versionsOf = (rows: readonly { v: number }[]): number[] => rows.map((r) => r.v);
