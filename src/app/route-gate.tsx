/**
 * The route guard for one path (the map is in `#domain/permissions`):
 * - logged out: public routes render, anything else → `/`;
 * - logged in: public routes (incl. `/acceso`) → the role's home; a route the role cannot reach
 *   (SO outside /inicio and /socios, a guarded route of another role) → the role's fallback
 *   (`/socios` for SO, `/inicio` for staff); `/logout` logs out (warning first about unsent
 *   items, see logout-screen.tsx) and lands on `/`.
 */
import { Navigate } from 'react-router-dom';
import { useStore } from 'zustand';
import type { Role } from '#domain/roles';
import { PUBLIC_ROUTES, canReachRoute, fallbackRoute } from '#domain/permissions';
import { isLoggedIn, sessionStore } from '#api/session-store';
import { usePrivateApp } from '#app/private-loader.ts';
import { SCREENS } from '#app/screens.tsx';
import { isOneOf } from '#domain/guards';
import { mayReviewTranslations, TRANSLATIONS_ROUTE } from '#domain/translation-access';

export function useRole(): Role | null {
  return useStore(sessionStore, (s) => (isLoggedIn(s) ? s.role : null));
}

const isPublic = (path: string) => isOneOf(PUBLIC_ROUTES, path);

export function RouteGate({ path }: { path: string }) {
  const role = useRole();
  if (path === '/logout') return role ? <Logout /> : <Navigate to="/" replace />;
  if (role === null) return isPublic(path) ? renderScreen(path) : <Navigate to="/" replace />;
  if (path === TRANSLATIONS_ROUTE) return <TranslationsGate role={role} />;
  if (isPublic(path) || !canReachRoute(role, path))
    return <Navigate to={fallbackRoute(role)} replace />;
  return renderScreen(path);
}

/** The logout screen comes with the private side (loaded whenever someone is logged in). */
function Logout() {
  const privateApp = usePrivateApp(true);
  return privateApp ? <privateApp.LogoutScreen /> : null;
}

/** /traducciones follows the translator flag, not the role tables. */
function TranslationsGate({ role }: { role: Role }) {
  const traductor = useStore(sessionStore, (s) => s.user?.traductor === true);
  return mayReviewTranslations({ role, translator: traductor }) ? (
    renderScreen(TRANSLATIONS_ROUTE)
  ) : (
    <Navigate to={fallbackRoute(role)} replace />
  );
}

function renderScreen(path: string) {
  const screen = SCREENS[path];
  return screen ? screen() : <Navigate to="/" replace />;
}

/** Any path that is no route at all. */
export function UnknownRoute() {
  const role = useRole();
  return <Navigate to={fallbackRoute(role)} replace />;
}
