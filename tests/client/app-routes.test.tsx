import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import '#i18n/setup';
import type { Role } from '#domain/roles';
import { clearSession, getSession, patchSession } from '#api/session-store';
import { appRoutes } from '#app/router.tsx';
import { patchSyncStatus, resetSyncStatus } from '#sync/status-store';
import { localeText, readLocale } from '#tests/helpers/locale-text';
import { at } from '#tests/helpers/present';
import { installFakeFetch, meAnswer } from './api-fake-fetch';

const es = readLocale('es');

// The route map, written out here independently of the app.
const PUBLIC = ['/', '/conocenos', '/mapa', '/contacto', '/acceso'];
const STAFF = [
  '/inicio',
  '/socios',
  '/perfil',
  '/acopios',
  '/carteras',
  '/condonacion',
  '/prorroga',
  '/creditos',
  '/mapa-procesos',
  '/mapa-mision',
  '/pagos',
  '/pago-formato',
  '/credito-imprimir',
  '/tsumbalil',
  '/movimientos',
  '/solicitudes',
  '/solicitud-formato',
  '/fondos-comunes',
  '/mesa-control',
  '/formatos',
  '/movimiento-formato',
  '/sincronizacion',
];
const GUARDED: Record<string, Role[]> = {
  '/bancos': ['CO', 'GE', 'VI'],
  '/subcuentas': ['CO', 'GE', 'VI'],
  '/banco-form': ['CO', 'GE', 'VI'],
  '/evaluacion': ['GE'],
  '/credito-activar': ['CO', 'GE'],
  '/evaluacion-socio': ['CO', 'GE'],
  '/acopio-formato': ['PR', 'CO', 'GE'],
  // The office reports read what only the office may.
  '/reportes': ['CO', 'GE', 'VI'],
};
const ALL_PATHS = [...PUBLIC, ...STAFF, ...Object.keys(GUARDED)];
// Screens about one request or contract: opened with no record in the address and nothing
// chosen, they go to the list where records are chosen.
const NEEDS_SELECTION: Record<string, string> = {
  '/mesa-control': '/solicitudes',
  '/evaluacion': '/solicitudes',
  '/condonacion': '/creditos',
  '/prorroga': '/creditos',
  '/credito-activar': '/creditos',
  '/credito-imprimir': '/creditos',
};

function reachable(role: Role | null, path: string): boolean {
  if (role === null) return PUBLIC.includes(path);
  if (role === 'SO') return path === '/inicio' || path === '/socios';
  if (STAFF.includes(path)) return true;
  return GUARDED[path]?.includes(role) ?? false;
}

function fallback(role: Role | null): string {
  return role === null ? '/' : role === 'SO' ? '/socios' : '/inicio';
}

/** The h1 each screen shows (spec Spanish texts from es.json). */
function expectedTitle(path: string, role: Role | null): string {
  if (path === '/') return localeText(es, 'app.name');
  if (path === '/inicio') return `Hola, ${role ? meAnswer(role).first_name : ''}`;
  const key = path.slice(1).replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
  return localeText(es, `routes.${key}`);
}

function logIn(role: Role) {
  patchSession({
    access: 'access',
    refresh: 'refresh',
    refreshExpiresAt: Date.now() + 3_600_000,
    userId: meAnswer(role).id,
    user: meAnswer(role),
    role,
  });
}

function renderAt(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const view = render(<RouterProvider router={router} />);
  return { router, view };
}

beforeEach(() => {
  localStorage.clear();
  clearSession();
  // No screen of the shell may call the network on its own; fail loudly if one does.
  installFakeFetch({});
  // A phone that has pulled before: every screen reads its copy (a first download instead
  // shows what a screen waits for, tests/client/screen-readiness.test.tsx).
  patchSyncStatus({ lastPullAt: '2026-11-01T12:00:00.000Z' });
});

afterEach(() => {
  clearSession();
  resetSyncStatus();
  vi.unstubAllGlobals();
});

const ROLES: (Role | null)[] = [null, 'SO', 'PR', 'CO', 'GE', 'VI'];

describe.each(ROLES.map((role) => ({ role, name: role ?? 'logged out' })))(
  'routes for $name',
  ({ role }) => {
    beforeEach(() => {
      if (role) logIn(role);
    });

    it('each reachable route renders its screen and each forbidden one redirects', async () => {
      for (const path of ALL_PATHS) {
        const { router, view } = renderAt(path);
        const target = reachable(role, path) ? (NEEDS_SELECTION[path] ?? path) : fallback(role);
        const heading = await screen.findByRole('heading', { level: 1 });
        expect(router.state.location.pathname, `${path} as ${role ?? 'visitor'}`).toBe(target);
        expect(heading.textContent, `${path} as ${role ?? 'visitor'}`).toBe(
          expectedTitle(target, role),
        );
        view.unmount();
      }
    }, 60_000); // ~35 screens per role, on a shared 2-core machine

    it('a record’s address belongs to its screen’s route, guards included', async () => {
      const { router } = renderAt('/evaluacion/41');
      await screen.findByRole('heading', { level: 1 });
      // Only the manager evaluates; the others go to their fallback, never to "no route".
      if (role !== 'GE') expect(router.state.location.pathname).toBe(fallback(role));
      else expect(router.state.location.pathname).toBe('/evaluacion/41');
    });

    it('a path typed in capitals or with a trailing slash is still that route', async () => {
      const path = role === 'SO' ? '/socios' : role === null ? '/conocenos' : '/inicio';
      const { router } = renderAt(`${path.toUpperCase()}/`);
      const heading = await screen.findByRole('heading', { level: 1 });
      expect(heading.textContent).toBe(expectedTitle(path, role));
      expect(router.state.location.pathname).toBe(`${path.toUpperCase()}/`);
    });

    it('an unknown path redirects to the role fallback', async () => {
      const { router } = renderAt('/no-existe/para-nada');
      await screen.findByRole('heading', { level: 1 });
      expect(router.state.location.pathname).toBe(fallback(role));
    });
  },
);

