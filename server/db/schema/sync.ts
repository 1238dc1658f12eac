/**
 * Tables of the sync protocol (docs/architecture.md#api-conventions): the stored answers of
 * idempotent writes, each user's last contact for the office view of field queues, and the log
 * of rows that left a scope. None is replicated to phones as such.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One row per (user, Idempotency-Key): written in the same transaction as the write's effect,
 * so a key that is stored has had its effect exactly once. Rejections (4xx) are stored too,
 * with their answer in encoded-message form (translated again when answered).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** Record kind for the office view, e.g. 'profile.update', 'socio.create'. */
    kind: text('kind').notNull(),
    /** sha256 of the canonical JSON of method + path + body. */
    body_hash: text('body_hash').notNull(),
    status: integer('status').notNull(),
    answer: jsonb('answer').$type<unknown>(),
    /** Id (as text) of the record the write created or changed; null for rejections. */
    record_ref: text('record_ref'),
    captured_at: instant('captured_at'),
    received_at: instant('received_at').notNull(),
    /**
     * The receipt a field capture carried (body's `recibo_codigo` / `recibo`), kept for
     * accepted and refused writes alike so `GET /api/recibos/{code}/` can tell "refused".
     */
    receipt_code: text('receipt_code'),
    receipt_number: text('receipt_number'),
    /**
     * What the field inbox shows of the write, taken when it arrives from the answer
     * (accepted) or the raw body (refused): the member, the contract, the amount, the kilos.
     */
    socio: integer('socio'),
    credito: integer('credito'),
    monto: numeric('monto', { precision: 14, scale: 2 }),
    kilos: numeric('kilos', { precision: 12, scale: 2 }),
    /** A movement: true a contribution, false a withdrawal (null for other kinds). */
    aportacion: boolean('aportacion'),
    /** The key of the refused write this one corrects (header X-Replaces-Key). */
    replaces_key: text('replaces_key'),
    /** The office's reviewed mark: when and by whom. */
    reviewed_at: instant('reviewed_at'),
    reviewed_by: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    /** The phone discarded this refused write: when and why (a DISCARD_REASONS code). */
    discarded_at: instant('discarded_at'),
    discard_reason: text('discard_reason'),
    created_at: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_user_key_uq').on(t.user_id, t.key),
    index('idempotency_keys_received_idx').on(t.received_at),
    index('idempotency_keys_created_idx').on(t.created_at),
    index('idempotency_keys_receipt_code_idx').on(t.receipt_code),
    // The inbox's newest-first keyset pages, and the corrections' links.
    index('idempotency_keys_received_id_idx').on(t.received_at, t.id),
    index('idempotency_keys_replaces_idx').on(t.user_id, t.replaces_key),
  ],
);

/**
 * The latest queue report of each (user, device): counts by kind and state of what
 * the phone still holds and its oldest capture — never the records themselves.
 */
export const fieldQueueReports = pgTable(
  'field_queue_reports',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    device: text('device').notNull(),
    reported_at: instant('reported_at').notNull(),
    counts: jsonb('counts').$type<{ kind: string; state: string; count: number }[]>().notNull(),
    oldest_captured_at: instant('oldest_captured_at'),
    oldest_refused_at: instant('oldest_refused_at'),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.device] })],
);

/**
 * Last pull or push seen from each user. A table of its own rather than a users column:
 * touching `users` would bump its updated_at trigger on every pull and make a profile row
 * change whenever its owner merely syncs.
 */
export const userContacts = pgTable('user_contacts', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  last_seen_at: instant('last_seen_at').notNull(),
});

/**
 * Rows that left a reader's scope or were deleted, for the delta pull's `removed` (server/README
 * "Scope changes"). Written only by triggers (migration `sync-removals`), with a version from
 * the ONE row_version sequence, so removals and row changes share one order. The keys say who
 * the row left: a deletion carries every key the row had (region, member, promoter) and
 * `deleted`; a move only the key it left (the old region, the old member, the old promoter).
 */
export const syncRemovals = pgTable('sync_removals', {
  version: bigint('version', { mode: 'number' })
    .primaryKey()
    .default(sql`nextval('row_version_seq')`),
  /** The replicated table (its pull name, which is its SQL name). */
  table_name: text('table_name').notNull(),
  /** The row's integer key (null for a table keyed by text: see `row_key`). */
  row_id: integer('row_id'),
  /** The row's text key, for tables keyed by text (`traducciones`: `tz:<key>`). */
  row_key: text('row_key'),
  /** The region the row was in (deleted) or left (moved). */
  region: integer('region'),
  /** The member the row belonged to (deleted) or no longer belongs to. */
  clave_socio: integer('clave_socio'),
  /** The promoter the row belonged to (credit requests). */
  promotor: integer('promotor'),
  /** Deleted: gone for every reader (a move removes it only for the keys above). */
  deleted: boolean('deleted').notNull(),
  created_at: instant('created_at').notNull().defaultNow(),
});

/**
 * The newest removal version purged from `sync_removals` (one row, id 1; none = nothing
 * purged). A cursor older than it may have missed a purged removal, so its pull starts again
 * from 0 (`reset`) — only a phone that has not synced for the whole retention period.
 */
export const syncRemovalHorizon = pgTable('sync_removal_horizon', {
  id: integer('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});
