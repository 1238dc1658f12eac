/**
 * Service worker (vite-plugin-pwa injectManifest): precache the built app, drop caches of older
 * builds, and answer every navigation (except /api/) with the precached index.html so a deep
 * link opened without signal still renders the app. A new version waits until the page's
 * update prompt posts {type: 'SKIP_WAITING'}; it never takes over a page by itself.
 * It also answers Background Sync events by sending the outbox (src/sync/background-sync.ts).
 */
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { registerAppCommands } from '#app/commands.ts';
import { BACKGROUND_SYNC_TAG, runBackgroundSync } from '#sync/background-sync';

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
