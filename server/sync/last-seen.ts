/**
 * Last contact of each user (pull or push), for the office view of field queues. Written at
 * most once a minute per user: the upsert leaves a fresher value alone.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { userContacts } from '#server/db/schema';

export async function touchLastSeen(db: Db, userId: number, at: Date = new Date()): Promise<void> {
  await db
    .insert(userContacts)
    .values({ user_id: userId, last_seen_at: at })
    .onConflictDoUpdate({
      target: userContacts.user_id,
      set: { last_seen_at: at },
      setWhere: sql`${userContacts.last_seen_at} < ${new Date(at.getTime() - 60_000).toISOString()}::timestamptz`,
    });
}
