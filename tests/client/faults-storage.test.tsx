/**
 * The phone's storage lets the app down: full (IndexedDB quota) while
 * saving — a clear message, nothing saved before is lost, the form keeps its data — nearly
 * full in the sync center, or missing altogether (private modes) — a notice and a login that
 * is refused with the same words before the server is asked.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { Dexie } from 'dexie';
import { i18n } from '#i18n/setup';
import { translateMessage } from '#i18n/translate-message';
import { getSession } from '#api/session-store';
import { outboxItems } from '#sync/queries';
import { ErrorModalHost } from '#ui/error-modal.tsx';
import { describeError } from '#ui/error-description.ts';
import { dismissError } from '#ui/error-store.ts';
import { appRoutes } from '#app/router.tsx';
import { login } from '#app/session.ts';
import { checkDeviceStorage, resetDeviceStorageCheck } from '#app/device-storage.ts';
import { StorageUnavailableNotice } from '#app/storage-unavailable-notice.tsx';
import { probeIndexedDb } from '#db/storage-probe';
import { useSpanish } from '#tests/helpers/i18n-test';
import { installFakeFetch } from './api-fake-fetch';
import { freshDevice, serverHandlers, setOnline } from './sync-fixtures';

function renderApp(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(
    <>
      <StorageUnavailableNotice />
      <RouterProvider router={router} />
      <ErrorModalHost />
    </>,
  );
}

async function saveProfile(ui: ReturnType<typeof userEvent.setup>) {
  await ui.click(screen.getByTestId('profile-save'));
  await ui.click(
    within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sí, enviar' }),
  );
}

/** Writes to the user's replica fail the way a full phone fails them. */
function fillTheDisk(): { free: () => void } {
  let full = true;
  const refuse = function (this: IDBObjectStore) {
    if (full && this.transaction.db.name.startsWith('comonsit-u'))
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  };
  const put = IDBObjectStore.prototype.put;
  const add = IDBObjectStore.prototype.add;
  vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
    this: IDBObjectStore,
    ...args: Parameters<IDBObjectStore['put']>
  ) {
    refuse.call(this);
    return put.apply(this, args);
  });
  vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementation(function (
    this: IDBObjectStore,
    ...args: Parameters<IDBObjectStore['add']>
  ) {
    refuse.call(this);
    return add.apply(this, args);
  });
  return { free: () => (full = false) };
}

/** jsdom has no StorageManager: the browser's estimate, in MB. */
function phoneStorage(usedMb: number, quotaMb: number): void {
  Object.defineProperty(navigator, 'storage', {
    configurable: true,
    value: {
      estimate: () => Promise.resolve({ usage: usedMb * 1_048_576, quota: quotaMb * 1_048_576 }),
      persisted: () => Promise.resolve(true),
      persist: () => Promise.resolve(true),
    },
  });
}

beforeEach(async () => {
  await useSpanish();
  await freshDevice();
  resetDeviceStorageCheck();
  dismissError();
});

afterEach(async () => {
  Reflect.deleteProperty(navigator, 'storage');
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await freshDevice();
  resetDeviceStorageCheck();
});

