/** Existence checks for the ids a write refers to (a missing one is a 400 on its field). */
import { inArray } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/client';

/** Largest value of a PostgreSQL `integer`; a bigger id cannot exist (and must not be sent). */
export const DB_INT_MAX = 2_147_483_647;

/** Whether `id` can be a row id at all: a positive `integer`. */
export function isDbId(id: number): boolean {
  return Number.isSafeInteger(id) && id >= 1 && id <= DB_INT_MAX;
}

/** Which of `ids` exist in the integer primary-key column `column`. */
export async function existingIds(db: Db, column: PgColumn, ids: number[]): Promise<Set<number>> {
  const candidates = [...new Set(ids.filter(isDbId))];
  if (candidates.length === 0) return new Set();
  const rows = await db
    .select({ id: column })
    .from(column.table)
    .where(inArray(column, candidates));
  return new Set(rows.map((r) => Number(r.id)));
}
