/**
 * Builds the 'profile.update' payload from the form: only the fields the user changed (plus,
 * when fixing a rejected edit, the fields that edit carried), with their previous values.
 */
import type { Me } from '#domain/entities';
import { PROFILE_FIELDS, type ProfilePatch, type ProfileValues } from '#domain/forms/profile';
import type { ProfileUpdatePayload } from '#commands/perfil';

type Field = (typeof PROFILE_FIELDS)[number];

export function buildProfilePayload(
  values: ProfileValues,
  changed: Partial<Record<Field, boolean | undefined>>,
  user: Me,
  fixing: ProfileUpdatePayload | null,
): ProfileUpdatePayload | null {
  const patch: ProfilePatch = {};
  const before: ProfilePatch = {};
  for (const field of PROFILE_FIELDS) {
    const carried = fixing !== null && field in fixing.patch;
    if (!changed[field] && !carried) continue;
    patch[field] = values[field];
    // The optimistic user already holds a rejected edit's values: its own `before` is the truth.
    before[field] = carried ? fixing.before[field] : user[field];
  }
  return Object.keys(patch).length > 0 ? { patch, before } : null;
}
