import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import '#i18n/setup';
import { getSession, patchSession, reloadSessionFromStorage } from '#api/session-store';
import { getDb } from '#db/database';
import { rememberPasswordVerifier, MAX_WRONG_TRIES } from '#sync/offline-unlock';
import { appRoutes } from '#app/router.tsx';
import { restoreSession } from '#app/session.ts';
import { lockStore } from '#app/lock-store.ts';
import { replicaStore } from '#app/user-replica.ts';
import { useSpanish } from '#tests/helpers/i18n-test';
import { installFakeFetch, json, meAnswer } from './api-fake-fetch';
import { addRows, freshDevice, outboxRow, serverHandlers, setOnline } from './sync-fixtures';

const PASSWORD = 'comonsit-demo';

/** A promoter who logged in more than 24 h ago and left an unsent profile edit on the phone. */
async function expiredSessionWithUnsentRow() {
  await rememberPasswordVerifier('promotor', 3, PASSWORD);
  patchSession({
    access: 'old-access',
    refresh: 'old-refresh',
    refreshExpiresAt: Date.now() - 1,
    userId: 3,
    user: meAnswer('PR'),
    role: 'PR',
  });
  reloadSessionFromStorage();
  restoreSession();
  await waitFor(() => expect(replicaStore.getState().ready).toBe(true));
  await addRows(
    outboxRow({ id: 'unsent', payload: { patch: { phone: '9191234567' }, before: { phone: '' } } }),
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

async function typePassword(password: string) {
  const ui = userEvent.setup();
  const field = screen.getByLabelText(/^Clave/);
  await ui.clear(field);
  await ui.type(field, password);
  await ui.click(screen.getByTestId('lock-submit'));
  // The check takes a moment (PBKDF2): the next try waits for this one to finish.
  await waitFor(() =>
    expect(screen.queryByTestId('lock-submit')?.getAttribute('aria-busy') ?? null).toBeNull(),
  );
}

beforeEach(async () => {
  await useSpanish();
  await freshDevice();
});

afterEach(async () => {
  await freshDevice();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('lock screen', () => {
  it('an expired refresh shows the lock screen with the user fixed, and wipes nothing', async () => {
    installFakeFetch({});
    await expiredSessionWithUnsentRow();
    renderAt('/inicio');
    expect(await screen.findByTestId('lock-screen')).toBeTruthy();
    expect(screen.getByTestId('lock-user').textContent).toBe('Usuario: promotor');
    expect(await screen.findByText('Registros esperando envío: 1')).toBeTruthy();
    expect(screen.queryByTestId('sync-badge')).toBeNull();
    expect(getSession()).toMatchObject({ refresh: 'old-refresh', user: { username: 'promotor' } });
    expect((await getDb().outbox.get('unsent'))?.status).toBe('pending');
  });

  it('offline: a wrong password is refused, the right one unlocks and capture goes on', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    await expiredSessionWithUnsentRow();
    setOnline(false);
    renderAt('/inicio');
    await screen.findByTestId('lock-screen');
    expect(screen.getByTestId('lock-mode').dataset.online).toBe('false');

    await typePassword('mala');
    expect((await screen.findByTestId('lock-failure')).textContent).toBe('Clave incorrecta.');

    await typePassword(PASSWORD);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hola, Ana' })).toBeTruthy();
    expect(lockStore.getState()).toMatchObject({ locked: false, offlineUnlocked: true });
    expect(screen.getByTestId('paused-login').textContent).toContain('Entra de nuevo para enviar');
    expect((await getDb().outbox.get('unsent'))?.status).toBe('pending');
  });

  it(`offline: after ${MAX_WRONG_TRIES} wrong tries only a connection unlocks`, async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    await expiredSessionWithUnsentRow();
    setOnline(false);
    renderAt('/inicio');
    await screen.findByTestId('lock-screen');
    for (let i = 0; i < MAX_WRONG_TRIES; i++) await typePassword(`mala-${i}`);
    await waitFor(() =>
      expect(screen.getByTestId('lock-failure').textContent).toBe(
        'Demasiados intentos. Conéctate a internet para desbloquear.',
      ),
    );
    await typePassword(PASSWORD);
    await waitFor(() =>
      expect(screen.getByTestId('lock-failure').textContent).toMatch(/Demasiados intentos/),
    );
    expect(screen.getByTestId('lock-screen')).toBeTruthy();
  });

  it('online: it is the normal login; once a fresh token arrives the outbox drains', async () => {
    const api = installFakeFetch(serverHandlers('PR'));
    await expiredSessionWithUnsentRow();
    renderAt('/inicio');
    await screen.findByTestId('lock-screen');
    expect(screen.getByTestId('lock-mode').dataset.online).toBe('true');

    await typePassword(PASSWORD);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hola, Ana' })).toBeTruthy();
    expect(api.calls('POST', '/api/token/')[0]!.body).toEqual({
      username: 'promotor',
      password: PASSWORD,
    });
    await waitFor(async () => expect((await getDb().outbox.get('unsent'))?.status).toBe('done'), {
      timeout: 4000,
    });
    expect(api.calls('PATCH', '/api/users/me.json')[0]!.body).toEqual({ phone: '9191234567' });
    expect(getSession()).toMatchObject({ access: 'acc', refresh: 'ref' });
  });

  it('online with a wrong password keeps the lock (and the data)', async () => {
    installFakeFetch({ 'POST /api/token/': () => json({ detail: 'No active account' }, 401) });
    await expiredSessionWithUnsentRow();
    renderAt('/inicio');
    await screen.findByTestId('lock-screen');
    await typePassword('mala');
    expect((await screen.findByTestId('lock-failure')).textContent).toBe(
      'Usuario o Clave incorrectos.',
    );
    expect(getSession()).toMatchObject({ refresh: 'old-refresh', role: 'PR' });
  });

  it('"another user?" goes to the login and leaves this user\'s queue on the phone', async () => {
    installFakeFetch({});
    await expiredSessionWithUnsentRow();
    const router = renderAt('/inicio');
    await screen.findByTestId('lock-screen');
    await userEvent.setup().click(screen.getByTestId('lock-other-user'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/acceso'));
    expect(getSession().role).toBeNull();
    const { openUserDb } = await import('#db/database');
    expect((await (await openUserDb(3)).outbox.get('unsent'))?.status).toBe('pending');
  });
});
