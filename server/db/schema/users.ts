/** Accounts (docs/business-rules.md#roles-and-scope). Not replicated: a phone only ever sees its own `me`. */
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { Role } from '#domain/roles';
import { timestamps } from './columns.ts';
import { socios } from './socios.ts';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull().unique(),
    password_hash: text('password_hash').notNull(),
    first_name: text('first_name').notNull().default(''),
    last_name: text('last_name').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    role: text('role').$type<Role>().notNull(),
    clave_socio: integer('clave_socio').references(() => socios.clave_socio),
    // Bumped on password or role change: every token carrying an older `ver` stops working.
    token_version: integer('token_version').notNull().default(0),
    // May save drafts of interface translations, whatever the role.
    translator: boolean('translator').notNull().default(false),
    // A deactivated user logs in no more; its phones are wiped at their next contact
    // (docs/security.md#a-lost-device).
    active: boolean('active').notNull().default(true),
    // The office marked this user's phones lost: a device token issued before this instant
    // logs in only to send its outbox and be wiped (docs/security.md#a-lost-device).
    device_lost_at: timestamp('device_lost_at', { withTimezone: true, mode: 'date' }),
    ...timestamps(),
  },
  (t) => [check('users_role', sql`${t.role} IN ('SO','PR','CO','GE','VI')`)],
);
