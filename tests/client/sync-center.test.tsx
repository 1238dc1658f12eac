import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import '#i18n/setup';
import { getDb } from '#db/database';
import { auditLog } from '#sync/queries';
import { SCOPE_LEFT_PREFIX } from '#sync/removals';
import { appRoutes } from '#app/router.tsx';
import { useSpanish } from '#tests/helpers/i18n-test';
import { installFakeFetch, json } from './api-fake-fetch';
import { addRows, freshDevice, loggedInWithReplica, outboxRow, setOnline } from './sync-fixtures';

const REJECTED_BODY = { phone: ['Debe tener al menos 10 caracteres'] };

function renderAt(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

async function section(id: string) {
  return screen.findByTestId(`sync-section-${id}`);
}

function items(container: HTMLElement) {
  return within(container).queryAllByTestId('outbox-item');
}

async function seedQueue() {
  const at = '2026-03-10T15:00:00.000Z';
  await addRows(
    outboxRow({
      id: 'offline',
      chainKey: 'a',
      lastError: { status: 0, body: null, message: 'sync.error.offline', at },
      attempts: 1,
    }),
    outboxRow({
      id: 'rejected',
      status: 'rejected',
      payload: { patch: { phone: '123' }, before: { phone: '' } },
      lastError: {
        status: 400,
        body: REJECTED_BODY,
        message: 'Debe tener al menos 10 caracteres',
        at,
      },
    }),
    outboxRow({ id: 'blocked', status: 'blocked' }),
    outboxRow({
      id: 'stuck',
      status: 'stuck',
      chainKey: 'b',
      attempts: 6,
      lastError: { status: 500, body: { detail: 'boom' }, message: 'boom', at },
    }),
    outboxRow({ id: 'sent', status: 'done', chainKey: 'c', serverId: 42, doneAt: at }),
  );
}

beforeEach(async () => {
  await useSpanish();
  await freshDevice();
  installFakeFetch({});
});

afterEach(async () => {
  await freshDevice();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('sync center', () => {
  it('lists items per status with their reason in plain language', async () => {
    await loggedInWithReplica('PR');
    await seedQueue();
    renderAt('/sincronizacion');

    const pending = await section('pending');
    await waitFor(() => expect(items(pending)).toHaveLength(1));
    expect(pending.textContent).toContain('Cambio de perfil');
    expect(pending.textContent).toContain('Sin conexión; se reintentará.');
    expect(pending.textContent).toMatch(/Capturado: \d+ mar 2026 \d\d:\d\d/);

    const attention = await section('attention');
    const [rejected, blocked, stuck] = items(attention);
    expect(rejected!.dataset.status).toBe('rejected');
    expect(rejected!.textContent).toContain('El servidor rechazó estos datos:');
    expect(rejected!.textContent).toContain('Teléfono: Debe tener al menos 10 caracteres');
    expect(blocked!.textContent).toContain('Bloqueado porque «Cambio de perfil» fue rechazado.');
    expect(stuck!.textContent).toContain('Atascado tras 6 intentos. Puedes reenviarlo.');
    // Only what a person can act on gets the buttons.
    expect(within(rejected!).getByTestId('outbox-open')).toBeTruthy();
    expect(within(rejected!).queryByTestId('outbox-resend')).toBeNull();
    expect(within(stuck!).getByTestId('outbox-resend')).toBeTruthy();

    const sent = await section('sent');
    expect(items(sent)).toHaveLength(1);
    expect(sent.textContent).toContain('Enviado; el servidor le asignó 42.');
  });

  it('says why an item whose record left the scope may be refused', async () => {
    await loggedInWithReplica('PR');
    await seedQueue();
    // What the pull writes when the server removes a record a queued write holds (removals.ts).
    await getDb().meta.put({
      key: `${SCOPE_LEFT_PREFIX}rejected`,
      value: { table: 'socios', key: 86 },
    });
    renderAt('/sincronizacion');
    const attention = await section('attention');
    await waitFor(() =>
      expect(within(attention).queryAllByTestId('outbox-item-scope')).toHaveLength(1),
    );
    const rejected = items(attention).find((el) => el.dataset.status === 'rejected')!;
    expect(within(rejected).getByTestId('outbox-item-scope').textContent).toBe(
      'Este registro ya no está a tu cargo (se movió a otra región o se borró en la oficina): el servidor puede rechazar este cambio. Se queda aquí hasta que se envíe o lo descartes.',
    );
    expect(within(await section('pending')).queryByTestId('outbox-item-scope')).toBeNull();
  });

  it('resend puts a stuck item back in the queue with the same key', async () => {
    await loggedInWithReplica('PR');
    await seedQueue();
    renderAt('/sincronizacion');
    const attention = await section('attention');
    await waitFor(() => expect(items(attention)).toHaveLength(3));
    const stuck = items(attention).find((el) => el.dataset.status === 'stuck')!;
    await userEvent.setup().click(within(stuck).getByTestId('outbox-resend'));
    await waitFor(async () => expect((await getDb().outbox.get('stuck'))?.status).toBe('pending'));
    await waitFor(async () => expect(items(await section('pending'))).toHaveLength(2));
  });

  it('discard asks first, then removes the item and keeps it in the audit log and "Descartados"', async () => {
    await loggedInWithReplica('PR');
    await seedQueue();
    renderAt('/sincronizacion');
    const ui = userEvent.setup();
    const attention = await section('attention');
    await waitFor(() => expect(items(attention)).toHaveLength(3));
    const stuck = items(attention).find((el) => el.dataset.status === 'stuck')!;

    await ui.click(within(stuck).getByTestId('outbox-discard'));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('¿Descartar «Cambio de perfil»?');
    await ui.click(within(dialog).getByRole('button', { name: 'Revisar' }));
    expect(await getDb().outbox.get('stuck')).toBeDefined();

    await ui.click(within(stuck).getByTestId('outbox-discard'));
    // The main button says what it does: it discards, it sends nothing.
    const again = await screen.findByRole('alertdialog');
    expect(within(again).queryByRole('button', { name: 'Sí, enviar' })).toBeNull();
    // The promoter says why: the reason reaches the office with the queue report.
    await ui.click(within(again).getByRole('radio', { name: 'Capturado dos veces' }));
    await ui.click(within(again).getByRole('button', { name: 'Sí, descartar' }));
    await waitFor(async () => expect(await getDb().outbox.get('stuck')).toBeUndefined());
    const log = await auditLog();
    expect(log[0]).toMatchObject({
      action: 'discard',
      row: { id: 'stuck' },
      reason: 'syncCenter.discardReasons.duplicate',
    });

    const discarded = await section('discarded');
    await waitFor(() => expect(within(discarded).getAllByTestId('discarded-item')).toHaveLength(1));
    expect(discarded.textContent).toContain('Capturado dos veces');
  });

  it('a rejected profile item opens the form with the server error under its field', async () => {
    await loggedInWithReplica('PR');
    await seedQueue();
    const router = renderAt('/sincronizacion');
    const attention = await section('attention');
    await waitFor(() => expect(items(attention)).toHaveLength(3));
    await userEvent.setup().click(within(items(attention)[0]!).getByTestId('outbox-open'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/perfil'));
    expect(router.state.location.search).toBe('?corregir=rejected');
    const phone = await screen.findByLabelText(/Teléfono/);
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    const message = document.getElementById(
      phone.getAttribute('aria-describedby')!.split(' ').at(-1)!,
    );
    expect(message?.textContent).toBe('Debe tener al menos 10 caracteres');
  });

  it('shows last sync, storage use, and the office view only for office roles, online only', async () => {
    installFakeFetch({
      'GET /api/sync/field-activity/': () =>
        json({
          generated_at: '2026-03-10T15:00:00Z',
          users: [
            {
              user_id: 3,
              username: 'promotor',
              name: 'Ana López',
              role: 'PR',
              region: 1,
              last_contact: '2026-03-10T14:00:00Z',
              today: { 'profile.update': 2 },
              week: { 'profile.update': 5 },
              recent: [
                {
                  kind: 'profile.update',
                  record_ref: '3',
                  status: 200,
                  captured_at: '2026-03-09T14:00:00Z',
                  received_at: '2026-03-10T14:00:00Z',
                  reason: null,
                },
              ],
              rejected: [
                {
                  kind: 'profile.update',
                  record_ref: null,
                  status: 400,
                  captured_at: '2026-03-09T13:00:00Z',
                  received_at: '2026-03-10T13:00:00Z',
                  reason: 'Debe tener al menos 10 caracteres',
                },
              ],
            },
          ],
        }),
    });
    await loggedInWithReplica('CO');
    await getDb().meta.put({ key: 'sync.lastSuccessAt', value: '2026-03-10T15:00:00.000Z' });
    renderAt('/sincronizacion');
    const last = await screen.findByTestId('sync-last');
    await waitFor(() => expect(last.textContent).toMatch(/Última sincronización: 10 mar 2026/));
    const office = await screen.findByTestId('field-activity');
    const table = await within(office).findByRole('table');
    expect(table.textContent).toContain('Ana López');
    expect(table.textContent).toContain('Perfil: 2');
    expect(table.textContent).toContain('Perfil: 5');
    expect(office.textContent).toContain('(1 rechazado)');
    // The refusals are listed once the user's details are opened.
    expect(office.textContent).not.toContain('Debe tener al menos 10 caracteres');
    await userEvent.click(within(office).getByText(/\(1 rechazado\)/));
    await waitFor(() => expect(office.textContent).toContain('Debe tener al menos 10 caracteres'));

    act(() => setOnline(false));
    expect(office.textContent).toContain('Esta vista necesita conexión');
  });

  it('a promoter has no office view', async () => {
    await loggedInWithReplica('PR');
    renderAt('/sincronizacion');
    await screen.findByTestId('sync-section-pending');
    expect(screen.queryByTestId('field-activity')).toBeNull();
  });
});
