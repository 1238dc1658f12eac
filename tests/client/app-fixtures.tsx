/**
 * What every area's client tests start from: reference rows as the pull sends them, and the
 * app opened as a user would — a scripted server for the role (token, current user, pull and
 * the test's own handlers), a real login, the router at a path.
 */
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { Role } from '#domain/roles';
import { appRoutes } from '#app/router.tsx';
import { login } from '#app/session.ts';
import { installFakeFetch, type Handler } from './api-fake-fetch';
import { serverHandlers } from './sync-fixtures';

/** A region row named "Región <id>", without a polygon. */
export const region = (id: number) => ({ id, nombre_de_region: `Región ${id}`, poly: null });

/** A community row of region `r`, without hermitage or location. */
export const community = (id: number, name: string, r: number) => ({
  id,
  nombre_de_comunidad: name,
  region: r,
  nombre_region: `Región ${r}`,
  ermita: null,
  ermita_name: null,
  inegiLocalidad: null,
  ubicacion: null,
});

export interface OpenAppOptions {
  /** Accessible name of the h1 to wait for; none: do not wait. */
  heading?: string | null;
  /** Runs after the login, before the app renders (e.g. choose a row on another screen). */
  beforeRender?: () => void;
}

/** Log in as `role` against `handlers` and render the app at `path`. */
export async function openAppAt(
  role: Role,
  path: string,
  handlers: Record<string, Handler>,
  options: OpenAppOptions = {},
) {
  const api = installFakeFetch(serverHandlers(role, handlers));
  await login({ username: 'user', password: 'comonsit-demo' });
  options.beforeRender?.();
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  if (options.heading)
    await screen.findByRole('heading', { level: 1, name: options.heading }, { timeout: 10_000 });
  return { api, router };
}
