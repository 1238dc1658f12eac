/**
 * A lost device and a deactivated user, as the server answers them and the phone recognises
 * them (docs/security.md#a-lost-device). Every call of such a session answers 401 with one of
 * these codes, except one final push, answered as usual plus `WIPE_HEADER` naming the reason.
 */
export const LOST_REASONS = ['device_lost', 'user_inactive'] as const;
export type LostReason = (typeof LOST_REASONS)[number];

/** The header of the final push's answer: the phone wipes itself after reading the results. */
export const WIPE_HEADER = 'X-Device-Wipe';

export function isLostReason(value: unknown): value is LostReason {
  return typeof value === 'string' && (LOST_REASONS as readonly string[]).includes(value);
}
