/**
 * A lost device wipes itself (docs/security.md#a-lost-device): told by any answer that the
 * office marked it lost, the phone first sends its unsent writes in one push (while its
 * database still holds them), then deletes everything of the user — checked by listing every
 * IndexedDB database, the device database's stores and localStorage — and says why. A push
 * without an answer is tried again before anything is deleted. A logout wipes the user's key
 * wraps and verifier too; with unsent rows it keeps them and the password's wrap only.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dexie } from 'dexie';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { WIPE_HEADER } from '#domain/lost-device';
import { getSession, keepDeviceToken } from '#api/session-store';
import { fetchMe } from '#api/users-me';
import { clearLostSignal, lostSignal } from '#api/lost-signal';
import { rawRequest } from '#api/raw-request';
import { getDeviceDb } from '#db/device-db';
import { userDbName } from '#db/database';
import { rememberPasswordVerifier } from '#sync/offline-unlock';
import { createUserKey, setPin } from '#sync/at-rest-keys';
import { DeviceWipedScreen } from '#app/device-wiped-screen.tsx';
import { wipeLostDevice, watchLostSignal } from '#app/lost-device.ts';
import { logout } from '#app/session.ts';
import { dismissWipeNotice, wipeStore } from '#app/wipe-store.ts';
import { LANGUAGE_STORAGE_KEY } from '#i18n/setup';
import { installFakeFetch, json, meAnswer, type SeenRequest } from './api-fake-fetch';
import {
  addRows,
  freshDevice,
  loggedInWithReplica,
  outboxRow,
  serverHandlers,
} from './sync-fixtures';

const me = meAnswer('PR');
const PASSWORD = 'comonsit-demo';
const lostAnswer = () =>
  json({ detail: 'La oficina marcó este dispositivo como perdido.', code: 'device_lost' }, 401);

async function settle(check: () => void | Promise<void>) {
  for (let i = 0; i < 600; i++) {
    try {
      await check();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
  await check();
}

/** A promoter's phone after some work: copy, two unsent writes, verifier, key, PIN, tokens. */
async function phoneWithWork() {
  const db = await loggedInWithReplica('PR');
  await db.meta.put({ key: 'me', value: me });
  await addRows(outboxRow({ id: 'w1' }), outboxRow({ id: 'w2' }));
  await rememberPasswordVerifier(me.username, me.id, PASSWORD);
  const key = await createUserKey(me.id, PASSWORD);
  await setPin(me.id, key, '246810');
  keepDeviceToken(me.username, 'device-token');
  localStorage.setItem('comonsit.signingManagers', JSON.stringify([{ id: 1, name: 'Gerente' }]));
  localStorage.setItem(LANGUAGE_STORAGE_KEY, 'es');
}

/** What the phone still holds of the user: databases, device stores, localStorage keys. */
async function leftOfUser() {
  const device = getDeviceDb();
  return {
    databases: (await Dexie.getDatabaseNames()).filter((n) => n === userDbName(me.id)),
    verifiers: await device.verifiers.toArray(),
    keyrings: await device.keyrings.toArray(),
    facts: (await device.facts.toArray()).map((f) => f.key),
    localStorage: Object.keys(localStorage).sort(),
  };
}

const pushedKeys = (request: SeenRequest) =>
  ((request.body as { writes: { key: string }[] }).writes ?? []).map((w) => w.key);

beforeEach(async () => {
  await freshDevice();
  clearLostSignal();
  dismissWipeNotice();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await freshDevice();
});

