/**
 * Fetches the private side of the app (`private-app.tsx`, its own chunk) once per page, with
 * the whole Spanish dictionary its screens read, and lets React wait for it. A failed fetch
 * (offline on a first visit) is tried again on the next call.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { ensureFullDictionary } from '#i18n/setup';
import type * as PrivateAppModule from './private-app.tsx';

export type PrivateApp = typeof PrivateAppModule;

interface LoadState {
  app: PrivateApp | null;
  error: unknown;
}

let state: LoadState = { app: null, error: null };
let loading: Promise<PrivateApp> | null = null;
let restoreStoredSession = false;
const listeners = new Set<() => void>();

function publish(next: LoadState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function loadPrivateApp(): Promise<PrivateApp> {
  loading ??= Promise.all([
    import('./private-app.tsx'),
    ensureFullDictionary().catch(() => undefined),
  ]).then(
    ([app]) => {
      if (restoreStoredSession) {
        restoreStoredSession = false;
        app.restoreStoredSession();
      }
      publish({ app, error: null });
      return app;
    },
    (error: unknown) => {
      loading = null;
      publish({ app: null, error });
      throw error;
    },
  );
  return loading;
}

/**
 * At start with a session stored on the phone: fetch the private side now, and restore the
 * session (or lock it) before anything renders with it.
 */
export function restoreOnLoad(): void {
  restoreStoredSession = true;
  void loadPrivateApp().catch(() => undefined);
}

/**
 * Fetches and wires it while the browser is idle (the login page: ready before the user
 * submits, and a browser without storage says so before the login is tried).
 */
export function preloadPrivateApp(): void {
  const load = () =>
    void loadPrivateApp()
      .then((app) => app.wirePrivateApp())
      .catch(() => undefined);
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(load, { timeout: 5_000 });
  else setTimeout(load, 1_000);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The private app once loaded (null meanwhile); `wanted` starts the fetch. A fetch that failed
 * is thrown, for the error boundary's "reload" screen.
 */
export function usePrivateApp(wanted: boolean): PrivateApp | null {
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
  useEffect(() => {
    if (wanted && !current.app) void loadPrivateApp().catch(() => undefined);
  }, [wanted, current.app]);
  if (wanted && current.error !== null && !current.app) throw current.error;
  return current.app;
}
