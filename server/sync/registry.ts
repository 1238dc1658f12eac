/**
 * THE registration point of tables replicated to phones (ARCHITECTURE.md "How data flows" 4).
 * A table registers once with its name (the key of `PullAnswer.changes`, the phone's replica
 * table) and how to read its changed rows in a caller's scope; the pull merges every
 * registered table into one stream ordered by row_version. The foundation tables register in
 * `tables/index.ts`; each later area (requests, contracts, payments…) adds its own file there.
 */
import type { Role } from '#domain/roles';
import type { Db } from '#server/db/client';

/** Who pulls: what decides which rows they may see (BUSINESS_RULES §1). */
export interface PullScope {
  userId: number;
  role: Role;
  /** The promoter's region (region of its linked member's community). */
  region: number | null;
  /** The member linked to the account (a SO sees only this one). */
  clave_socio: number | null;
}

/** A changed row, in the JSON shape of its list endpoint, with its version. */
export interface ChangedRow {
  version: number;
  row: unknown;
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
   * At most `limit` rows with row_version > `afterVersion` visible to `scope`, ascending by
   * row_version (an index on row_version keeps this cheap).
   */
  fetchChanges(
    db: Db,
    scope: PullScope,
    afterVersion: number,
    limit: number,
  ): Promise<ChangedRow[]>;
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
