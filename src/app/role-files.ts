/**
 * The files of the logged-in role's screens, cached by the service worker for offline use
 * (sw/role-files.ts). The page tells the worker its role once the first pull
 * has ended and the engine is idle — on a weak link the user's data come first — and follows
 * the worker's progress, so the first-sync line says the phone is not ready for a day without
 * signal until every screen is in. The worker fetches only what it does not hold yet: a start
 * with everything cached costs one small request and shows nothing.
 */
import { createStore } from 'zustand/vanilla';
import type { Role } from '#domain/roles';
import { PRECACHE_ROLE_MESSAGE, roleFilesProgressOf } from '#domain/precache-roles';
import { isLoggedIn, sessionStore } from '#api/session-store';
import { syncStatus } from '#sync/status-store';

export interface RoleFilesState {
  /** A login on this page whose role's files are not all cached yet (or not known to be). */
  preparing: boolean;
  held: number;
  /** 0 until the worker has said how many files the role has. */
  total: number;
}

const IDLE: RoleFilesState = { preparing: false, held: 0, total: 0 };

export const roleFilesStore = createStore<RoleFilesState>()(() => IDLE);

function workerContainer(): ServiceWorkerContainer | null {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator
    ? navigator.serviceWorker
    : null;
}

function askWorker(container: ServiceWorkerContainer, role: Role): void {
  void container.ready
    .then((registration) => registration.active?.postMessage({ type: PRECACHE_ROLE_MESSAGE, role }))
    .catch(() => undefined);
}

let watching = false;

export function cacheRoleFilesWhenLoggedIn(): void {
  const container = workerContainer();
  if (watching || !container) return;
  watching = true;
  let asked: Role | null = null;
  let previousRole = sessionStore.getState().role;

  container.addEventListener('message', (event: MessageEvent<unknown>) => {
    const progress = roleFilesProgressOf(event.data);
    if (!progress || progress.role !== asked) return;
    roleFilesStore.setState({
      preparing: progress.held < progress.total,
      held: progress.held,
      total: progress.total,
    });
  });

  const check = () => {
    const session = sessionStore.getState();
    const role = isLoggedIn(session) ? session.role : null;
    // A login on this page: not ready until the worker says so (no gap after the pull). Only
    // where a worker is registered: without one there is nothing to wait for.
    if (role !== null && previousRole === null) {
      void container.getRegistration().then((registration) => {
        if (registration && sessionStore.getState().role === role)
          roleFilesStore.setState({ ...IDLE, preparing: true });
      });
    }
    previousRole = role;
    if (role === null) {
      asked = null;
      roleFilesStore.setState(IDLE);
      return;
    }
    const { lastPullAt, phase } = syncStatus.getState();
    if (role === asked || lastPullAt === null || phase !== 'idle') return;
    asked = role;
    askWorker(container, role);
  };
  check();
  sessionStore.subscribe(check);
  syncStatus.subscribe(check);
}
