import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import '#i18n/setup';
import { getSession } from '#api/session-store';
import { outboxItems } from '#sync/queries';
import { appRoutes } from '#app/router.tsx';
import { login } from '#app/session.ts';
import { readCurrentUser } from '#commands/current-user';
import { useSpanish } from '#tests/helpers/i18n-test';
import { installFakeFetch, json } from './api-fake-fetch';
import { freshDevice, serverHandlers, setOnline } from './sync-fixtures';

async function openProfile() {
  const router = createMemoryRouter(appRoutes, { initialEntries: ['/perfil'] });
  render(<RouterProvider router={router} />);
  await screen.findByRole('heading', { level: 1, name: 'Perfil' });
  return {
    phone: await screen.findByLabelText(/Teléfono/),
    firstName: screen.getByLabelText(/^Nombre/),
  };
}

async function save(ui: ReturnType<typeof userEvent.setup>) {
  await ui.click(screen.getByTestId('profile-save'));
  await ui.click(
    within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sí, enviar' }),
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

describe('profile form', () => {
  it('online: sends only the changed field through the outbox and says "Perfil actualizado"', async () => {
    const api = installFakeFetch(serverHandlers('PR'));
    await login({ username: 'promotor', password: 'comonsit-demo' });
    const ui = userEvent.setup();
    const { phone } = await openProfile();
    await ui.type(phone, '9191234567');
    await save(ui);

    expect(
      (await screen.findByText('Perfil actualizado', {}, { timeout: 4000 })).dataset.outcome,
    ).toBe('sent');
    const patch = api.calls('PATCH', '/api/users/me.json');
    expect(patch).toHaveLength(1);
    expect(patch[0]!.body).toEqual({ phone: '9191234567' });
    expect(patch[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect((await readCurrentUser())?.phone).toBe('9191234567');
    expect(getSession().user?.phone).toBe('9191234567');
  });

  it('offline: saved on the phone, shown at once, "se enviará al conectarse"; never stuck loading', async () => {
    installFakeFetch(serverHandlers('PR'));
    await login({ username: 'promotor', password: 'comonsit-demo' });
    setOnline(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    const ui = userEvent.setup();
    const { firstName } = await openProfile();
    await ui.clear(firstName);
    await ui.type(firstName, 'Anita');
    await save(ui);

    const status = await screen.findByTestId('profile-status');
    expect(status.textContent).toBe('Guardado en el teléfono; se enviará al conectarse.');
    expect(screen.getByTestId('profile-save').hasAttribute('disabled')).toBe(false);
    const [row] = await outboxItems();
    expect(row).toMatchObject({
      kind: 'profile.update',
      chainKey: 'me',
      recordId: 'user-3',
      status: 'pending',
    });
    expect(row!.payload).toEqual({ patch: { first_name: 'Anita' }, before: { first_name: 'Ana' } });
    // Optimistic: the layout greets the new name before the server knows it.
    await waitFor(() => expect(getSession().user?.first_name).toBe('Anita'));
  });

  it('a live rejection shows the server error under its field; the correction is sent as a new edit', async () => {
    let first = true;
    const api = installFakeFetch(
      serverHandlers('PR', {
        'PATCH /api/users/me.json': (request) => {
          if (first) {
            first = false;
            return json({ phone: ['El teléfono no existe.'] }, 400);
          }
          return json({ ...serverHandlersMe(), ...(request.body as object) });
        },
      }),
    );
    await login({ username: 'promotor', password: 'comonsit-demo' });
    const ui = userEvent.setup();
    const { phone } = await openProfile();
    await ui.type(phone, '9190000000');
    await save(ui);

    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'), { timeout: 4000 });
    expect(screen.getByText('El teléfono no existe.')).toBeTruthy();
    expect(screen.getByTestId('profile-status').dataset.outcome).toBe('rejected');

    await ui.clear(phone);
    await ui.type(phone, '9191234567');
    expect(phone.getAttribute('aria-invalid')).toBeNull();
    await save(ui);
    await screen.findByText('Perfil actualizado', {}, { timeout: 4000 });
    const patches = api.calls('PATCH', '/api/users/me.json');
    expect(patches.map((p) => p.body)).toEqual([{ phone: '9190000000' }, { phone: '9191234567' }]);
    expect(patches[0]!.headers.get('Idempotency-Key')).not.toBe(
      patches[1]!.headers.get('Idempotency-Key'),
    );
  });

  it('an edit saved offline and refused once sent shows the error under its field; the next save corrects it', async () => {
    let first = true;
    const api = installFakeFetch(
      serverHandlers('PR', {
        'PATCH /api/users/me.json': (request) => {
          if (first) {
            first = false;
            return json({ phone: ['El teléfono no existe.'] }, 400);
          }
          return json({ ...serverHandlersMe(), ...(request.body as object) });
        },
      }),
    );
    await login({ username: 'promotor', password: 'comonsit-demo' });
    setOnline(false);
    const ui = userEvent.setup();
    const { phone } = await openProfile();
    await ui.type(phone, '9190000000');
    await save(ui);
    expect((await screen.findByTestId('profile-status')).dataset.outcome).toBe('queued');
    expect(api.calls('PATCH', '/api/users/me.json')).toHaveLength(0);

    // Back online the queued edit is sent and refused while the form is still open.
    setOnline(true);
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'), { timeout: 8000 });
    expect(screen.getByText('El teléfono no existe.')).toBeTruthy();
    const [refused] = await outboxItems({ statuses: ['rejected'] });

    await ui.clear(phone);
    await ui.type(phone, '9191234567');
    await save(ui);
    await screen.findByText('Perfil actualizado', {}, { timeout: 4000 });
    const patches = api.calls('PATCH', '/api/users/me.json');
    expect(patches.map((p) => p.body)).toEqual([{ phone: '9190000000' }, { phone: '9191234567' }]);
    // A correction of the refused edit, not a new edit queued behind it.
    const rows = await outboxItems();
    expect(rows.find((row) => row.id === refused!.id)).toBeUndefined();
    expect(rows.find((row) => row.supersedes === refused!.id)).toMatchObject({ status: 'done' });
  });

  it('client validation: names required, phone at least 10 digits; nothing queued', async () => {
    installFakeFetch(serverHandlers('PR'));
    await login({ username: 'promotor', password: 'comonsit-demo' });
    const ui = userEvent.setup();
    const { phone, firstName } = await openProfile();
    await ui.clear(firstName);
    await ui.type(phone, '12345');
    await ui.click(screen.getByTestId('profile-save'));
    expect(await screen.findByText('Campo requerido')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(await outboxItems()).toHaveLength(0);
  });
});

function serverHandlersMe() {
  return {
    id: 3,
    username: 'promotor',
    first_name: 'Ana',
    last_name: 'López',
    role: 'PR',
    phone: '',
    email: '',
    clave_socio: null,
    region: 1,
  };
}
