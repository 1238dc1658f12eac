/**
 * Rows the server removed from this user's scope (`removed` of a pull page: moved to another
 * region, away from the member, or deleted). They leave the replica, except a record a queued
 * write still holds: that one stays until its write is done or discarded (a removal shadow, so
 * a discard drops it instead of restoring the server's copy). The outbox is never touched; each
 * queued write whose record — or a record it names (`refersTo`) — left gets a mark in meta, and
 * the sync center says why the server may refuse it.
 */
import type { AppDatabase } from '#db/database';
import { replicaTableForServer, replicaTableNames } from '#db/replica-tables';
import type { RecordKey, ReplicaTableName } from '#db/replica-rows';
import type { WireRow } from '#db/stored-rows';
import { isOneOf, isRecord } from '#domain/guards';
import { getCommand, SHADOW_PREFIX, type ShadowValue } from './commands';
import type { OutboxRow } from './types';

/** Meta key prefix of the mark of a queued write whose record left the scope (+ mutation id). */
export const SCOPE_LEFT_PREFIX = 'scopeLeft|';

/** Which removed record a marked write held or named. */
export interface ScopeLeftMark {
  table: ReplicaTableName;
  key: RecordKey;
}

export function isScopeLeftMark(value: unknown): value is ScopeLeftMark {
  return (
    isRecord(value) &&
    isOneOf(replicaTableNames(), value.table) &&
    (typeof value.key === 'string' || typeof value.key === 'number')
  );
}

/** The writes not done yet: their local records are protected from the pull. */
export interface LiveWrites {
  rows: readonly OutboxRow[];
  ids: ReadonlySet<string>;
  records: ReadonlySet<string>;
}

export function liveWrites(rows: readonly OutboxRow[]): LiveWrites {
  return {
    rows,
    ids: new Set(rows.map((r) => r.id)),
    records: new Set(rows.map((r) => r.recordId)),
  };
}

/** A local record whose pending change still waits for the server. */
export function isProtected(row: WireRow | undefined, live: LiveWrites): boolean {
  if (!row || typeof row._pending !== 'string') return false;
  return (
    live.ids.has(row._pending) ||
    (typeof row._localId === 'string' && live.records.has(row._localId))
  );
}

const refKey = (table: string, key: RecordKey) => `${table}|${String(key)}`;

/** Live writes by the records they name (`refersTo` of their command). */
function namedRecords(live: LiveWrites): Map<string, string[]> {
  const named = new Map<string, string[]>();
  for (const row of live.rows) {
    for (const ref of getCommand(row.kind)?.refersTo?.(row.payload) ?? []) {
      const key = refKey(ref.table, ref.key);
      named.set(key, [...(named.get(key) ?? []), row.id]);
    }
  }
  return named;
}

/** Drop the removed rows (inside the page's transaction); returns how many left the replica. */
export async function applyRemovals(
  db: AppDatabase,
  removed: Record<string, (number | string)[]>,
  live: LiveWrites,
): Promise<number> {
  const named = namedRecords(live);
  const marks = new Map<string, ScopeLeftMark>();
  let dropped = 0;
  for (const [server, keys] of Object.entries(removed)) {
    const def = replicaTableForServer(server);
    if (!def || keys.length === 0) continue;
    const table = db.wire(def.table);
    const existing = await table.bulkGet(keys);
    const gone: RecordKey[] = [];
    for (const [i, key] of keys.entries()) {
      const local = existing[i];
      const shadowKey = `${SHADOW_PREFIX}${refKey(def.table, key)}`;
      const affected = [...(named.get(refKey(def.table, key)) ?? [])];
      if (local && isProtected(local, live)) {
        const shadow: ShadowValue = {
          table: def.table,
          key,
          localId: local._localId ?? null,
          row: null,
        };
        await db.meta.put({ key: shadowKey, value: shadow });
        if (typeof local._pending === 'string') affected.push(local._pending);
        affected.push(...live.rows.filter((r) => r.recordId === local._localId).map((r) => r.id));
      } else {
        await db.meta.delete(shadowKey);
        if (local) gone.push(key);
      }
      for (const id of affected) if (live.ids.has(id)) marks.set(id, { table: def.table, key });
    }
    await table.bulkDelete(gone);
    dropped += gone.length;
  }
  for (const [id, mark] of marks)
    await db.meta.put({ key: `${SCOPE_LEFT_PREFIX}${id}`, value: mark });
  return dropped;
}

/** Forget the marks of writes that are done or discarded. */
export async function dropStaleMarks(db: AppDatabase, live: LiveWrites): Promise<void> {
  const keys = await db.meta.where('key').startsWith(SCOPE_LEFT_PREFIX).primaryKeys();
  const stale = keys.filter((key) => !live.ids.has(key.slice(SCOPE_LEFT_PREFIX.length)));
  if (stale.length > 0) await db.meta.bulkDelete(stale);
}
