/**
 * Service worker (vite-plugin-pwa injectManifest): precache the built app, drop caches of older
 * builds, and answer every navigation (except /api/) with the precached index.html so a deep
 * link opened without signal still renders the app. A new version waits until the page's
 * update prompt posts {type: 'SKIP_WAITING'}; it never takes over a page by itself.
 * It also answers Background Sync events by sending the outbox (src/sync/background-sync.ts),
 * and keeps the map tiles the app fetched online (cache-first, bounded, expiring) so a promoter
 * still sees its region's map without signal.
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

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  if (data && typeof data === 'object' && (data as { type?: unknown }).type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
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
