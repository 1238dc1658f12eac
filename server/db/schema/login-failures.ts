/**
 * Failed logins, shared by every API instance on the database (auth/login-limiter.ts): one
 * row per attempt that did not (yet) prove its password, with the client's address and the
 * username tried. Rows older than the limiter's window are deleted as new ones come in.
 */
import { bigserial, boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The client's address (request.ip). */
    client: text('client').notNull(),
    /** The username tried, lower-cased. */
    username: text('username').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    /** A later right password for this username: still counts against the client only. */
    cleared: boolean('cleared').notNull().default(false),
  },
  (t) => [
    index('login_failures_username_idx').on(t.username, t.at),
    index('login_failures_client_idx').on(t.client, t.at),
    index('login_failures_at_idx').on(t.at),
  ],
);
