import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import '#i18n/setup';
import { getSession } from '#api/session-store';
import { AppDatabase, getDb, userDbName } from '#db/database';
import { unlockOffline } from '#sync/offline-unlock';
import { appRoutes } from '#app/router.tsx';
import { login } from '#app/session.ts';
import { loadReferenceLists } from '#app/reference-store.ts';
import { readCurrentUser } from '#commands/current-user';
import { useSpanish } from '#tests/helpers/i18n-test';
import { installFakeFetch } from './api-fake-fetch';
import { addRows, freshDevice, outboxRow, serverHandlers } from './sync-fixtures';

function renderAt(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

/** Read a user's database as it is on the phone, without making it the open one. */
async function peek(userId: number) {
  const db = new AppDatabase(userDbName(userId));
  await db.open();
  try {
    return {
      outbox: await db.outbox.toArray(),
      meta: await db.meta.toArray(),
      regiones: await db.regiones.count(),
    };
  } finally {
    db.close();
  }
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

async function loggedInPromoter() {
  installFakeFetch(serverHandlers('PR'));
  await login({ username: 'promotor', password: 'comonsit-demo' });
  await waitFor(async () => expect((await loadReferenceLists()).regiones).toHaveLength(1));
}

describe('logout', () => {
  it('with unsent rows: warns with their count, and after confirming keeps them but wipes the rest', async () => {
    await loggedInPromoter();
    // Rows the engine cannot send (it is not asked to here: they wait behind a rejection).
    await addRows(
      outboxRow({ id: 'rejected', status: 'rejected' }),
      outboxRow({ id: 'behind', status: 'blocked' }),
    );
    const router = renderAt('/logout');
    const warning = await screen.findByTestId('logout-warning');
    expect(warning.textContent).toContain('Hay 2 registros sin enviar en este teléfono.');
    expect(getSession().role).toBe('PR');

    await userEvent.setup().click(screen.getByTestId('logout-confirm'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getSession()).toMatchObject({ access: null, refresh: null, user: null, role: null });
    await waitFor(async () => expect((await peek(3)).regiones).toBe(0));
    const left = await peek(3);
    expect(left.outbox.map((r) => r.id).sort()).toEqual(['behind', 'rejected']);
    expect(left.meta).toEqual([]);
    expect(await unlockOffline('promotor', 'comonsit-demo')).toBe('unknown-user');
  });

  it('"Volver" keeps the session', async () => {
    await loggedInPromoter();
    await addRows(outboxRow({ id: 'rejected', status: 'rejected' }));
    renderAt('/logout');
    await screen.findByTestId('logout-warning');
    await userEvent.setup().click(screen.getByTestId('logout-cancel'));
    expect(getSession().role).toBe('PR');
  });

  it('without unsent rows logs out at once', async () => {
    await loggedInPromoter();
    const router = renderAt('/logout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getSession().role).toBeNull();
  });

  it('another user on the same phone opens an empty replica of their own', async () => {
    await loggedInPromoter();
    await addRows(outboxRow({ id: 'ana-edit', status: 'rejected' }));
    installFakeFetch({
      ...serverHandlers('CO'),
      'GET /api/sync/pull/': () => new Response('{}', { status: 503 }),
    });
    await login({ username: 'coordinador', password: 'comonsit-demo' });
    expect(await getDb().outbox.count()).toBe(0);
    expect(await getDb().regiones.count()).toBe(0);
    expect((await readCurrentUser())?.username).toBe('coordinador');
    // Ana's queue is still on the phone, in her own database.
    expect((await peek(3)).outbox.map((r) => r.id)).toEqual(['ana-edit']);
  });
});
