/**
 * Background Sync hook (Chrome on Android), a bonus trigger and never the only one: the service
 * worker's `sync` event can call this to push and pull once without a page. The caller passes
 * what a worker has no page state for (the user's database and the access token).
 */
import { createSyncEngine, type SyncEngineOptions } from './engine';

export const BACKGROUND_SYNC_TAG = 'comonsit-outbox';

export async function syncOnceInBackground(options: SyncEngineOptions): Promise<void> {
  const engine = createSyncEngine({ ...options, listen: false });
  await engine.syncNow();
  engine.stop();
}
