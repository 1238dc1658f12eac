/**
 * Tells the service worker which role is logged in, once per login or start, so it caches the
 * files of that role's screens for offline use (sw/role-files.ts; issue 21, item 4). It waits
 * until a pull has ended and the engine is idle: on a weak link the user's data come first. The
 * worker fetches only what it does not hold yet, so a start with everything cached costs one
 * small request.
 */
import type { Role } from '#domain/roles';
import { PRECACHE_ROLE_MESSAGE } from '#domain/precache-roles';
import { isLoggedIn, sessionStore } from '#api/session-store';
import { syncStatus } from '#sync/status-store';

function askWorker(role: Role): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready
    .then((registration) => registration.active?.postMessage({ type: PRECACHE_ROLE_MESSAGE, role }))
    .catch(() => undefined);
}

let watching = false;

export function cacheRoleFilesWhenLoggedIn(): void {
  if (watching) return;
  watching = true;
  let asked: Role | null = null;
  const check = () => {
    const session = sessionStore.getState();
    const role = isLoggedIn(session) ? session.role : null;
    if (role === null) {
      asked = null;
      return;
    }
    const { lastPullAt, phase } = syncStatus.getState();
    if (role === asked || lastPullAt === null || phase !== 'idle') return;
    asked = role;
    askWorker(role);
  };
  check();
  sessionStore.subscribe(check);
  syncStatus.subscribe(check);
}
