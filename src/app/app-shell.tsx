/**
 * Public layout for visitors, private layout once a session exists, and the lock screen when
 * the server session ended (the user's data stay on the phone behind it). Screens of the
 * private layout wait until the user's replica is open: they all read from it.
 */
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useStore } from 'zustand';
import { sessionStore } from '#api/session-store';
import { LanguageSelector } from '#ui/language-selector.tsx';
import { Spinner } from '#ui/spinner.tsx';
import { Brand } from '#app/brand.tsx';
import { ErrorBoundary } from '#app/error-boundary.tsx';
import { LayoutPrivate } from '#app/layout-private.tsx';
import { LayoutPublic } from '#app/layout-public.tsx';
import { LockScreen } from '#app/lock-screen.tsx';
import { lockStore } from '#app/lock-store.ts';
import { useRole } from '#app/route-gate.tsx';
import { useReplicaReady } from '#app/user-replica.ts';

function Loading() {
  return (
    <div className="screen-loading">
      <Spinner />
    </div>
  );
}

function Screen() {
  // Keyed by path: after a crash, moving to another screen starts clean.
  const { pathname } = useLocation();
  return (
    <ErrorBoundary key={pathname}>
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
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

export function AppShell() {
  const role = useRole();
  const locked = useStore(lockStore, (s) => s.locked);
  const userId = useStore(sessionStore, (s) => s.userId);
  const ready = useReplicaReady(role ? userId : null);
  if (role && locked) return <LockedLayout />;
  return role ? (
    <LayoutPrivate role={role}>{ready ? <Screen /> : <Loading />}</LayoutPrivate>
  ) : (
    <LayoutPublic>
      <Screen />
    </LayoutPublic>
  );
}
