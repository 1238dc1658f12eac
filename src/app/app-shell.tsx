/** Public layout for visitors, private layout once a session exists. */
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Spinner } from '#ui/spinner.tsx';
import { ErrorBoundary } from '#app/error-boundary.tsx';
import { LayoutPrivate } from '#app/layout-private.tsx';
import { LayoutPublic } from '#app/layout-public.tsx';
import { useRole } from '#app/route-gate.tsx';

function Screen() {
  // Keyed by path: after a crash, moving to another screen starts clean.
  const { pathname } = useLocation();
  return (
    <ErrorBoundary key={pathname}>
      <Suspense
        fallback={
          <div className="screen-loading">
            <Spinner />
          </div>
        }
      >
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
}

export function AppShell() {
  const role = useRole();
  return role ? (
    <LayoutPrivate role={role}>
      <Screen />
    </LayoutPrivate>
  ) : (
    <LayoutPublic>
      <Screen />
    </LayoutPublic>
  );
}
