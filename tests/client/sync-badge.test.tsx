import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import '#i18n/setup';
import { getDb } from '#db/database';
import { patchSyncStatus, pushNotice } from '#sync/status-store';
import { appRoutes } from '#app/router.tsx';
import { roleFilesStore } from '#app/role-files.ts';
import { useSpanish } from '#tests/helpers/i18n-test';
import { installFakeFetch } from './api-fake-fetch';
import {
  addRows,
  freshDevice,
  loggedInWithReplica,
  logIn,
  outboxRow,
  setOnline,
} from './sync-fixtures';

function renderAt(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
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

describe('sync badge', () => {
  it('shows the pending and needs-attention counts live from the outbox', async () => {
    await loggedInWithReplica('PR');
    renderAt('/inicio');
    const badge = await screen.findByTestId('sync-badge');
    await waitFor(() => expect(badge.dataset.pending).toBe('0'));
    expect(screen.queryByTestId('sync-badge-attention')).toBeNull();

    await act(() =>
      addRows(
        outboxRow({ id: 'a', status: 'pending' }),
        outboxRow({ id: 'b', status: 'uncertain', chainKey: 'x' }),
        outboxRow({ id: 'c', status: 'rejected', chainKey: 'y' }),
        outboxRow({ id: 'd', status: 'done', chainKey: 'z' }),
      ),
    );
    await waitFor(() => expect(screen.getByTestId('sync-badge-pending').textContent).toBe('2'));
    expect(screen.getByTestId('sync-badge-attention').textContent).toBe('1');
    expect(badge.getAttribute('aria-label')).toBe(
      'Sincronización: 2 pendientes, 1 requieren atención',
    );

    await act(() => getDb().outbox.update('a', { status: 'done' }));
    await waitFor(() => expect(screen.getByTestId('sync-badge-pending').textContent).toBe('1'));
  });

  it('shows online/offline and spins while the engine pushes or pulls; a tap opens the sync center', async () => {
    await loggedInWithReplica('CO');
    const router = renderAt('/inicio');
    const badge = await screen.findByTestId('sync-badge');
    expect(badge.dataset.online).toBe('true');
    expect(badge.dataset.busy).toBe('false');

    act(() => patchSyncStatus({ phase: 'pushing' }));
    expect(badge.dataset.busy).toBe('true');
    expect(badge.className).toContain('is-busy');
    act(() => patchSyncStatus({ phase: 'idle' }));
    expect(badge.dataset.busy).toBe('false');

    act(() => setOnline(false));
    expect(badge.dataset.online).toBe('false');
    expect(badge.className).toContain('is-offline');

    act(() => badge.click());
    await waitFor(() => expect(router.state.location.pathname).toBe('/sincronizacion'));
  });

  it('shows the first pull progress in rows and KB under the top bar, with a percentage once the total is known', async () => {
    await loggedInWithReplica('PR');
    renderAt('/inicio');
    await screen.findByTestId('sync-badge');
    expect(screen.queryByTestId('first-sync-progress')).toBeNull();
    act(() =>
      patchSyncStatus({
        pull: { rows: 1234, bytes: 512_000, pages: 1, done: false, initial: true },
      }),
    );
    expect(screen.getByTestId('first-sync-progress').textContent).toContain(
      'Descargando datos: 1,234 registros · 500 KB',
    );
    // Once the server has said how many rows the pull brings: a percentage and a filling bar.
    act(() =>
      patchSyncStatus({
        pull: { rows: 1234, bytes: 512_000, pages: 1, done: false, initial: true, total: 4000 },
      }),
    );
    const progress = screen.getByTestId('first-sync-progress');
    expect(progress.textContent).toContain(
      'Descargando datos: 30 % · 1,234 de 4,000 registros · 500 KB',
    );
    expect(progress.querySelector<HTMLElement>('.first-sync-fill')?.style.width).toBe('30%');
    // The signal goes: the download waits and says so, without a bar that seems to move.
    act(() => patchSyncStatus({ phase: 'offline' }));
    expect(screen.getByTestId('first-sync-progress').textContent).toBe(
      'Descarga en pausa, sin conexión: 1,234 registros · 500 KB. Sigue al volver la señal.',
    );
    expect(screen.getByTestId('first-sync-progress').querySelector('.first-sync-bar')).toBeNull();
    act(() => patchSyncStatus({ phase: 'pulling' }));
    act(() =>
      patchSyncStatus({
        pull: { rows: 1500, bytes: 600_000, pages: 2, done: true, initial: true },
      }),
    );
    expect(screen.queryByTestId('first-sync-progress')).toBeNull();
  });

  it("after the pull, the line counts the role's screens the phone is caching for offline use, and goes once they are all in", async () => {
    await loggedInWithReplica('PR');
    renderAt('/inicio');
    await screen.findByTestId('sync-badge');
    // Caching the screens before any data download: the phone says nothing of it yet.
    act(() => patchSyncStatus({ pull: null, lastPullAt: null, phase: 'idle' }));
    act(() => roleFilesStore.setState({ preparing: true, held: 0, total: 0 }));
    // The download starts: its line, not the screens'.
    act(() =>
      patchSyncStatus({
        pull: { rows: 10, bytes: 2048, pages: 1, done: false, initial: true },
      }),
    );
    expect(screen.getByTestId('first-sync-progress').textContent).toContain('Descargando datos');
    act(() => patchSyncStatus({ pull: null, lastPullAt: null }));
    expect(screen.queryByTestId('first-sync-progress')).toBeNull();
    // Once the download has started (here, done), the screens' line shows.
    act(() =>
      patchSyncStatus({
        pull: { rows: 10, bytes: 2048, pages: 1, done: true, initial: true },
      }),
    );
    expect(screen.getByTestId('first-sync-progress').textContent).toBe(
      'Preparando las pantallas para trabajar sin señal…',
    );
    act(() => roleFilesStore.setState({ preparing: true, held: 24, total: 96 }));
    const progress = screen.getByTestId('first-sync-progress');
    expect(progress.textContent).toBe('Preparando las pantallas para trabajar sin señal: 24 de 96');
    expect(progress.querySelector<HTMLElement>('.first-sync-fill')?.style.width).toBe('25%');
    act(() => roleFilesStore.setState({ preparing: false, held: 96, total: 96 }));
    expect(screen.queryByTestId('first-sync-progress')).toBeNull();
  });

  it('a member (SO) gets no badge and no sync center', async () => {
    logIn('SO');
    const router = renderAt('/sincronizacion');
    await screen.findByRole('heading', { level: 1 });
    expect(router.state.location.pathname).toBe('/socios');
    expect(screen.queryByTestId('sync-badge')).toBeNull();
  });

  it('names a sent item in a toast when the server answers', async () => {
    await loggedInWithReplica('PR');
    renderAt('/inicio');
    await screen.findByTestId('sync-badge');
    act(() =>
      patchSyncStatus({
        notices: [
          {
            mutationId: 'm1',
            kind: 'profile.update',
            recordId: 'user-3',
            serverId: 'A-17',
            message: 'sync.notice.sent',
            description: { key: 'perfil.commandDescription' },
            at: new Date().toISOString(),
          },
        ],
      }),
    );
    expect(screen.getByTestId('sync-notice').textContent).toContain(
      'Enviado: Cambio de perfil (A-17)',
    );
  });

  it('a queue drained at once gives one toast with the count, closed in one tap', async () => {
    await loggedInWithReplica('PR');
    renderAt('/inicio');
    await screen.findByTestId('sync-badge');
    const sent = (n: number) =>
      pushNotice({
        mutationId: `m${n}`,
        kind: 'profile.update',
        recordId: 'user-3',
        serverId: null,
        message: 'sync.notice.sent',
        description: { key: 'perfil.commandDescription' },
        at: new Date().toISOString(),
      });
    act(() => [1, 2].forEach(sent));
    expect(screen.getAllByTestId('sync-notice').map((n) => n.textContent)).toEqual([
      'Enviado: Cambio de perfil×',
      'Enviado: Cambio de perfil×',
    ]);
    // More than the 20 notices the store keeps: the count is still every item sent.
    act(() => Array.from({ length: 25 }, (_, i) => i + 3).forEach(sent));
    const [summary] = screen.getAllByTestId('sync-notice');
    expect(screen.getAllByTestId('sync-notice')).toHaveLength(1);
    expect(summary!.textContent).toContain('Enviados: 27 registros');
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar aviso' }));
    expect(screen.queryByTestId('sync-notice')).toBeNull();
  });
});
