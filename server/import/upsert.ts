/**
 * Batched upserts for the import: thousands of rows per statement, passed as ONE JSON
 * parameter and expanded by `json_populate_recordset` into the target table's own column
 * types (numerics, dates, jsonb, integer[] — no per-row query, no parameter-count limit).
 *
 * Re-running never duplicates: rows conflict on their id (kept from the original) and are
 * updated only when a value differs, so an unchanged row keeps its row_version and phones do
 * not pull it again; a new or changed one gets a fresh row_version from the table's trigger,
 * like any write. A chunk the database refuses (a constraint the checks did not foresee) is
 * retried in halves, each in its own savepoint, and only the refused rows are skipped.
 */
import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import * as z from 'zod';
import { present } from '#domain/guards';
import type { Db } from '#server/db/client';

const CHUNK = 5000;

export interface WriteResult {
  inserted: number[];
  updated: number[];
  /** Rows equal to what the target already held. */
  unchanged: number[];
  refused: { id: number; message: string }[];
}

export interface UpsertOptions {
  /** Update expressions replacing `excluded.<column>` (e.g. keep a value the product changed). */
  keep?: Record<string, SQL>;
}

const packedAnswer = z.object({ rows: z.array(z.object({ packed: z.string() })) });
const writtenRows = z.array(z.tuple([z.number(), z.boolean()]));

/** The database's own words for a refused statement (drizzle wraps the driver's error). */
export function databaseMessage(error: unknown): string {
  const cause: unknown = error instanceof Error && error.cause !== undefined ? error.cause : error;
  if (cause instanceof Error) {
    const detail: unknown = Reflect.get(cause, 'detail');
    return typeof detail === 'string' && detail ? `${cause.message} (${detail})` : cause.message;
  }
  return String(cause);
}

/** Rows keyed by property name → JSON objects keyed by database column name. */
function toDbRecords(table: PgTable, rows: readonly object[]) {
  const columns: Record<string, PgColumn> = getTableColumns(table);
  const names = new Set<string>();
  const records = rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (const [property, value] of Object.entries(row)) {
      const column = columns[property];
      if (!column) throw new Error(`${getTableName(table)} has no column ${property}`);
      record[column.name] = value;
      names.add(column.name);
    }
    return record;
  });
  return { records, names: [...names] };
}

function statement(
  table: PgTable,
  key: PgColumn,
  names: readonly string[],
  json: string,
  keep: Record<string, SQL>,
): SQL {
  const target = sql.identifier(getTableName(table));
  const list = sql.join(
    names.map((n) => sql.identifier(n)),
    sql`, `,
  );
  const others = names.filter((n) => n !== key.name);
  const newValue = (n: string) => keep[n] ?? sql`excluded.${sql.identifier(n)}`;
  const assignments = sql.join(
    others.map((n) => sql`${sql.identifier(n)} = ${newValue(n)}`),
    sql`, `,
  );
  const current = sql.join(
    others.map((n) => sql`${target}.${sql.identifier(n)}`),
    sql`, `,
  );
  const next = sql.join(others.map(newValue), sql`, `);
  // The written ids come back packed in one JSON text: PGlite hands rows to JavaScript value
  // by value, which for tens of thousands of rows costs more than the insert.
  return sql`WITH written AS (
      INSERT INTO ${target} (${list})
      SELECT ${list} FROM json_populate_recordset(NULL::${target}, ${json}::json)
      ON CONFLICT (${sql.identifier(key.name)}) DO UPDATE SET ${assignments}
      WHERE ROW(${current}) IS DISTINCT FROM ROW(${next})
      RETURNING ${sql.identifier(key.name)} AS id, (xmax = 0) AS inserted)
    SELECT coalesce(json_agg(json_build_array(id, inserted)), '[]')::text AS packed FROM written`;
}

async function run(tx: Db, query: SQL): Promise<{ id: number; inserted: boolean }[]> {
  const packed = packedAnswer.parse(await tx.execute(query)).rows[0]?.packed ?? '[]';
  return writtenRows.parse(JSON.parse(packed)).map(([id, inserted]) => ({ id, inserted }));
}

/** A row to write (keyed like the drizzle table's properties) with the id it carries. */
export interface KeyedRow<T extends PgTable> {
  id: number;
  row: T['$inferInsert'];
}

/** Insert or update `rows` on their `key` column inside the caller's transaction `tx`. */
export async function upsertRows<T extends PgTable>(
  tx: Db,
  table: T,
  key: PgColumn,
  rows: readonly KeyedRow<T>[],
  options: UpsertOptions = {},
): Promise<WriteResult> {
  const result: WriteResult = { inserted: [], updated: [], unchanged: [], refused: [] };
  const keep = options.keep ?? {};
  const refusedIds = new Set<number>();
  const changed = new Set<number>();

  // One statement per chunk, in its own savepoint. A refused chunk is halved until the rows the
  // database refuses stand alone (a few statements per bad row); the others go in.
  const write = async (chunk: readonly KeyedRow<T>[]): Promise<void> => {
    const { records, names } = toDbRecords(
      table,
      chunk.map((c) => c.row),
    );
    try {
      const answered = await tx.transaction((sp) =>
        run(sp, statement(table, key, names, JSON.stringify(records), keep)),
      );
      for (const row of answered) {
        changed.add(row.id);
        (row.inserted ? result.inserted : result.updated).push(row.id);
      }
    } catch (error) {
      if (chunk.length === 1) {
        const { id } = present(chunk[0], 'the refused row');
        refusedIds.add(id);
        result.refused.push({ id, message: databaseMessage(error) });
        return;
      }
      const half = Math.ceil(chunk.length / 2);
      await write(chunk.slice(0, half));
      await write(chunk.slice(half));
    }
  };

  for (let start = 0; start < rows.length; start += CHUNK)
    await write(rows.slice(start, start + CHUNK));
  for (const { id } of rows) if (!changed.has(id) && !refusedIds.has(id)) result.unchanged.push(id);
  return result;
}

/** Move a serial column's sequence past the largest id, so new rows continue after them. */
export async function continueSequence(tx: Db, table: PgTable, key: PgColumn): Promise<void> {
  const name = getTableName(table);
  await tx.execute(
    sql`SELECT setval(pg_get_serial_sequence(${name}, ${key.name}),
          coalesce(max(${sql.identifier(key.name)}), 0) + 1, false)
        FROM ${sql.identifier(name)}`,
  );
}
