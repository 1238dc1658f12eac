/**
 * Runs of `npm run import:original` (moving in from the original system): when, from where
 * (never the password), the report, the highest row_version and the highest id of each table
 * the run left. A later run compares them with the database's to see whether this product has
 * written since; an empty database without any run is the only other place an import may start.
 */
import { bigint, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const importRuns = pgTable('import_runs', {
  id: serial('id').primaryKey(),
  /** host:port/database of the original's database. */
  source: text('source').notNull(),
  started_at: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
  finished_at: timestamp('finished_at', { withTimezone: true, mode: 'date' }).notNull(),
  /** Rows skipped (0 = a clean import). */
  skipped: integer('skipped').notNull(),
  /** Highest row_version over the replicated tables when the run committed. */
  row_version_mark: bigint('row_version_mark', { mode: 'number' }).notNull(),
  /** Highest id of each table written, when the run committed (rows created later are new). */
  max_ids: jsonb('max_ids').$type<Record<string, number>>().notNull(),
  report: jsonb('report').$type<unknown>().notNull(),
});
