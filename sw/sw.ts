/**
 * Service worker (vite-plugin-pwa injectManifest): precache the built app, drop caches of older
 * builds, and answer every navigation (except /api/) with the precached index.html so a deep
 * link opened without signal still renders the app. A new version waits until the page's
 * update prompt posts {type: 'SKIP_WAITING'}; it never takes over a page by itself.
 * It also answers Background Sync events by sending the outbox (src/sync/background-sync.ts),
 * and keeps the map tiles the app fetched online (cache-first, bounded, expiring) so a promoter
 * still sees its region's map without signal. The install precaches the files every user needs;
 * the files of a role's screens are cached once a user of that role logs in (role-files.ts).
 */
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerAppCommands } from '#commands/catalog';
import { BACKGROUND_SYNC_TAG, runBackgroundSync } from '#sync/background-sync';
import {
  precacheRoleOf,
  ROLE_CACHE_NAME,
  ROLE_FILES_MESSAGE,
  type RoleFilesProgress,
} from '#domain/precache-roles';
import { cacheRoleFiles } from './role-files.ts';
import {
  isTileRequest,
  TILE_CACHE_MAX_AGE_SECONDS,
  TILE_CACHE_MAX_ENTRIES,
  TILE_CACHE_NAME,
} from './tile-requests.ts';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (PrecacheEntry | string)[];
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [/^\/api(\/|$)/],
  }),
);

// The role's files (and any other built file fetched online): from the role cache when there.
// Precached files never get here (the precache's route answers them first). The server's
// answers vary by Accept-Encoding, which a page's request does not carry here: names carry the
// content's hash, so the name alone says it is the same file.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/'),
  new CacheFirst({ cacheName: ROLE_CACHE_NAME, matchOptions: { ignoreVary: true } }),
);

// Map tiles (any configured tile server): served from the cache when there, else fetched and
// kept. Only successful answers are kept (CORS tiles, which MapLibre needs anyway); the oldest
// go first past the bound, all expire after a month, and the cache empties itself if the
// phone runs out of space rather than break the app's own storage.
registerRoute(
  ({ url, request }) => isTileRequest(url, request.method, self.location.origin),
  new CacheFirst({
    cacheName: TILE_CACHE_NAME,
    plugins: [
      new ExpirationPlugin({
        maxEntries: TILE_CACHE_MAX_ENTRIES,
        maxAgeSeconds: TILE_CACHE_MAX_AGE_SECONDS,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

/** The role files' progress, to every page of the app (each shows whether it is ready). */
async function tellPages(progress: RoleFilesProgress): Promise<void> {
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const page of pages) page.postMessage({ type: ROLE_FILES_MESSAGE, ...progress });
}

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  if (data && typeof data === 'object' && (data as { type?: unknown }).type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
  const role = precacheRoleOf(data);
  if (role !== null) event.waitUntil(cacheRoleFiles(role, self.location.origin, tellPages));
});

// Background Sync (Chrome on Android): the page asks for it when its outbox changes; the browser
// fires it once there is a connection, even with the app closed. The worker sends with the same
// command catalog as the page. A bonus trigger: the page's own engine sends the same queue
// whenever the app is open, and the drain lock keeps the two from sending at once.
registerAppCommands();
self.addEventListener('sync', (event: Event) => {
  const syncEvent = event as ExtendableEvent & { tag?: string };
  if (syncEvent.tag === BACKGROUND_SYNC_TAG) syncEvent.waitUntil(runBackgroundSync());
});

clientsClaim();
