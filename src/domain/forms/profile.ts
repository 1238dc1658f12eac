/**
 * Profile form: first and last name required; phone optional, at
 * least 10 characters, digits only. `profilePatchSchema` is what PATCH /users/me.json accepts
 * (docs/business-rules.md#roles-and-scope): only the touched fields among those three; any other
 * key is an error.
 */
import * as z from 'zod';
import { msg } from '#domain/messages';
import { optionalText, requiredText } from '#domain/rules';
import { NAME_MAX, PHONE_MAX, PHONE_MIN } from '#domain/constants';

/** An empty phone is stored as '' (the user record's phone is a string). */
const phone = optionalText({ min: PHONE_MIN, max: PHONE_MAX, digits: true }).transform(
  (v) => v ?? '',
);

const profileShape = {
  first_name: requiredText({ max: NAME_MAX }),
  last_name: requiredText({ max: NAME_MAX }),
  phone,
};

export const profileSchema = z.object(profileShape);

/** Editable fields of the current user, in a stable order. */
export const PROFILE_FIELDS = ['first_name', 'last_name', 'phone'] as const;

export type ProfileInput = z.input<typeof profileSchema>;
export type ProfileValues = z.output<typeof profileSchema>;
export type ProfilePatchInput = Partial<ProfileInput> & Record<string, unknown>;
export type ProfilePatch = Partial<ProfileValues>;

/** Typed as the three optional fields: any other key fails, so none reaches the output. */
export const profilePatchSchema: z.ZodType<ProfilePatch, ProfilePatchInput> = z
  .object(profileShape)
  .partial()
  // Every other key (role, username, password, clave_socio…) is an error on that key.
  .catchall(z.custom<never>(() => false, { error: msg('validation.notEditable') }));
