/**
 * The 'profile.update' command (docs/business-rules.md#roles-and-scope):
 * PATCH users/me.json with only the fields the user changed, queued in the outbox like every write.
 * The local current user is updated optimistically in the same transaction; the server's
 * answer replaces it. `before` keeps the previous values of the changed fields so a discarded
 * edit can be undone on the phone (it is never sent).
 */
import type { Me } from '#domain/entities';
import type { ProfilePatch } from '#domain/forms/profile';
import { meSchema } from '#api/me-schema';
import type { KindCommand } from './command-definition.ts';
import { readCurrentUser, writeCurrentUser } from './current-user.ts';

/** One record, one chain: the user's own profile. */
export const PROFILE_CHAIN = 'me';

export interface ProfileUpdatePayload {
  patch: ProfilePatch;
  before: ProfilePatch;
}

/** The client record id of a user's profile (stable, so its edits form one history). */
export function profileRecordId(userId: number): string {
  return `user-${userId}`;
}

/** Route of the profile form that reopens a rejected edit with the server's errors. */
export function profileFixRoute(mutationId: string): string {
  return `/perfil?corregir=${encodeURIComponent(mutationId)}`;
}

async function mergeIntoCurrentUser(patch: ProfilePatch): Promise<void> {
  const me = await readCurrentUser();
  if (me) await writeCurrentUser({ ...me, ...patch });
}

export const profileUpdateCommand: KindCommand<'profile.update', ProfileUpdatePayload, Me> = {
  kind: 'profile.update',
  tables: ['meta'],
  request: (payload) => ({ method: 'PATCH', path: 'users/me.json', body: payload.patch }),
  chainKey: () => PROFILE_CHAIN,
  parseResult: (body) => meSchema.parse(body),
  optimistic: (payload) => mergeIntoCurrentUser(payload.patch),
  applyResult: async (_payload, result) => {
    await writeCurrentUser(result);
    return null;
  },
  revert: (payload) => mergeIntoCurrentUser(payload.before),
  describe: () => ({ key: 'perfil.commandDescription' }),
  editRoute: (row) => profileFixRoute(row.id),
};
