/**
 * The role's files (issue 21, item 4): once a user logs in, the page posts its role and the
 * worker caches the files of that role's screens listed by the build (precache-roles.json),
 * fetching only those its cache does not hold yet — file names carry their content hash, so
 * after an update only changed files travel. Files of older builds are dropped. The install's
 * precache holds the rest.
 */
import {
  PRECACHE_ROLES_FILE,
  parsePrecacheRoles,
  ROLE_CACHE_NAME,
  type RoleFile,
} from '#domain/precache-roles';

/** The role's files as this build lists them; null when the list cannot be read. */
async function filesOf(role: string): Promise<{ role: RoleFile[]; build: Set<string> } | null> {
  const answer = await fetch(`/${PRECACHE_ROLES_FILE}`, { cache: 'no-cache' });
  if (!answer.ok) return null;
  const list = parsePrecacheRoles(await answer.json());
  if (!list) return null;
  const build = new Set(Object.values(list.roles).flatMap((files) => files.map((f) => f.url)));
  return { role: list.roles[role] ?? [], build };
}

let running: Promise<void> = Promise.resolve();

/** One role at a time: a second message waits for the first download to end. */
export function cacheRoleFiles(role: string, origin: string): Promise<void> {
  running = running.then(() => download(role, origin)).catch(() => undefined);
  return running;
}

async function download(role: string, origin: string): Promise<void> {
  const files = await filesOf(role);
  if (!files) return;
  const cache = await caches.open(ROLE_CACHE_NAME);
  const held = new Set((await cache.keys()).map((request) => new URL(request.url).pathname));
  for (const path of held)
    if (!files.build.has(path)) await cache.delete(new URL(path, origin).href);
  for (const file of files.role) {
    if (held.has(file.url)) continue;
    const answer = await fetch(file.url);
    // One file missing (a signal cut) stops nothing: it is fetched at the next login or start.
    if (answer.ok) await cache.put(new URL(file.url, origin).href, answer);
  }
}
