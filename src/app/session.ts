/**
 * Session life cycle (with the field session of
 * docs/sync-protocol.md#the-lock-screen-and-offline-unlock), in one place:
 * - login (online): tokens → current user → the user's own replica opened, the password
 *   verifier remembered for offline unlocks, the sync engine started (first pull = full, with
 *   its progress bar); the current user is kept in the replica;
 * - restore on start: a stored session comes back with its replica; if its refresh window is
 *   over the app LOCKS instead of logging out (replica and outbox stay);
 * - every TOKEN_REFRESH_MS: renew the access token and the current user; a refused renewal
 *   locks, no answer changes nothing (a promoter without signal);
 * - unlock: online = a normal login for the same user (the outbox then drains); offline = the
 *   device's password verifier, after which capture goes on and sending waits for a login;
 * - logout (explicit): engine stopped, tokens, replica, verifier and data-key wraps wiped;
 *   unsent outbox rows are kept for that user's next login (with the password's wrap);
 * - a lost device (`lost-device.ts`): the outbox sent once, then everything of the user wiped.
 */
import { REFRESH_WINDOW_MS, TOKEN_REFRESH_MS } from '#domain/codes';
import type { Me } from '#domain/entities';
import { errorDetail, isApiError } from '#api/errors';
import { obtainToken, type Credentials } from '#api/token';
import { endServerSession } from '#api/token-logout';
import { refreshToken } from '#api/token-refresh';
import { fetchMe } from '#api/users-me';
import { meSchema } from '#api/me-schema';
import { clearSession, getSession, patchSession } from '#api/session-store';
import { forgetUserKey, removePin } from '#sync/at-rest-keys';
import { forgetVerifier, rememberPasswordVerifier, unlockOffline } from '#sync/offline-unlock';
import { recordMutations } from '#sync/queries';
import { requireDeviceStorage } from '#app/device-storage.ts';
import { lockSession, lockStore, markUnlockedOffline, resetLock } from '#app/lock-store.ts';
import { openReplica, unsentRowsKept, wipeReplica } from '#app/user-replica.ts';
import { isSyncRunning, startSync, stopSync, syncNow } from '#app/sync-runtime.ts';
import { profileRecordId } from '#commands/perfil';
import { writeCurrentUser } from '#commands/current-user';

let refreshTimer: ReturnType<typeof setInterval> | null = null;

function stopTimers(): void {
  if (refreshTimer !== null) clearInterval(refreshTimer);
  refreshTimer = null;
}

function startTimers(): void {
  stopTimers();
  refreshTimer = setInterval(() => {
    void refreshSession();
  }, TOKEN_REFRESH_MS);
}

/**
 * Store the server's user in the replica — unless a profile edit of this phone is still
 * waiting: a server copy must never hide a pending local change (docs/sync-protocol.md#pull).
 */
async function storeServerUser(me: Me): Promise<void> {
  const mutations = await recordMutations(profileRecordId(me.id));
  if (mutations.some((row) => row.status !== 'done')) return;
  await writeCurrentUser(me);
}

/** The server session is fresh: open the user's replica, remember them, start syncing. */
async function beginUserSession(me: Me, credentials: Credentials | null): Promise<void> {
  await openReplica(me.id);
  await storeServerUser(me);
  patchSession({ user: me, role: me.role, userId: me.id });
  if (credentials) {
    // A failure here only costs the offline unlock; the login itself succeeded.
    await rememberPasswordVerifier(credentials.username, me.id, credentials.password).catch(
      () => undefined,
    );
  }
  resetLock();
  startTimers();
  startSync();
}

async function signIn(credentials: Credentials): Promise<Me> {
  const pair = await obtainToken(credentials);
  patchSession({
    access: pair.access,
    refresh: pair.refresh,
    userId: pair.localId,
    refreshExpiresAt: Date.now() + REFRESH_WINDOW_MS,
  });
  return fetchMe();
}

/** The login screen (/acceso): a failure leaves no half session. */
export async function login(credentials: Credentials): Promise<void> {
  stopTimers();
  patchSession({ loading: true, error: null });
  try {
    // No storage on this browser: refuse before the server hands out a session.
    await requireDeviceStorage();
    const me = await signIn(credentials);
    await beginUserSession(me, credentials);
  } catch (error) {
    // Half a session (token but no user) is no session.
    stopSync();
    clearSession({ autoSignInDone: true });
    throw error;
  } finally {
    patchSession({ loading: false });
  }
}

/**
 * The lock screen, online: a normal login with the locked user's name. A failure keeps the
 * locked session (and its data) exactly as it was.
 */
export async function unlockWithServer(password: string): Promise<void> {
  const locked = getSession();
  const username = locked.user?.username;
  if (!username) throw new Error('No locked session to unlock.');
  const keep = {
    access: locked.access,
    refresh: locked.refresh,
    refreshExpiresAt: locked.refreshExpiresAt,
  };
  patchSession({ loading: true, error: null });
  try {
    const me = await signIn({ username, password });
    await beginUserSession(me, { username, password });
    syncNow();
  } catch (error) {
    patchSession(keep);
    throw error;
  } finally {
    patchSession({ loading: false });
  }
}

export type OfflineUnlockResult = Awaited<ReturnType<typeof unlockOffline>>;

