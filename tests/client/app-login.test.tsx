import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import '#i18n/setup';
import { clearSession, getSession } from '#api/session-store';
import { appRoutes } from '#app/router.tsx';
import { logout } from '#app/session.ts';
import { installFakeFetch, json, meAnswer, referenceHandlers } from './api-fake-fetch';
import { first } from '#tests/helpers/present';

async function openLogin() {
  const router = createMemoryRouter(appRoutes, { initialEntries: ['/acceso'] });
  render(<RouterProvider router={router} />);
  await screen.findByRole('heading', { level: 1, name: 'Acceso' });
  return {
    router,
    user: screen.getByLabelText(/Usuario/),
    password: screen.getByLabelText(/^Clave/),
    submit: screen.getByRole('button', { name: 'Entrar' }),
  };
}

beforeEach(() => {
  localStorage.clear();
  clearSession();
});

afterEach(() => {
  logout();
  vi.unstubAllGlobals();
});

describe('login screen', () => {
  it('has labelled fields, a password-help link and a submit button', async () => {
    installFakeFetch({});
    await openLogin();
    expect(screen.getByRole('link', { name: '¿Olvidaste tu clave?' })).toBeTruthy();
  });

  it('shows "required" only after a field is touched', async () => {
    installFakeFetch({});
    const ui = userEvent.setup();
    const { user, password } = await openLogin();
    expect(screen.queryByText('Campo requerido')).toBeNull();

    await ui.click(user);
    await ui.click(password);
    expect(await screen.findAllByText('Campo requerido')).toHaveLength(1);
    await ui.tab();
    await waitFor(() => expect(screen.getAllByText('Campo requerido')).toHaveLength(2));
  });

  it('the user name must be letters and digits', async () => {
    installFakeFetch({});
    const ui = userEvent.setup();
    const { user } = await openLogin();
    await ui.type(user, 'ana lópez!');
    await ui.tab();
    expect(await screen.findByText('Sólo pueden ser números o letras')).toBeTruthy();
    await ui.clear(user);
    await ui.type(user, 'promotor2');
    await waitFor(() => expect(screen.queryByText('Sólo pueden ser números o letras')).toBeNull());
  });

  it('submitting empty shows the required messages and calls nobody', async () => {
    const api = installFakeFetch({});
    const ui = userEvent.setup();
    const { submit } = await openLogin();
    await ui.click(submit);
    expect(await screen.findAllByText('Campo requerido')).toHaveLength(2);
    expect(api.seen).toHaveLength(0);
  });

  it('wrong credentials → "Usuario o Clave incorrectos."', async () => {
    installFakeFetch({
      'POST /api/token/': () => json({ detail: 'No active account found' }, 401),
    });
    const ui = userEvent.setup();
    const { user, password, submit, router } = await openLogin();
    await ui.type(user, 'promotor');
    await ui.type(password, 'mala');
    await ui.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe('Usuario o Clave incorrectos.');
    expect(router.state.location.pathname).toBe('/acceso');
  });

  it('a 400 answer also reads "Usuario o Clave incorrectos."', async () => {
    installFakeFetch({ 'POST /api/token/': () => json({ password: ['Campo requerido'] }, 400) });
    const ui = userEvent.setup();
    const { user, password, submit } = await openLogin();
    await ui.type(user, 'promotor');
    await ui.type(password, 'x');
    await ui.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe('Usuario o Clave incorrectos.');
  });

  it('no answer → "Servidor No Responde"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const ui = userEvent.setup();
    const { user, password, submit } = await openLogin();
    await ui.type(user, 'promotor');
    await ui.type(password, 'comonsit-demo');
    await ui.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe('Servidor No Responde');
  });

  it('good credentials open the home screen with the greeting', async () => {
    const api = installFakeFetch({
      ...referenceHandlers(),
      'POST /api/token/': () => json({ access: 'acc', refresh: 'ref', localId: 3 }),
      'GET /api/users/me.json': () => json(meAnswer('PR')),
    });
    const ui = userEvent.setup();
    const { user, password, submit, router } = await openLogin();
    await ui.type(user, 'promotor');
    await ui.type(password, 'comonsit-demo');
    await ui.click(submit);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hola, Ana' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/inicio');
    expect(first(api.calls('POST', '/api/token/'), 'the login request').body).toEqual({
      username: 'promotor',
      password: 'comonsit-demo',
    });
    expect(getSession().role).toBe('PR');
  });
});
