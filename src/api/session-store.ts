/**
 * Session state of spec part 1 §4 as a vanilla zustand store: no React here, because the sync
 * engine reads the token from it at send time (ARCHITECTURE.md "How data flows" 3). Tokens,
 * the refresh expiry and the user are persisted to localStorage so a reload restores the
 * session; the app layer (`src/app/session.ts`) decides what a stored session is worth.
 */
import { createStore } from 'zustand/vanilla';
import { z } from 'zod';
import { ROLES, type Role } from '#domain/roles';
import type { Me } from '#domain/entities';
import { meSchema } from './me-schema';
import { fieldOf } from '#domain/guards';

export interface SessionState {
  access: string | null;
  refresh: string | null;
  /** Epoch ms: login time + 24 h (REFRESH_WINDOW_MS); the refresh token is dead after it. */
  refreshExpiresAt: number | null;
  /** `localId` of the token answers: the user's id. */
  userId: number | null;
  user: Me | null;
  role: Role | null;
  /** Last authentication problem (e.g. the server's detail on a failed refresh). */
  error: string | null;
  loading: boolean;
  autoSignInDone: boolean;
  introDone: boolean;
}

export const SESSION_STORAGE_KEY = 'comonsit.session';

const persistedSchema = z.object({
  access: z.string().nullable(),
  refresh: z.string().nullable(),
  refreshExpiresAt: z.number().nullable(),
  userId: z.number().nullable(),
  user: meSchema.nullable(),
  role: z.enum(ROLES).nullable(),
});
type Persisted = z.infer<typeof persistedSchema>;

const EMPTY: SessionState = {
  access: null,
  refresh: null,
  refreshExpiresAt: null,
  userId: null,
  user: null,
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
  try {
    const parsed = persistedSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

function writePersisted(state: SessionState): void {
  const store = storage();
  if (!store) return;
  const { access, refresh, refreshExpiresAt, userId, user, role } = state;
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
