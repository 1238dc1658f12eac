/**
 * The page's one sync engine (docs/sync-protocol.md): started for the open
 * user's replica after a login or a restore, stopped on logout and user switch. When the
 * engine pauses because the server session is over, the app locks — unless the user already
 * unlocked offline, in which case capture goes on and the layout asks for a login to send.
 */
import { getSession, sessionStore } from '#api/session-store';
import {
  forgetBackgroundCredentials,
  rememberBackgroundCredentials,
  requestBackgroundSync,
} from '#sync/background-sync';
import { can } from '#domain/permissions';
import { createSyncEngine } from '#sync/engine';
import { onOutboxChange } from '#sync/kick';
import { resetSyncStatus, syncStatus } from '#sync/status-store';
import { lockSession, lockStore } from '#app/lock-store.ts';

type Engine = ReturnType<typeof createSyncEngine>;

let engine: Engine | null = null;
let unwatch: (() => void) | null = null;
let unmirror: (() => void) | null = null;

/**
 * Background Sync (docs/sync-protocol.md#triggers, a bonus trigger): keep the service worker able
 * to send the queue after the app is closed — the session's tokens mirrored where a worker can read
 * them, and a `sync` event requested whenever the outbox changes.
 */
function mirrorForBackgroundSync(): () => void {
  const mirror = () => {
    const { userId, access, refresh } = getSession();
    const done =
      userId === null
        ? forgetBackgroundCredentials()
        : rememberBackgroundCredentials({ userId, access, refresh });
    done.catch(() => undefined);
  };
  mirror();
  const unsubscribeSession = sessionStore.subscribe((state, previous) => {
    if (
      state.userId !== previous.userId ||
      state.access !== previous.access ||
      state.refresh !== previous.refresh
    )
      mirror();
  });
  const unsubscribeOutbox = onOutboxChange(() => {
    void requestBackgroundSync();
  });
  return () => {
    unsubscribeSession();
    unsubscribeOutbox();
  };
}

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
  // Whoever writes from the field tells the office what its phone still holds.
  engine = createSyncEngine({
    reportQueue: () => can(sessionStore.getState().role, 'sync', 'report'),
  });
  unwatch = watchForLogin();
  unmirror = mirrorForBackgroundSync();
  // A logout while the first cycle runs closes the database under it: nothing to report.
  engine.start().catch(() => undefined);
}

export function stopSync(): void {
  unwatch?.();
  unwatch = null;
  unmirror?.();
  unmirror = null;
  // Logged out: the worker must not send with the old session's tokens.
  if (getSession().userId === null) forgetBackgroundCredentials().catch(() => undefined);
  engine?.stop();
  engine = null;
  resetSyncStatus();
}

/**
 * Before the page reloads into a new app version: no new send starts, and this resolves once
 * the item on the wire has its answer recorded. The rest of the queue waits in the outbox and
 * the new version sends it.
 */
export async function settleSyncForUpdate(): Promise<void> {
  await engine?.settle();
}

/** The update did not reload the page after all: sync as before. */
export function resumeSyncAfterUpdate(): void {
  if (engine) startSync();
}

/** "Sincronizar ahora" and the resume after an online unlock. */
export function syncNow(): void {
  engine?.syncNow().catch(() => undefined);
}

export function isSyncRunning(): boolean {
  return engine !== null;
}