describe('logged-in specifics', () => {
  it('/acceso sends a logged-in member to /socios and staff to /inicio', async () => {
    logIn('SO');
    const member = renderAt('/acceso');
    await screen.findByRole('heading', { level: 1 });
    expect(member.router.state.location.pathname).toBe('/socios');
    member.view.unmount();

    logIn('GE');
    const staff = renderAt('/acceso');
    await screen.findByRole('heading', { level: 1 });
    expect(staff.router.state.location.pathname).toBe('/inicio');
  });

  it('/logout clears token, user and role and lands on /', async () => {
    logIn('CO');
    const { router } = renderAt('/logout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getSession()).toMatchObject({ access: null, refresh: null, user: null, role: null });
    expect(
      await screen.findByRole('heading', { level: 1, name: localeText(es, 'app.name') }),
    ).toBeTruthy();
  });

  it('the logout link logs out', async () => {
    logIn('PR');
    const { router } = renderAt('/inicio');
    await screen.findByRole('heading', { level: 1 });
    screen.getByTestId('logout').click();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getSession().role).toBeNull();
  });
});

const STAFF_GROUPS = ['Inicio', 'Créditos', 'Cuentas', 'Datos', 'Reportes', 'Sincronización'];
const CREDIT_LINKS = [
  'menu-solicitudes',
  'menu-creditos',
  'menu-fondos-comunes',
  'menu-pagos',
  'menu-carteras',
];
const DATA_LINKS = ['menu-socios', 'menu-tsumbalil', 'menu-mapa-procesos', 'menu-mapa-mision'];
const REPORT_LINKS = ['menu-reportes', 'menu-formatos'];
/** A promoter's reports group: the formats only (the reports are the office's). */
const PROMOTER_REPORT_LINKS = ['menu-formatos'];

function linkIds(container: HTMLElement): string[] {
  return [...container.querySelectorAll('[data-testid^="menu-"]')].map((a) =>
    a.getAttribute('data-testid')!,
  );
}

describe('menu per role', () => {
  it('a member sees only Home and Members', async () => {
    logIn('SO');
    renderAt('/socios');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getAllByRole('navigation').map((n) => n.getAttribute('aria-label'))).toEqual([
      'Inicio',
    ]);
    expect(linkIds(document.body)).toEqual(['menu-inicio', 'menu-socios']);
    expect(screen.getByTestId('role-badge').textContent).toBe('Socio');
    // The member's name is shown, but /perfil is not theirs to open.
    expect(screen.getByText('Juana Gómez').tagName).not.toBe('A');
  });

  it.each([
    // Trip cash: who captures cash closes trips; the office reads the closings.
    { role: 'PR' as const, badge: 'Promotor', banks: false, trips: ['menu-viaje'] },
    {
      role: 'CO' as const,
      badge: 'Coordinador',
      banks: true,
      trips: ['menu-viaje', 'menu-cierres-viaje'],
    },
    {
      role: 'GE' as const,
      badge: 'Gerente',
      banks: true,
      trips: ['menu-viaje', 'menu-cierres-viaje'],
    },
    { role: 'VI' as const, badge: 'Visitante', banks: true, trips: ['menu-cierres-viaje'] },
  ])(
    '$role sees the staff groups; banks and sub-accounts: $banks',
    async ({ role, badge, banks, trips }) => {
      logIn(role);
      renderAt('/inicio');
      await screen.findByRole('heading', { level: 1 });
      const navs = screen.getAllByRole('navigation');
      const nav = (i: number) => at(navs, i, `navigation group ${i + 1}`);
      // Managers review translations: their own group, last.
      const translations = role === 'GE' ? ['Traducción'] : [];
      expect(navs.map((n) => n.getAttribute('aria-label'))).toEqual([
        ...STAFF_GROUPS,
        ...translations,
      ]);
      if (role === 'GE') expect(linkIds(nav(6))).toEqual(['menu-traducciones']);
      expect(linkIds(nav(1))).toEqual(CREDIT_LINKS);
      expect(linkIds(nav(2))).toEqual([
        ...(banks ? ['menu-bancos', 'menu-subcuentas'] : []),
        'menu-acopios',
        'menu-movimientos',
      ]);
      expect(linkIds(nav(3))).toEqual(DATA_LINKS);
      expect(linkIds(nav(4))).toEqual(role === 'PR' ? PROMOTER_REPORT_LINKS : REPORT_LINKS);
      // The office reads the field inbox beside its own sync center.
      const inbox = role === 'PR' ? [] : ['menu-bandeja'];
      expect(linkIds(nav(5))).toEqual(['menu-sincronizacion', ...inbox, ...trips, 'menu-recibos']);
      expect(screen.getByTestId('role-badge').textContent).toBe(badge);
      const me = meAnswer(role);
      const profile = screen.getByRole('link', {
        name: `Mi perfil: ${me.first_name} ${me.last_name}`,
      });
      expect(profile.getAttribute('href')).toBe('/perfil');
      expect(screen.getByTestId('language-select')).toBeTruthy();
      expect(within(nav(0)).getByText('Inicio')).toBeTruthy();
    },
  );

  it('the public layout lists the public routes and the language selector', async () => {
    renderAt('/conocenos');
    await screen.findByRole('heading', { level: 1 });
    const nav = screen.getByRole('navigation', { name: 'Menú del sitio' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(PUBLIC);
    expect(screen.getByTestId('language-select')).toBeTruthy();
    expect(screen.queryByTestId('logout')).toBeNull();
  });
});
