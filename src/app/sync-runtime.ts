/**
 * The page's one sync engine (ARCHITECTURE.md "How data flows" 3–5): started for the open
 * user's replica after a login or a restore, stopped on logout and user switch. When the
 * engine pauses because the server session is over, the app locks — unless the user already
 * unlocked offline, in which case capture goes on and the layout asks for a login to send.
 */
import { getSession } from '#api/session-store';
import { createSyncEngine } from '#sync/engine';
import { resetSyncStatus, syncStatus } from '#sync/status-store';
import { lockSession, lockStore } from '#app/lock-store.ts';

type Engine = ReturnType<typeof createSyncEngine>;

let engine: Engine | null = null;
let unwatch: (() => void) | null = null;

function watchForLogin(): () => void {
  return syncStatus.subscribe((state, previous) => {
    if (state.phase !== 'paused-login' || previous.phase === 'paused-login') return;
    if (getSession().access === null) return;
    if (!lockStore.getState().offlineUnlocked) lockSession('paused');
  });
}

/** Start (or restart) syncing the open replica: pull, push, timers and triggers. */
export function startSync(): void {
  stopSync();
  // Defaults: the open replica, the session's token read at send time, the API's refresh.
  engine = createSyncEngine();
  unwatch = watchForLogin();
  // A logout while the first cycle runs closes the database under it: nothing to report.
  engine.start().catch(() => undefined);
}

export function stopSync(): void {
  unwatch?.();
  unwatch = null;
  engine?.stop();
  engine = null;
  resetSyncStatus();
}

/** "Sincronizar ahora" and the resume after an online unlock. */
export function syncNow(): void {
  engine?.syncNow().catch(() => undefined);
}

export function isSyncRunning(): boolean {
  return engine !== null;
}
