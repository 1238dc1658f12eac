/**
 * Background Sync (Chrome on Android): a bonus trigger, never the only one. When the outbox
 * changes, the page asks the browser for a `sync` event; the browser fires it in the service
 * worker once there is a connection — even after the promoter closed the app — and the worker
 * runs one push + pull cycle from IndexedDB with the same command catalog as the page.
 *
 * A worker has no page state, so the page mirrors what the cycle needs into the device
 * database: whose replica to open and the session's tokens (the same secrets the page keeps in
 * localStorage). They are replaced on every token change and forgotten on logout.
 */
import { closeUserDb, currentDbUserId, openUserDb } from '#db/database';
import { getDeviceDb } from '#db/device-db';
import type { FetchLike } from '#api/raw-request';
import { createSyncEngine, type SyncEngineOptions } from './engine';
import { hasUserKey } from './at-rest-keys';
import { fieldOf, isRecord } from '#domain/guards';

export const BACKGROUND_SYNC_TAG = 'comonsit-outbox';
const CREDENTIALS_KEY = 'backgroundCredentials';

export interface BackgroundCredentials {
  userId: number;
  access: string | null;
  refresh: string | null;
}

function isCredentials(value: unknown): value is BackgroundCredentials {
  if (!isRecord(value)) return false;
  const v = value;
  return (
    typeof v.userId === 'number' &&
    (v.access === null || typeof v.access === 'string') &&
    (v.refresh === null || typeof v.refresh === 'string')
  );
}

export async function rememberBackgroundCredentials(creds: BackgroundCredentials): Promise<void> {
  await getDeviceDb().facts.put({ key: CREDENTIALS_KEY, value: creds });
}

export async function forgetBackgroundCredentials(): Promise<void> {
  await getDeviceDb().facts.delete(CREDENTIALS_KEY);
}

export async function readBackgroundCredentials(): Promise<BackgroundCredentials | null> {
  const row = await getDeviceDb().facts.get(CREDENTIALS_KEY);
  return isCredentials(row?.value) ? row.value : null;
}

/** The Background Sync manager (not in TypeScript's DOM types: Chrome's only). */
interface SyncManagerLike {
  register(tag: string): Promise<void>;
}

function isSyncManager(value: unknown): value is SyncManagerLike {
  return typeof fieldOf(value, 'register') === 'function';
}

/** Ask the browser for a `sync` event where Background Sync exists; quietly nothing elsewhere. */
export async function requestBackgroundSync(): Promise<boolean> {
  const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  if (!container) return false;
  try {
    const sync = fieldOf(await container.ready, 'sync');
    if (!isSyncManager(sync)) return false;
    await sync.register(BACKGROUND_SYNC_TAG);
    return true;
  } catch {
    return false;
  }
}

/** One push + pull cycle with an engine built from explicit options. */
export async function syncOnceInBackground(options: SyncEngineOptions): Promise<void> {
  const engine = createSyncEngine({ ...options, listen: false });
  try {
    await engine.syncNow();
  } finally {
    engine.stop();
  }
}

export interface BackgroundRunOptions {
  fetch?: FetchLike;
  /** The API root for token renewal (default: this origin's /api/). */
  apiBase?: string;
}

/**
 * What the worker's `sync` event runs (the command catalog must be registered first), for a
 * copy stored in clear only: open the remembered user's replica — as the open database, so commands' hooks find it — send with the
 * remembered access token, renew it once with the refresh token when the server says 401
 * (remembering the new one), and pull. Nothing remembered (logged out) → nothing to do; a dead
 * refresh token leaves the queue untouched for the next login.
 */
export async function runBackgroundSync(options: BackgroundRunOptions = {}): Promise<boolean> {
  const creds = await readBackgroundCredentials();
  if (!creds) return false;
  // A sealed copy opens only with the data key, which lives in a page's memory after unlock:
  // the worker cannot read the queue (nor write a pull in clear), so the writes wait for the
  // next unlock (docs/security.md#the-copy-at-rest).
  if (await hasUserKey(creds.userId)) return false;
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const apiBase = options.apiBase ?? new URL('/api/', globalThis.location.href).href;
  const openedHere = currentDbUserId() !== creds.userId;
  const db = await openUserDb(creds.userId);
  let access = creds.access;
  try {
    await syncOnceInBackground({
      db: () => db,
      fetch: options.fetch,
      isOnline: () => true,
      getAccessToken: () => access,
      refresh: async () => {
        if (!creds.refresh) return false;
        try {
          const res = await doFetch(new URL('token/refresh/', apiBase).href, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ refresh: creds.refresh }),
          });
          if (!res.ok) return false;
          const renewed = fieldOf(await res.json(), 'access');
          if (typeof renewed !== 'string') return false;
          access = renewed;
          await rememberBackgroundCredentials({ ...creds, access });
          return true;
        } catch {
          return false;
        }
      },
    });
    return true;
  } finally {
    if (openedHere) closeUserDb();
  }
}