describe('storage full while saving', () => {
  it('says the phone is out of space, keeps what was saved and the form data; saving works once there is room', async () => {
    installFakeFetch(serverHandlers('PR'));
    await login({ username: 'promotor', password: 'comonsit-demo' });
    setOnline(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    const ui = userEvent.setup();
    renderApp('/perfil');
    const phone = await screen.findByLabelText(/Teléfono/);
    await ui.type(phone, '9191111111');
    await saveProfile(ui);
    await screen.findByText('Guardado en el teléfono; se enviará al conectarse.');
    expect(await outboxItems()).toHaveLength(1);

    const disk = fillTheDisk();
    await ui.clear(phone);
    await ui.type(phone, '9192222222');
    await saveProfile(ui);
    const dialog = await screen.findByRole('alertdialog', { name: 'El teléfono no tiene espacio' });
    expect(dialog.textContent).toContain(
      'No se pudo guardar porque el teléfono se quedó sin espacio. Lo que guardaste antes sigue a salvo',
    );
    expect(dialog.textContent).not.toContain('Ocurrió un error');
    // Nothing saved before is lost, nothing half-saved is added, the typed value is still there.
    const rows = await outboxItems();
    expect(rows.map((r) => r.payload)).toEqual([
      { patch: { phone: '9191111111' }, before: { phone: '' } },
    ]);
    expect(phone).toHaveProperty('value', '9192222222');

    await ui.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    disk.free();
    await saveProfile(ui);
    await waitFor(async () => expect(await outboxItems()).toHaveLength(2));
    expect((await outboxItems())[1]!.payload).toMatchObject({ patch: { phone: '9192222222' } });
  });

  it('in English too, also when Dexie wraps the browser error', async () => {
    const failure = describeError(
      new Dexie.AbortError('tx', new DOMException('q', 'QuotaExceededError')),
    );
    await i18n.changeLanguage('en');
    expect(i18n.t(failure.title)).toBe('The phone is out of space');
    expect(translateMessage(i18n.t.bind(i18n), failure.lines[0]!)).toContain(
      'What you saved before is safe',
    );
  });
});

describe('storage nearly full', () => {
  it('the sync center warns with the free space left', async () => {
    installFakeFetch(serverHandlers('PR'));
    phoneStorage(190, 200);
    await login({ username: 'promotor', password: 'comonsit-demo' });
    renderApp('/sincronizacion');
    const warning = await screen.findByTestId('storage-low');
    expect(warning.textContent).toBe(
      'Queda poco espacio en este teléfono (10 MB libres). Libera espacio para seguir capturando sin problemas.',
    );
    expect(screen.getByTestId('sync-storage').textContent).toContain('190 MB de 200 MB');
  });

  it('no warning with room to spare', async () => {
    installFakeFetch(serverHandlers('PR'));
    phoneStorage(20, 2_000);
    await login({ username: 'promotor', password: 'comonsit-demo' });
    renderApp('/sincronizacion');
    await waitFor(() =>
      expect(screen.getByTestId('sync-storage').textContent).toContain('20 MB de 2,000 MB'),
    );
    expect(screen.queryByTestId('storage-low')).toBeNull();
  });
});

describe('no storage at all (private modes)', () => {
  it('the probe tells a missing, a throwing and a refusing IndexedDB from a working one', async () => {
    expect(await probeIndexedDb()).toBe(true);
    vi.stubGlobal('indexedDB', undefined);
    expect(await probeIndexedDb()).toBe(false);
    vi.stubGlobal('indexedDB', {
      open: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
    });
    expect(await probeIndexedDb()).toBe(false);
    const refusing: Partial<IDBOpenDBRequest> = {};
    vi.stubGlobal('indexedDB', {
      open: () => {
        setTimeout(() => refusing.onerror?.call(refusing as IDBOpenDBRequest, new Event('error')));
        return refusing;
      },
    });
    expect(await probeIndexedDb()).toBe(false);
  });

  it('a notice says why, and a login is refused with the same words before the server is asked', async () => {
    const api = installFakeFetch(serverHandlers('PR'));
    vi.stubGlobal('indexedDB', undefined);
    void checkDeviceStorage();
    const ui = userEvent.setup();
    renderApp('/acceso');
    const notice = await screen.findByTestId('storage-unavailable');
    expect(notice.textContent).toContain('Este navegador no deja guardar datos en el teléfono');
    expect(notice.textContent).toContain('ventanas privadas o de incógnito');

    await screen.findByRole('heading', { level: 1, name: 'Acceso' });
    await ui.type(screen.getByLabelText(/Usuario/), 'promotor');
    await ui.type(screen.getByLabelText(/^Clave/), 'comonsit-demo');
    await ui.click(screen.getByRole('button', { name: 'Entrar' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Este navegador no deja guardar datos en el teléfono',
    });
    expect(dialog.textContent).toContain('Ábrela en una ventana normal del navegador');
    expect(api.calls('POST', '/api/token/')).toHaveLength(0);
    expect(getSession().access).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Acceso' })).toBeTruthy();
  });
});
