/**
 * The route map: every public, member, staff and guarded path
 * (from `#domain/permissions`) behind `RouteGate`, unknown paths to the role's fallback, all
 * inside the shell that picks the public or the private layout.
 */
import {
  createBrowserRouter,
  RouterProvider,
  useLocation,
  type RouteObject,
} from 'react-router-dom';
import { GUARDED_ROUTES, PUBLIC_ROUTES, SOCIO_ROUTES, STAFF_ROUTES } from '#domain/permissions';
import { AppShell } from '#app/app-shell.tsx';
import { RouteGate, UnknownRoute } from '#app/route-gate.tsx';
import { TRANSLATIONS_ROUTE } from '#domain/translation-access';
import { parseRecordPath } from '#domain/record-routes';

/** Every path the app knows, once each. */
export const ROUTE_PATHS: readonly string[] = [
  ...new Set<string>([
    ...PUBLIC_ROUTES,
    ...SOCIO_ROUTES,
    ...STAFF_ROUTES,
    ...Object.keys(GUARDED_ROUTES),
    TRANSLATIONS_ROUTE,
    '/logout',
  ]),
];

const KNOWN_PATHS = new Set(ROUTE_PATHS);

/**
 * The app's path for a location, as React Router matched it (any case, a trailing slash
 * ignored; a one-record screen's `/<path>/<id>` is its path), or null for no route at all.
 */
export function routePathOf(pathname: string): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '').toLowerCase() : pathname;
  if (KNOWN_PATHS.has(path)) return path;
  return parseRecordPath(pathname)?.route ?? null;
}

/**
 * Every path is static, so one catch-all route looks it up in a set: a route per path had
 * React Router build and rank some seventy routes at every start (tens of milliseconds on a
 * cheap phone).
 */
function PathRoute() {
  const path = routePathOf(useLocation().pathname);
  return path === null ? <UnknownRoute /> : <RouteGate path={path} />;
}

export const appRoutes: RouteObject[] = [
  { element: <AppShell />, children: [{ path: '*', element: <PathRoute /> }] },
];

export type AppRouterInstance = ReturnType<typeof createBrowserRouter>;

let browserRouter: AppRouterInstance | null = null;

/** The browser's router; the build's prerender (src/app/prerender.tsx) passes a memory one. */
export function AppRouter({ router }: { router?: AppRouterInstance | undefined }) {
  if (router) return <RouterProvider router={router} />;
  browserRouter ??= createBrowserRouter(appRoutes);
  return <RouterProvider router={browserRouter} />;
}
