/**
 * Start-up: a session stored on the phone brings the private side of the app (its own chunk)
 * at once, with the screen the page opens on, and is restored (or locked) before the private
 * layout first renders; a visitor's start fetches nothing more (the login page fetches the
 * private side once the form is used). Every start checks that the browser can keep data:
 * private modes of some browsers have no IndexedDB, and the app says so on the first page (no
 * white screen, no login that cannot work).
 */
import { getSession } from '#api/session-store';
import { checkDeviceStorage } from '#app/device-storage.ts';
import { restoreOnLoad } from '#app/private-loader.ts';
import { SCREENS } from '#app/screens.tsx';
import { routePathOf } from '#app/router.tsx';

let booted = false;

/**
 * When a session is stored: a promise that settles once the opening screen can be drawn (or
 * cannot be, see `restoreOnLoad`), for the app's first draw to wait on. Else null.
 */
export function bootApp(): Promise<unknown> | null {
  if (booted) return null;
  booted = true;
  void checkDeviceStorage();
  const { access, refresh } = getSession();
  if (access === null && refresh === null) return null;
  const path = routePathOf(window.location.pathname);
  return restoreOnLoad(path === null ? undefined : SCREENS[path]?.preload);
}
