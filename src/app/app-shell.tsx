/**
 * Public layout for visitors; for a logged-in user the private side of the app (its own chunk,
 * `private-app.tsx`: the layout, or the lock screen when the server session ended, with the
 * user's data kept behind it). Screens of the private layout wait until the user's replica is
 * open: they all read from it.
 */
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useStore } from 'zustand';
import { Spinner } from '#ui/spinner.tsx';
import { ErrorBoundary } from '#app/error-boundary.tsx';
import { LayoutPublic } from '#app/layout-public.tsx';
import { usePrivateApp } from '#app/private-loader.ts';
import { useRole } from '#app/route-gate.tsx';
import { preloadScreens } from '#app/screens.tsx';
import { DeviceWipedScreen } from '#app/device-wiped-screen.tsx';
import { wipeStore } from '#app/wipe-store.ts';

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

export function AppShell() {
  const role = useRole();
  const privateApp = usePrivateApp(role !== null);
  const wiping = useStore(wipeStore, (s) => s.phase !== 'idle');
  // A lost device sending its last writes, then wiped: that is all the screen says.
  if (wiping)
    return (
      <LayoutPublic>
        <DeviceWipedScreen />
      </LayoutPublic>
    );
  if (!role)
    return (
      <LayoutPublic>
        <Screen />
      </LayoutPublic>
    );
  if (!privateApp) return <Loading />;
  return (
    <privateApp.PrivateShell
      role={role}
      screen={<Screen />}
      loading={<Loading />}
      preloadScreens={preloadScreens}
    />
  );
}