/** The lock screen, offline: the device's password verifier. */
export async function unlockWithDevice(password: string): Promise<OfflineUnlockResult> {
  const username = getSession().user?.username;
  if (!username) return 'unknown-user';
  const result = await unlockOffline(username, password);
  if (result === 'ok') {
    markUnlockedOffline();
    // Capture goes on; the engine pauses at its first send until an online login.
    if (!isSyncRunning()) startSync();
  }
  return result;
}

/** "Another user?" on the lock screen: leave this user's data on the phone, untouched. */
export function switchUser(): void {
  stopTimers();
  stopSync();
  clearSession({ autoSignInDone: true });
  resetLock();
}

/** No more renewals nor syncs for this session (a lost device's wipe begins). */
export function haltSession(): void {
  stopTimers();
  stopSync();
}

/**
 * What a user leaves on the phone goes (docs/security.md#logout): the copy, the offline
 * verifier, and the data key's wraps. With `keepOutbox` (a logout) unsent rows stay for the
 * same user's next login, and so does the password's wrap of the key they will be sealed with
 * (it opens only with that password); the PIN's wrap goes, the weaker secret. Without unsent
 * rows, or on a lost device, every wrap goes with the whole database.
 */
export async function forgetUserOnDevice(
  userId: number,
  username: string | null,
  { keepOutbox }: { keepOutbox: boolean },
): Promise<void> {
  await wipeReplica(userId, keepOutbox).catch(() => undefined);
  const unsentKept = keepOutbox && (await unsentRowsKept(userId).catch(() => true));
  await (unsentKept ? removePin(userId) : forgetUserKey(userId)).catch(() => undefined);
  if (username) await forgetVerifier(username).catch(() => undefined);
}

/**
 * Explicit logout. The UI warns first when unsent rows exist; they stay in the user's
 * database and are sent after that user logs in again.
 */
export async function logout(): Promise<void> {
  stopTimers();
  stopSync();
  const { userId, user, refresh } = getSession();
  // The server ends the session too (its tokens stop on every instance). Best effort: offline,
  // the device still forgets its tokens, and the session ends by itself within 24 h.
  if (refresh !== null) void endServerSession(refresh).catch(() => undefined);
  clearSession({ autoSignInDone: true });
  resetLock();
  if (userId !== null)
    await forgetUserOnDevice(userId, user?.username ?? null, { keepOutbox: true });
  else if (user) await forgetVerifier(user.username).catch(() => undefined);
}

/** The server session is over (or refused): lock, never wipe. */
export function expireSession(reason: 'expired' | 'refresh-refused' = 'expired'): void {
  stopTimers();
  if (!lockStore.getState().offlineUnlocked) lockSession(reason);
}

function refreshWindowOpen(now: number): boolean {
  const { refresh, refreshExpiresAt } = getSession();
  return refresh !== null && refreshExpiresAt !== null && refreshExpiresAt > now;
}

/**
 * Renew the access token, then the current user. A refusal by the server locks the app (the
 * design card: the server session ended, not the device's work); no answer at all changes
 * nothing and the next tick tries again.
 */
export async function refreshSession(now = Date.now()): Promise<boolean> {
  if (!refreshWindowOpen(now)) {
    if (getSession().refresh !== null) expireSession('expired');
    return false;
  }
  const { refresh } = getSession();
  try {
    const answer = await refreshToken(refresh!);
    if (getSession().refresh !== refresh) return false; // logged out meanwhile
    // Refresh tokens rotate: the one just sent no longer refreshes.
    patchSession({
      access: answer.access,
      userId: answer.localId,
      error: null,
      ...(answer.refresh !== undefined && { refresh: answer.refresh }),
    });
    const me = await fetchMe();
    await storeServerUser(me);
    return true;
  } catch (error) {
    if (isApiError(error)) {
      patchSession({ error: errorDetail(error) });
      if (error.status === 400 || error.status === 401) expireSession('refresh-refused');
    }
    return false;
  }
}

/** The user read from the phone at start, once it passes the user schema (else none). */
function adoptStoredUser(): Me | null {
  const { storedUser } = getSession();
  if (storedUser === null) return null;
  const checked = meSchema.safeParse(storedUser);
  const user = checked.success ? checked.data : null;
  patchSession({ user, storedUser: null });
  return user;
}

/**
 * At start: a stored session comes back with its replica. Inside its refresh window it syncs
 * and renews as usual; after it, the app is locked (data kept). Returns whether a session is
 * on (locked or not).
 */
export function restoreSession(now = Date.now()): boolean {
  const state = getSession();
  const user = state.user ?? adoptStoredUser();
  let restored = false;
  if (state.refresh !== null && user !== null) {
    patchSession({ role: user.role, userId: user.id, loading: false });
    restored = true;
    if (refreshWindowOpen(now)) {
      startTimers();
      void openReplica(user.id)
        .then(() => {
          startSync();
          return fetchMe().then(storeServerUser);
        })
        .catch(() => {
          // Offline start: the stored user stays; the next refresh tick reloads.
        });
    } else {
      lockSession('expired');
      void openReplica(user.id).catch(() => undefined);
    }
  } else if (state.refresh !== null || state.access !== null) {
    // Tokens without a user: nothing on the device belongs to anyone yet.
    clearSession();
  }
  patchSession({ autoSignInDone: true });
  return restored;
}
