/**
 * Bulk inserts for the seed: thousands of rows per statement, sent as ONE JSON text parameter
 * and expanded by `json_populate_recordset` in the database. Row-per-parameter inserts stop at
 * PostgreSQL's 65,535 parameters (a few hundred rows a statement), and building each statement
 * cost more than running it: the xl seed (docs/performance.md#the-xl-set) inserts over a million
 * rows. Works unchanged on PGlite and PostgreSQL; defaults and the row_version trigger apply as
 * in any INSERT.
 */
import { getTableColumns, getTableName, sql, type Column } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import * as z from 'zod';
import type { Db } from '#server/db/client';

/** Rows a statement: ~1–3 MB of JSON, far under any message limit, few round trips. */
const ROWS_PER_STATEMENT = 5_000;

/** JSON (and arrays) go as JSON values; every other type as its driver text. */
function jsonValue(column: Column, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (column.columnType === 'PgJsonb' || column.columnType === 'PgJson') return value;
  if (column.columnType === 'PgArray') return value;
  return column.mapToDriverValue(value);
}

/** The columns named by the rows' keys, in the table's order, with their SQL names. */
function columnsOf<T extends PgTable>(table: T, rows: readonly T['$inferInsert'][]) {
  const all = getTableColumns(table);
  const keys = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) keys.add(key);
  return Object.entries(all).filter(([key]) => keys.has(key));
}

/** Insert `rows` (Drizzle insert shapes) in statements of ROWS_PER_STATEMENT. */
export async function bulkInsert<T extends PgTable>(
  db: Db,
  table: T,
  rows: readonly T['$inferInsert'][],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = columnsOf(table, rows);
  const names = sql.raw(columns.map(([, c]) => `"${c.name}"`).join(', '));
  const target = sql.raw(`"${getTableName(table)}"`);
  for (let at = 0; at < rows.length; at += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(at, at + ROWS_PER_STATEMENT).map((row) => {
      const out: Record<string, unknown> = {};
      const values = row as Record<string, unknown>;
      for (const [key, column] of columns) out[column.name] = jsonValue(column, values[key]);
      return out;
    });
    await db.execute(
      sql`INSERT INTO ${target} (${names}) SELECT ${names} FROM json_populate_recordset(NULL::${target}, ${JSON.stringify(chunk)}::json)`,
    );
  }
}

const idRows = z.object({ rows: z.array(z.object({ id: z.coerce.number() })) });

/**
 * Take `count` ids from the serial sequence of `table.idColumn`, in increasing order, so rows
 * inserted with them by `bulkInsert` keep the ids a row-by-row insert would have given.
 */
export async function takeIds<T extends PgTable>(
  db: Db,
  table: T,
  idColumn: Column,
  count: number,
): Promise<number[]> {
  if (count === 0) return [];
  const { rows } = idRows.parse(
    await db.execute(
      sql`SELECT nextval(pg_get_serial_sequence(${getTableName(table)}, ${idColumn.name}))::int AS id FROM generate_series(1, ${count}::int)`,
    ),
  );
  return rows.map((r) => r.id).sort((a, b) => a - b);
}
