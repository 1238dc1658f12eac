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

/**
 * `firstScreen`, at a start with a stored session, fetches the screen the page opens on with the
 * private side: the layout's first render then shows it, instead of a spinner that React keeps
 * for up to 300 ms more once the screen has arrived (its throttle on revealed fallbacks).
 */
export function loadPrivateApp(firstScreen?: () => Promise<unknown>): Promise<PrivateApp> {
  loading ??= Promise.all([
    import('./private-app.tsx'),
    ensureFullDictionary().catch(() => undefined),
    // A screen that cannot be fetched now is fetched again when its route renders.
    firstScreen?.().catch(() => undefined),
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
 * At start with a session stored on the phone: fetch the private side now, with the screen the
 * page opens on, and restore the session (or lock it) before anything renders with it. Settles,
 * either way, once that screen could be drawn: the private side and the screen are there and
 * the user's replica is open.
 */
export function restoreOnLoad(firstScreen?: () => Promise<unknown>): Promise<unknown> {
  restoreStoredSession = true;
  const drawable = loadPrivateApp(firstScreen).then((app) =>
    // A replica that does not open (another tab holding the database) must not keep the app
    // from drawing: the layout then says it is loading, as before.
    Promise.race([app.replicaOpenForStart(), delay(REPLICA_WAIT_MS)]),
  );
  return drawable.catch(() => undefined);
}

/** The longest the first draw waits for the user's replica to open. */
const REPLICA_WAIT_MS = 3_000;
const delay = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

/**
 * The login page: fetches and wires it as soon as the visitor starts on the form (a tap or a
 * key anywhere on the page), so it is there by the time the form is sent — and a visitor who
 * only looks at the page does not download it. A browser without storage says so before the
 * login is tried. Returns the listeners' removal.
 */
export function preloadPrivateAppOnInput(): () => void {
  const events = ['pointerdown', 'keydown', 'focusin'] as const;
  const load = () => {
    stop();
    void loadPrivateApp()
      .then((app) => app.wirePrivateApp())
      .catch(() => undefined);
  };
  const stop = () => {
    for (const event of events) window.removeEventListener(event, load, true);
  };
  for (const event of events) window.addEventListener(event, load, true);
  return stop;
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
