/**
 * The private side of the app, in a chunk of its own: the session life cycle, the
 * user's replica, the sync engine, the write commands and the layouts of a logged-in user. A
 * first visit (public pages, login) starts without it; `private-loader.ts` fetches it at start
 * when a session is stored, on the login page once the visitor starts on the form, and at the
 * latest when the login is sent.
 */
import type { ReactNode } from 'react';
import { useStore } from 'zustand';
import type { Role } from '#domain/roles';
import { currentLanguage, i18n } from '#i18n/setup';
import { setApiLanguage } from '#api/http';
import type { Credentials } from '#api/token';
import { sessionStore } from '#api/session-store';
import { requestPersistentStorage } from '#sync/storage';
import { commandsReady, setCommandCatalog } from '#sync/commands';
import { LanguageSelector } from '#ui/language-selector.tsx';
import { Brand } from '#app/brand.tsx';
import { LayoutPrivate, type PreloadScreens } from '#app/layout-private.tsx';
import { LockScreen } from '#app/lock-screen.tsx';
import { lockStore } from '#app/lock-store.ts';
import { login as sessionLogin, restoreSession } from '#app/session.ts';
import { cacheRoleFilesWhenLoggedIn } from '#app/role-files.ts';
import { watchLostSignal } from '#app/lost-device.ts';
import { openReplica, useReplicaReady } from '#app/user-replica.ts';
import { whenIdleAfterStart } from '#app/idle-after-start.ts';

export { LogoutScreen } from '#app/logout-screen.tsx';
export { syncNow } from '#app/sync-runtime.ts';

let wired = false;
const CATALOG_IDLE_TIMEOUT_MS = 10_000;

/**
 * What the private side needs before its first request: the API speaks the UI's language, the
 * sync commands' catalog is known (loaded once the start has settled, or when first needed), the
 * phone is asked to keep its data, and the service worker caches the logged-in role's screens.
 * Once per page.
 */
export function wirePrivateApp(): void {
  if (wired) return;
  wired = true;
  setApiLanguage(currentLanguage());
  i18n.on('languageChanged', () => setApiLanguage(currentLanguage()));
  setCommandCatalog(() => import('#commands/catalog').then((m) => m.registerAppCommands()));
  // Ready before the first capture, unless a write, a cycle or the sync center asks first.
  whenIdleAfterStart(() => void commandsReady().catch(() => undefined), CATALOG_IDLE_TIMEOUT_MS);
  // Best effort: without it the browser may evict the replica (and the outbox) under pressure.
  void requestPersistentStorage().catch(() => undefined);
  cacheRoleFilesWhenLoggedIn();
  // A lost device's refusal, from any call: send what is left, then wipe.
  watchLostSignal();
}

/** At start, with a session stored on the phone: it comes back (or is locked). */
export function restoreStoredSession(): boolean {
  wirePrivateApp();
  return restoreSession();
}

/**
 * At start, after `restoreStoredSession`: settles once the restored user's replica is open (every
 * private screen reads it), so the app's first draw can be the screen itself; at once when no
 * user came back.
 */
export function replicaOpenForStart(): Promise<unknown> {
  const { userId } = sessionStore.getState();
  return userId === null ? Promise.resolve() : openReplica(userId).catch(() => undefined);
}

/** The login screen's submit. */
export async function login(credentials: Credentials): Promise<void> {
  wirePrivateApp();
  await sessionLogin(credentials);
}

function LockedLayout() {
  return (
    <div className="app-layout is-locked">
      <header className="topbar">
        <Brand to="/" />
        <LanguageSelector className="topbar-language" />
      </header>
      <main id="main" className="main">
        <LockScreen />
      </main>
    </div>
  );
}

interface PrivateShellProps {
  role: Role;
  /** The route's screen, shown once the user's replica is open (every private screen reads it). */
  screen: ReactNode;
  loading: ReactNode;
  /** The route table's screen fetcher, from the shell (see layout-private.tsx). */
  preloadScreens: PreloadScreens;
}

/** A logged-in user's frame: the lock screen when the server session ended, else the layout. */
export function PrivateShell({ role, screen, loading, preloadScreens }: PrivateShellProps) {
  const locked = useStore(lockStore, (s) => s.locked);
  const userId = useStore(sessionStore, (s) => s.userId);
  const ready = useReplicaReady(userId);
  if (locked) return <LockedLayout />;
  return (
    <LayoutPrivate role={role} preloadScreens={preloadScreens}>
      {ready ? screen : loading}
    </LayoutPrivate>
  );
}