describe('a lost device', () => {
  it('sends its outbox first, then leaves nothing of the user and says why', async () => {
    await phoneWithWork();
    let heldDuringPush: boolean | null = null;
    const fake = installFakeFetch(
      serverHandlers('PR', {
        'GET /api/users/me.json': lostAnswer,
        'POST /api/sync/push/': async (request) => {
          // The database and its rows are still there while the push is on the wire.
          const names = await Dexie.getDatabaseNames();
          heldDuringPush = names.includes(userDbName(me.id));
          return new Response(
            JSON.stringify({
              results: pushedKeys(request).map((key) => ({ key, status: 200, body: {} })),
            }),
            {
              status: 200,
              headers: { 'Content-Type': 'application/json', [WIPE_HEADER]: 'device_lost' },
            },
          );
        },
      }),
    );
    watchLostSignal({ retryMs: 5 });
    await expect(fetchMe()).rejects.toBeTruthy();
    await settle(() => expect(wipeStore.getState().phase).toBe('wiped'));

    const pushes = fake.calls('POST', '/api/sync/push/');
    expect(pushes).toHaveLength(1);
    expect(pushedKeys(pushes[0]!)).toEqual(['w1', 'w2']);
    expect(heldDuringPush).toBe(true);
    expect(wipeStore.getState()).toEqual({
      phase: 'wiped',
      reason: 'device_lost',
      sent: 2,
      accepted: 2,
    });

    const left = await leftOfUser();
    expect(left.databases).toEqual([]);
    expect(left.verifiers).toEqual([]);
    expect(left.keyrings).toEqual([]);
    expect(left.facts).not.toContain('backgroundCredentials');
    // Only the device's own choice of language stays, and the notice (a reason, two counts)
    // until it is read.
    expect(left.localStorage).toEqual([LANGUAGE_STORAGE_KEY, 'comonsit.wipeNotice'].sort());
    expect(JSON.parse(localStorage.getItem('comonsit.wipeNotice') ?? '')).toEqual({
      phase: 'wiped',
      reason: 'device_lost',
      sent: 2,
      accepted: 2,
    });
    dismissWipeNotice();
    expect(localStorage.getItem('comonsit.wipeNotice')).toBeNull();
    expect(getSession()).toMatchObject({ access: null, refresh: null, userId: null, user: null });
  });

  it('a push without an answer is tried again before anything is deleted', async () => {
    await phoneWithWork();
    let tries = 0;
    const before: string[][] = [];
    const fake = installFakeFetch(
      serverHandlers('PR', {
        'POST /api/sync/push/': async (request) => {
          before.push((await Dexie.getDatabaseNames()).filter((n) => n === userDbName(me.id)));
          if (++tries === 1) throw new TypeError('Failed to fetch');
          return new Response(
            JSON.stringify({
              results: pushedKeys(request).map((key) => ({ key, status: 201, body: {} })),
            }),
            {
              status: 200,
              headers: { 'Content-Type': 'application/json', [WIPE_HEADER]: 'device_lost' },
            },
          );
        },
      }),
    );
    await wipeLostDevice('device_lost', { retryMs: 5 });
    expect(fake.calls('POST', '/api/sync/push/')).toHaveLength(2);
    expect(before).toEqual([[userDbName(me.id)], [userDbName(me.id)]]);
    expect((await leftOfUser()).databases).toEqual([]);
    expect(wipeStore.getState()).toMatchObject({ phase: 'wiped', accepted: 2 });
  });

  it('refused outright (its final push made already), it wipes without sending twice', async () => {
    await phoneWithWork();
    const fake = installFakeFetch(serverHandlers('PR', { 'POST /api/sync/push/': lostAnswer }));
    await wipeLostDevice('device_lost', { retryMs: 5 });
    expect(fake.calls('POST', '/api/sync/push/')).toHaveLength(1);
    const left = await leftOfUser();
    expect(left.databases).toEqual([]);
    expect(left.keyrings).toEqual([]);
    expect(wipeStore.getState()).toMatchObject({ phase: 'wiped', sent: 0, accepted: 0 });
  });

  it("the sync engine's own batch, answered with the wipe order, starts the wipe too", async () => {
    installFakeFetch({
      'POST /api/sync/push/': () =>
        new Response(JSON.stringify({ results: [] }), {
          status: 200,
          headers: { 'Content-Type': 'application/json', [WIPE_HEADER]: 'user_inactive' },
        }),
    });
    // The watcher of the first case reacts (and, with nobody logged in, lets go): record what
    // the signal said.
    const said: (string | null)[] = [];
    const stop = lostSignal.subscribe((state) => said.push(state.reason));
    const answer = await rawRequest({ method: 'POST', path: 'sync/push/', json: { writes: [] } });
    stop();
    expect(answer.status).toBe(200);
    expect(said[0]).toBe('user_inactive');
  });

  it('the screen says why and leads to the login', async () => {
    wipeStore.setState({ phase: 'wiped', reason: 'user_inactive', sent: 3, accepted: 3 }, true);
    const router = createMemoryRouter(
      [
        { path: '/', element: <DeviceWipedScreen /> },
        { path: '/acceso', element: <p>login</p> },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('heading').textContent).toBe('Se borraron los datos de este teléfono');
    expect(screen.getByRole('alert').textContent).toMatch(/desactivó tu usuario/);
    expect(screen.getByTestId('device-wiped-sent').textContent).toMatch(/3 registros/);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Ir a la entrada' }));
    expect(router.state.location.pathname).toBe('/acceso');
    expect(wipeStore.getState().phase).toBe('idle');
  });
});

describe('logout', () => {
  it('without unsent rows, wipes the copy, the verifier and every wrap of the data key', async () => {
    await phoneWithWork();
    const db = await loggedInWithReplica('PR');
    await db.outbox.clear();
    installFakeFetch(
      serverHandlers('PR', { 'POST /api/token/logout/': () => json({ ended: true }) }),
    );
    await logout();
    const left = await leftOfUser();
    expect(left.verifiers).toEqual([]);
    expect(left.keyrings).toEqual([]);
  });

  it('with unsent rows, keeps them and the password wrap, not the PIN wrap', async () => {
    await phoneWithWork();
    installFakeFetch(
      serverHandlers('PR', { 'POST /api/token/logout/': () => json({ ended: true }) }),
    );
    await logout();
    const left = await leftOfUser();
    expect(left.verifiers).toEqual([]);
    expect(left.keyrings).toHaveLength(1);
    expect(left.keyrings[0]).toMatchObject({ userId: me.id, pin: null });
    const kept = new Dexie(userDbName(me.id));
    await kept.open();
    expect((await kept.table('outbox').toArray()).map((r: { id: string }) => r.id).sort()).toEqual([
      'w1',
      'w2',
    ]);
    kept.close();
  });
});
