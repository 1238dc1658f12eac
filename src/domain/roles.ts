/** Role codes (docs/business-rules.md#roles-and-scope). */
import { isOneOf } from './guards';

export const ROLES = ['SO', 'PR', 'CO', 'GE', 'VI'] as const;
export type Role = (typeof ROLES)[number];

/** docs/business-rules.md#roles-and-scope: privileged = coordinator and manager. */
export const PRIVILEGED: readonly Role[] = ['CO', 'GE'];
/** Roles that read what a privileged user reads (VI reads, never writes). */
export const OFFICE_READERS: readonly Role[] = ['CO', 'GE', 'VI'];
/** Everyone logged in except members. */
export const STAFF: readonly Role[] = ['PR', 'CO', 'GE', 'VI'];

export function isRole(value: unknown): value is Role {
  return isOneOf(ROLES, value);
}

export function isPrivileged(role: Role | null | undefined): boolean {
  return role != null && PRIVILEGED.includes(role);
}

export function isStaff(role: Role | null | undefined): boolean {
  return role != null && STAFF.includes(role);
}
