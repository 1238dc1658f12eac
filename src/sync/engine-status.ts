/**
 * What the engine tells the status store (status-store.ts): the machine's phase, the problem
 * that stopped it, pull progress, and the instants of the last pull and last full sync (also
 * kept in `meta`, read back at start).
 */
import { msg } from '#domain/messages';
import type { AppDatabase } from '#db/database';
import { phaseOf, type EngineState, type StopReason } from './engine-machine';
import { LAST_PULL_KEY } from './pull';
import { patchSyncStatus, syncStatus } from './status-store';
import type { PullProgress } from './types';

export const LAST_SYNC_KEY = 'sync.lastSuccessAt';

/** Phase, connectivity and the 426 mark; the store is only written when one of them changed. */
export function publishState(state: EngineState, online: boolean): void {
  const phase = phaseOf(state, online);
  const { updateRequired } = state;
  const shown = syncStatus.getState();
  if (shown.phase === phase && shown.online === online && shown.updateRequired === updateRequired)
    return;
  patchSyncStatus({ phase, online, updateRequired });
}

const HALT_MESSAGES: Record<StopReason, string> = {
  network: 'sync.error.offline',
  login: 'sync.error.loginRequired',
  update: 'sync.error.updateRequired',
  busy: 'sync.error.serverBusy',
};

export function reportHalt(reason: StopReason): void {
  patchSyncStatus({ lastError: msg(HALT_MESSAGES[reason]) });
}

export function reportPullFailed(): void {
  patchSyncStatus({ lastError: msg('sync.error.pullFailed') });
}

export function reportUnexpected(error: unknown): void {
  patchSyncStatus({ lastError: msg('sync.error.unexpected', { reason: String(error) }) });
}

export function reportPullProgress(progress: PullProgress): void {
  patchSyncStatus({ pull: progress });
}

export function reportPulled(atMs: number): void {
  patchSyncStatus({ lastPullAt: new Date(atMs).toISOString() });
}

/** A whole cycle went through: remember when, and clear the last problem. */
export async function markSynced(db: AppDatabase, atMs: number): Promise<void> {
  const at = new Date(atMs).toISOString();
  await db.meta.put({ key: LAST_SYNC_KEY, value: at });
  patchSyncStatus({ lastSyncAt: at, lastError: null });
}

/** At start: the last pull and last sync of earlier sessions, as stored in `meta`. */
export async function restoreSyncInstants(db: AppDatabase): Promise<void> {
  const lastPull = await db.meta.get(LAST_PULL_KEY);
  if (typeof lastPull?.value === 'string') patchSyncStatus({ lastPullAt: lastPull.value });
  const lastSync = await db.meta.get(LAST_SYNC_KEY);
  if (typeof lastSync?.value === 'string') patchSyncStatus({ lastSyncAt: lastSync.value });
}
