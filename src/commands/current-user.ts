/**
 * The logged-in user's record in the replica (the `meta` table, key "me"). The app layer
 * mirrors it into the session store, so the layout and every screen see an optimistic profile
 * edit at once, online or not (docs/architecture.md#data-flow).
 */
import type { Me } from '#domain/entities';
import { meSchema } from '#api/me-schema';
import { getDb } from '#db/database';

export const CURRENT_USER_KEY = 'me';

/** The stored user, or null when none (or an unreadable one) is stored. */
export async function readCurrentUser(): Promise<Me | null> {
  const row = await getDb().meta.get(CURRENT_USER_KEY);
  const parsed = meSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : null;
}

export async function writeCurrentUser(me: Me): Promise<void> {
  await getDb().meta.put({ key: CURRENT_USER_KEY, value: me });
}
