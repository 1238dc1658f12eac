/**
 * The role's files: once a user logs in, the page posts its role and the
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
  type RoleFilesProgress,
} from '#domain/precache-roles';

/** Told after the worker has looked at its cache and after each file it stores. */
export type ReportProgress = (progress: RoleFilesProgress) => Promise<void>;

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
export function cacheRoleFiles(
  role: string,
  origin: string,
  report: ReportProgress,
): Promise<void> {
  running = running.then(() => download(role, origin, report)).catch(() => undefined);
  return running;
}

async function download(role: string, origin: string, report: ReportProgress): Promise<void> {
  const files = await filesOf(role);
  if (!files) return;
  const cache = await caches.open(ROLE_CACHE_NAME);
  const held = new Set((await cache.keys()).map((request) => new URL(request.url).pathname));
  for (const path of held)
    if (!files.build.has(path)) await cache.delete(new URL(path, origin).href);
  const total = files.role.length;
  let count = files.role.filter((file) => held.has(file.url)).length;
  await report({ role, held: count, total });
  for (const file of files.role) {
    if (held.has(file.url)) continue;
    // A file that cannot be fetched (a signal cut) stops the download: the pages say the
    // phone is not ready yet, and the next login or start fetches the rest.
    const answer = await fetch(file.url);
    if (!answer.ok) return;
    await cache.put(new URL(file.url, origin).href, answer);
    count += 1;
    await report({ role, held: count, total });
  }
}
