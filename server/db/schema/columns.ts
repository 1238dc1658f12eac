import { sql } from 'drizzle-orm';
import { bigint, pgSequence, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One global, monotonic counter for every replicated row. The delta-sync pull uses it as its
 * cursor: "everything with row_version > cursor" across all tables. A trigger (custom
 * migration `row-version-triggers`) assigns it on INSERT and on every UPDATE, so writes that
 * bypass Drizzle (psql, the admin CLI) still advance it.
 */
export const rowVersionSeq = pgSequence('row_version_seq');

/** Columns shared by every table that is replicated to phones. */
export function replicated() {
  return {
    row_version: bigint('row_version', { mode: 'number' })
      .notNull()
      .default(sql`nextval('row_version_seq')`),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  };
}

export function timestamps() {
  return {
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  };
}

/**
 * When a record written from the field was captured on the phone (`X-Captured-At`, null when
 * the caller did not say) and when the server received it: rules that depend on the calendar
 * at capture, and the office's view of how late field data arrives, read these.
 */
export function captureStamps() {
  return {
    capturado_en: timestamp('capturado_en', { withTimezone: true, mode: 'date' }),
    recibido_en: timestamp('recibido_en', { withTimezone: true, mode: 'date' }),
  };
}

/**
 * The receipt a phone gave the member for a field capture (`#domain/receipts`): its number,
 * verification code and the number it replaces. Null on office captures and imports; number
 * and code are unique per author in each table (its indexes).
 */
export function receiptColumns() {
  return {
    recibo: text('recibo'),
    recibo_codigo: text('recibo_codigo'),
    recibo_reemplaza: text('recibo_reemplaza'),
  };
}
