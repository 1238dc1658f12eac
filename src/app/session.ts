/**
 * Session life cycle of spec part 1 §4, in one place (a later issue turns an expired session
 * into a lock screen that keeps the device's data; `expireSession` is where that happens):
 * - login: store the tokens, then load the current user and the reference lists together;
 * - restore on start: a stored refresh token inside its 24 h window restores the session and
 *   its timer; an expired one ends it;
 * - every TOKEN_REFRESH_MS: renew the access token, then reload user and lists;
 * - logout: clear token, user and role (the router then goes to `/`).
 */
import { REFRESH_WINDOW_MS, TOKEN_REFRESH_MS } from '#domain/codes';
import { errorDetail, isApiError } from '#api/errors';
import { obtainToken, type Credentials } from '#api/token';
import { refreshToken } from '#api/token-refresh';
import { fetchMe } from '#api/users-me';
import { clearSession, getSession, patchSession } from '#api/session-store';
import { showError } from '#ui/error-store.ts';
import { clearReferences, loadReferences } from '#app/reference-store.ts';

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

/** Current user and reference lists, fetched together (spec part 1 §4). */
async function loadUserAndReferences(): Promise<void> {
  const [me] = await Promise.all([fetchMe(), loadReferences()]);
  patchSession({ user: me, role: me.role, userId: me.id });
}

export async function login(credentials: Credentials): Promise<void> {
  stopTimers();
  patchSession({ loading: true, error: null });
  try {
    const pair = await obtainToken(credentials);
    patchSession({
      access: pair.access,
      refresh: pair.refresh,
      userId: pair.localId,
      refreshExpiresAt: Date.now() + REFRESH_WINDOW_MS,
    });
    await loadUserAndReferences();
    startTimers();
  } catch (error) {
    // Half a session (token but no user) is no session.
    clearSession({ autoSignInDone: true });
    throw error;
  } finally {
    patchSession({ loading: false });
  }
}

export function logout(): void {
  stopTimers();
  clearSession({ autoSignInDone: true });
  clearReferences();
}

/** The refresh window is over: the server session has ended. */
export function expireSession(): void {
  logout();
}

function refreshWindowOpen(now: number): boolean {
  const { refresh, refreshExpiresAt } = getSession();
  return refresh !== null && refreshExpiresAt !== null && refreshExpiresAt > now;
}

/**
 * Renew the access token, then reload user and lists. A failure the server answered is alerted
 * and its detail kept as the auth error (spec part 1 §8). No answer at all is not alerted: a
 * promoter without signal would otherwise get an alert every five minutes; the next tick tries
 * again (offline-first, design card).
 */
export async function refreshSession(now = Date.now()): Promise<boolean> {
  if (!refreshWindowOpen(now)) {
    if (getSession().refresh !== null) expireSession();
    return false;
  }
  const { refresh } = getSession();
  try {
    const answer = await refreshToken(refresh!);
    if (getSession().refresh !== refresh) return false; // logged out meanwhile
    patchSession({ access: answer.access, userId: answer.localId, error: null });
    await loadUserAndReferences();
    return true;
  } catch (error) {
    if (isApiError(error)) {
      patchSession({ error: errorDetail(error) });
      showError(error);
    }
    return false;
  }
}

/**
 * At start: restore a stored session whose refresh token is still inside its window (and
 * refresh user and lists in the background), else end it. Returns whether a session is on.
 */
export function restoreSession(now = Date.now()): boolean {
  const state = getSession();
  let restored = false;
  if (state.refresh !== null && state.user !== null && refreshWindowOpen(now)) {
    patchSession({ role: state.user.role, loading: false });
    startTimers();
    void loadUserAndReferences().catch(() => {
      // Offline start: the stored user stays; the next refresh tick reloads.
    });
    restored = true;
  } else if (state.refresh !== null || state.access !== null) {
    expireSession();
  }
  patchSession({ autoSignInDone: true });
  return restored;
}
