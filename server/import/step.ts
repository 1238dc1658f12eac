/**
 * One import step: an original table mapped into one of this product's tables and written in
 * batches. Steps run in the fact sheet's import order, so every reference is checked against
 * the ids an earlier step actually wrote.
 */
import { getTableName, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/client';
import type { MapContext } from './context.ts';
import type { OriginalTable } from './original.ts';
import { continueSequence, upsertRows, type KeyedRow } from './upsert.ts';

export interface StepSpec<T extends PgTable> {
  source: OriginalTable;
  table: T;
  /** The id column (kept from the original), the conflict target of re-runs. */
  key: PgColumn;
  /** The rows this product can take; every other row is logged as skipped. */
  map(ctx: MapContext): KeyedRow<T>[];
  /** Update expressions replacing the new value of a column on re-runs. */
  keep?: Record<string, SQL>;
}

export interface StepResult {
  source: OriginalTable;
  target: string;
  read: number;
  inserted: number[];
  updated: number[];
  unchanged: number;
  skipped: number;
  ms: number;
}

export interface Step {
  source: OriginalTable;
  target: string;
  /** The target's id column. */
  key: string;
  run(tx: Db, ctx: MapContext): Promise<StepResult>;
  continueSequence(tx: Db): Promise<void>;
}

export function defineStep<T extends PgTable>(spec: StepSpec<T>): Step {
  const target = getTableName(spec.table);
  return {
    source: spec.source,
    target,
    key: spec.key.name,
    async run(tx, ctx) {
      const started = performance.now();
      const rows = spec.map(ctx);
      const written = await upsertRows(tx, spec.table, spec.key, rows, { keep: spec.keep });
      for (const { id, message } of written.refused)
        ctx.log.skip(spec.source, id, 'database-refused', message);
      ctx.markImported(spec.source, [
        ...written.inserted,
        ...written.updated,
        ...written.unchanged,
      ]);
      return {
        source: spec.source,
        target,
        // Unreadable rows never reached `data`; they are skipped rows of this table too.
        read: ctx.data[spec.source].length + ctx.log.unreadableIn(spec.source),
        inserted: written.inserted,
        updated: written.updated,
        unchanged: written.unchanged.length,
        skipped: ctx.log.skippedIn(spec.source),
        ms: performance.now() - started,
      };
    },
    continueSequence: (tx) => continueSequence(tx, spec.table, spec.key),
  };
}
