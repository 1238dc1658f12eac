/**
 * The receipt device codes each user has registered (docs/security.md, "Receipt numbers"): the
 * middle part of `<user id>-<device code>-<sequence>`, drawn by a phone for itself. A capture
 * whose receipt carries a code not in the caller's rows is refused (server/services/receipts.ts).
 */
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const receiptDevices = pgTable(
  'receipt_devices',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 4 characters of the receipt alphabet (#domain/receipts `DEVICE_CODE_LENGTH`). */
    codigo: text('codigo').notNull(),
    /** Its first registration. */
    first_seen: timestamp('first_seen', { withTimezone: true, mode: 'date' }).notNull(),
    /** Its last registration or accepted receipt: what the per-user cap counts by. */
    last_seen: timestamp('last_seen', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.codigo] }),
    index('receipt_devices_user_seen_idx').on(t.user_id, t.last_seen),
  ],
);
