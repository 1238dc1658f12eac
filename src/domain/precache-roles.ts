/**
 * The per-role precache list: written by the build
 * (scripts/vite-role-precache.ts), read by the service worker when a user logs in.
 */
import { isRecord } from './guards';

export const PRECACHE_ROLES_FILE = 'precache-roles.json';

/** The service worker's cache of role files (apart from the install's precache). */
export const ROLE_CACHE_NAME = 'comonsit-role-files';

/** The message the page posts to the service worker once a user of a role is logged in. */
export const PRECACHE_ROLE_MESSAGE = 'PRECACHE_ROLE';

export interface RoleFile {
  /** Path from the site's root, e.g. `/assets/mapa-procesos-screen-1a2b.js`. */
  url: string;
  /** Bytes as built (before the server's compression). */
  size: number;
}

export interface PrecacheRoles {
  roles: Record<string, RoleFile[]>;
}

function isRoleFile(value: unknown): value is RoleFile {
  return isRecord(value) && typeof value.url === 'string' && typeof value.size === 'number';
}

/** The list as read from the network; null when it is not one. */
export function parsePrecacheRoles(value: unknown): PrecacheRoles | null {
  if (!isRecord(value) || !isRecord(value.roles)) return null;
  const roles: Record<string, RoleFile[]> = {};
  for (const [role, files] of Object.entries(value.roles)) {
    if (!Array.isArray(files) || !files.every(isRoleFile)) return null;
    roles[role] = files;
  }
  return { roles };
}

/** The message's role, if `data` is the precache message. */
export function precacheRoleOf(data: unknown): string | null {
  return isRecord(data) && data.type === PRECACHE_ROLE_MESSAGE && typeof data.role === 'string'
    ? data.role
    : null;
}

/** What the service worker tells the pages while it caches a role's files. */
export const ROLE_FILES_MESSAGE = 'ROLE_FILES';

export interface RoleFilesProgress {
  role: string;
  /** Files of the role the worker holds, of `total`. */
  held: number;
  total: number;
}

/** The progress in `data`, if it is the worker's role-files message. */
export function roleFilesProgressOf(data: unknown): RoleFilesProgress | null {
  if (!isRecord(data) || data.type !== ROLE_FILES_MESSAGE) return null;
  const { role, held, total } = data;
  return typeof role === 'string' && typeof held === 'number' && typeof total === 'number'
    ? { role, held, total }
    : null;
}
