/**
 * Session state as a vanilla zustand store: no React here, because the sync
 * engine reads the token from it at send time (docs/sync-protocol.md#push). Tokens,
 * the refresh expiry and the user are persisted to localStorage so a reload restores the
 * session; the app layer (`src/app/session.ts`) decides what a stored session is worth.
 *
 * The store is read by the app shell before anything else (is someone logged in, with which
 * role), so it reads what was stored with plain checks: the stored user is kept as it was
 * (`storedUser`) until the session code, loaded with the private app, checks it against the
 * user schema (`restoreSession`) and makes it `user`.
 */
import { createStore } from 'zustand/vanilla';
import { ROLES, type Role } from '#domain/roles';
import type { Me } from '#domain/entities';
import { fieldOf, isOneOf, isRecord, parseJson } from '#domain/guards';

export interface SessionState {
  access: string | null;
  refresh: string | null;
  /** Epoch ms: login time + 24 h (REFRESH_WINDOW_MS); the refresh token is dead after it. */
  refreshExpiresAt: number | null;
  /** `localId` of the token answers: the user's id. */
  userId: number | null;
  user: Me | null;
  /** The user as read from the phone at start, not yet checked (see the header). */
  storedUser: unknown;
  role: Role | null;
  /** Last authentication problem (e.g. the server's detail on a failed refresh). */
  error: string | null;
  loading: boolean;
  autoSignInDone: boolean;
  introDone: boolean;
}

export const SESSION_STORAGE_KEY = 'comonsit.session';

type Persisted = Pick<
  SessionState,
  'access' | 'refresh' | 'refreshExpiresAt' | 'userId' | 'storedUser' | 'role'
>;

const EMPTY: SessionState = {
  access: null,
  refresh: null,
  refreshExpiresAt: null,
  userId: null,
  user: null,
  storedUser: null,
  role: null,
  error: null,
  loading: false,
  autoSignInDone: false,
  introDone: false,
};

/** localStorage where there is one (a page); null in a service worker or when blocked. */
interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function isKeyValueStorage(value: unknown): value is KeyValueStorage {
  return ['getItem', 'setItem', 'removeItem'].every((m) => typeof fieldOf(value, m) === 'function');
}

function storage(): KeyValueStorage | null {
  try {
    const candidate = fieldOf(globalThis, 'localStorage');
    return isKeyValueStorage(candidate) ? candidate : null;
  } catch {
    return null;
  }
}

function readPersisted(): Partial<Persisted> {
  const raw = storage()?.getItem(SESSION_STORAGE_KEY);
  if (!raw) return {};
  let stored: unknown;
  try {
    stored = parseJson(raw);
  } catch {
    return {};
  }
  if (!isRecord(stored)) return {};
  const text = (key: string) => {
    const value = stored[key];
    return typeof value === 'string' ? value : null;
  };
  const number = (key: string) => {
    const value = stored[key];
    return typeof value === 'number' ? value : null;
  };
  return {
    access: text('access'),
    refresh: text('refresh'),
    refreshExpiresAt: number('refreshExpiresAt'),
    userId: number('userId'),
    role: isOneOf(ROLES, stored.role) ? stored.role : null,
    storedUser: stored.user ?? null,
  };
}

function writePersisted(state: SessionState): void {
  const store = storage();
  if (!store) return;
  const { access, refresh, refreshExpiresAt, userId, role } = state;
  // Until the stored user is checked, it is written back as it was read.
  const user = state.user ?? state.storedUser;
  try {
    if (!access && !refresh) store.removeItem(SESSION_STORAGE_KEY);
    else
      store.setItem(
        SESSION_STORAGE_KEY,
        JSON.stringify({ access, refresh, refreshExpiresAt, userId, user, role }),
      );
  } catch {
    // Storage full or blocked: the session still works for this page's lifetime.
  }
}

export const sessionStore = createStore<SessionState>()(() => ({ ...EMPTY, ...readPersisted() }));

sessionStore.subscribe((state, previous) => {
  if (
    state.access !== previous.access ||
    state.refresh !== previous.refresh ||
    state.refreshExpiresAt !== previous.refreshExpiresAt ||
    state.userId !== previous.userId ||
    state.user !== previous.user ||
    state.storedUser !== previous.storedUser ||
    state.role !== previous.role
  )
    writePersisted(state);
});

export function getSession(): SessionState {
  return sessionStore.getState();
}

export function patchSession(patch: Partial<SessionState>): void {
  sessionStore.setState(patch);
}

/** Forget token, user and role (logout). Intro/auto-sign-in flags survive: they are per page. */
export function clearSession(patch: Partial<SessionState> = {}): void {
  const { autoSignInDone, introDone } = sessionStore.getState();
  sessionStore.setState({ ...EMPTY, autoSignInDone, introDone, ...patch }, true);
}

/** Re-read localStorage (used at start and by tests that prepare a stored session). */
export function reloadSessionFromStorage(): void {
  sessionStore.setState({ ...EMPTY, ...readPersisted() }, true);
}

export function isLoggedIn(state: SessionState = sessionStore.getState()): boolean {
  return state.access !== null && state.role !== null;
}

/**
 * This device's token for a user (the login answer's `device`): kept beyond logout, sent with
 * the user's next logins so failures from elsewhere do not lock them out here.
 */
const deviceKey = (username: string) => `comonsit.device.${username.toLowerCase()}`;

export function keptDeviceToken(username: string): string | null {
  try {
    return storage()?.getItem(deviceKey(username)) ?? null;
  } catch {
    return null;
  }
}

export function keepDeviceToken(username: string, token: string): void {
  try {
    storage()?.setItem(deviceKey(username), token);
  } catch {
    // Storage full or blocked: the next login is an unknown device, nothing worse.
  }
}

/** A wiped device forgets it was this user's (docs/security.md#a-lost-device). */
export function forgetDeviceToken(username: string): void {
  try {
    storage()?.removeItem(deviceKey(username));
  } catch {
    // Blocked storage held nothing.
  }
}
