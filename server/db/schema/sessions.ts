/**
 * Login sessions (auth/sessions.ts, docs/security.md "Sessions"): one row per login, the family
 * of every refresh token rotated from it. A refresh token names its session and generation; only
 * the current generation refreshes, and a reused older one revokes the whole family. Logout and
 * reuse set `revoked_at`, which every instance sees on the next access token it checks.
 */
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { LostReason } from '#domain/lost-device';
import { users } from './users.ts';

export const sessions = pgTable(
  'sessions',
  {
    /** Random, unguessable; the refresh and access tokens carry it (`sid`). */
    id: text('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The generation of the one refresh token that may refresh now. */
    generation: integer('generation').notNull().default(0),
    /** When the current generation was issued (the previous one is a retry for a short while). */
    rotated_at: timestamp('rotated_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Logout or a detected reuse: no token of the session works any more. */
    revoked_at: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    /** The login's refresh window: every token of the family expires then. */
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /**
     * The office marked the device lost or deactivated the user (docs/security.md#a-lost-device):
     * the session's tokens answer 401 with `lost_reason` as code, except one final push.
     */
    lost_at: timestamp('lost_at', { withTimezone: true, mode: 'date' }),
    lost_reason: text('lost_reason').$type<LostReason>(),
    /** First time a lost session was told so (a refusal or its final push). */
    lost_told_at: timestamp('lost_told_at', { withTimezone: true, mode: 'date' }),
    /** The one final push a lost session may make; claimed once, by one instance. */
    final_push_at: timestamp('final_push_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('sessions_user_idx').on(t.user_id), index('sessions_expires_idx').on(t.expires_at)],
);
