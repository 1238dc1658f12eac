/**
 * The route map of spec part 1 §2 and part 2 §2: every public, member, staff and guarded path
 * (from `#domain/permissions`) behind `RouteGate`, unknown paths to the role's fallback, all
 * inside the shell that picks the public or the private layout.
 */
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { GUARDED_ROUTES, PUBLIC_ROUTES, SOCIO_ROUTES, STAFF_ROUTES } from '#domain/permissions';
import { AppShell } from '#app/app-shell.tsx';
import { RouteGate, UnknownRoute } from '#app/route-gate.tsx';
import { TRANSLATIONS_ROUTE } from '#domain/translation-access';

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

export const appRoutes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      ...ROUTE_PATHS.map((path) => ({ path, element: <RouteGate path={path} /> })),
      { path: '*', element: <UnknownRoute /> },
    ],
  },
];

export type AppRouterInstance = ReturnType<typeof createBrowserRouter>;

let browserRouter: AppRouterInstance | null = null;

/** The browser's router; the build's prerender (src/app/prerender.tsx) passes a memory one. */
export function AppRouter({ router }: { router?: AppRouterInstance | undefined }) {
  if (router) return <RouterProvider router={router} />;
  browserRouter ??= createBrowserRouter(appRoutes);
  return <RouterProvider router={browserRouter} />;
}
