/**
 * In Tseltal a text not translated yet shows as its Spanish reference, never with the pending
 * marker "~" (locales/README.md) — also where a label is composed of other labels, such as the
 * sync center's "Acopio de $t(codes.processes.CF)" or a refusal naming a process.
 * Walks the main screens of a promoter and an office user in Tseltal and reads what is shown.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ensureFullDictionary, i18n } from '#i18n/setup';
import { msg } from '#domain/messages';
import { getDb } from '#db/database';
import { appRoutes } from '#app/router.tsx';
import { installFakeFetch } from './api-fake-fetch';
import {
  addRows,
  freshDevice,
  loggedInWithReplica,
  outboxRow,
  pulledBefore,
} from './sync-fixtures';

const DISPLAY = {
  nombre_socio: 'Juana Gómez Cruz',
  region: 1,
  nombre_region: 'Región 1',
  comunidad: 7,
  nombre_comunidad: 'Bachajón',
};

function acopioPayload(ingreso: string) {
  return {
    acopio: {
      clave_socio: 5,
      fecha: '2026-03-10',
      tipo_de_producto: 'CF',
      kilos_de_producto: '120.50',
      ingreso,
    },
    display: DISPLAY,
  };
}

async function seedAcopios() {
  const at = '2026-03-10T15:00:00.000Z';
  await addRows(
    outboxRow({
      id: 'acopio-waiting',
      kind: 'acopio.create',
      recordId: 'acopio-waiting',
      chainKey: 'acopio-waiting',
      payload: acopioPayload('4820.00'),
    }),
    outboxRow({
      id: 'acopio-refused',
      kind: 'acopio.create',
      recordId: 'acopio-refused',
      chainKey: 'acopio-refused',
      status: 'rejected',
      payload: acopioPayload('1000.00'),
      lastError: {
        status: 400,
        body: {
          tipo_de_producto: [msg('server.deliveries.memberInactive', { clave: 5, proceso: 'CF' })],
        },
        message: 'refused',
        at,
      },
    }),
  );
}

/**
 * Everything the screen shows once it is the new one (its heading replaced `previous`) and has
 * its data: no "Cargando…" left, and `arrived` (a text only the loaded data shows) there.
 */
async function shownText(previous: string | null, arrived?: string): Promise<string> {
  await waitFor(
    () => {
      const heading = screen.getByRole('heading', { level: 1 });
      expect(heading.textContent).not.toBe(previous);
      const text = document.body.textContent ?? '';
      expect(text).not.toContain('Cargando');
      if (arrived !== undefined) expect(text).toContain(arrived);
    },
    { timeout: 10_000 },
  );
  return document.body.textContent ?? '';
}

beforeEach(async () => {
  await ensureFullDictionary();
  await i18n.changeLanguage('tz');
  await freshDevice();
  pulledBefore();
  installFakeFetch({});
});

afterEach(async () => {
  await i18n.changeLanguage('es');
  await freshDevice();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('no pending-Tseltal marker on screen', { timeout: 60_000 }, () => {
  it('the sync center composes its labels and refusals without "~"', async () => {
    await loggedInWithReplica('PR');
    await seedAcopios();
    const router = createMemoryRouter(appRoutes, { initialEntries: ['/sincronizacion'] });
    render(<RouterProvider router={router} />);
    await screen.findAllByTestId('outbox-item', {}, { timeout: 10_000 });
    const text = await shownText(null, 'Acopio de Café: socio 5');
    // The nested label is there, as its Spanish reference, and the refusal names the process.
    expect(text).toContain('Acopio de Café');
    expect(text).toContain('no está activo en el proceso Café');
    expect(text).not.toContain('~');
  });

  it.each(['PR', 'CO'] as const)('the main screens of a %s show no "~"', async (role) => {
    await loggedInWithReplica(role);
    await seedAcopios();
    expect(await getDb().outbox.count()).toBe(2);
    const router = createMemoryRouter(appRoutes, { initialEntries: ['/inicio'] });
    render(<RouterProvider router={router} />);
    const screens = [
      '/inicio',
      '/socios',
      '/acopios',
      '/acopio-formato',
      '/movimientos',
      '/movimiento-formato',
      '/solicitudes',
      '/solicitud-formato',
      '/pagos',
      '/pago-formato',
      '/creditos',
      '/sincronizacion',
    ];
    // What each screen shows once its data is there: a table's count of records, the outbox.
    const table = 'Registros:';
    const arrived: Record<string, string> = {
      '/socios': table,
      '/acopios': table,
      '/solicitudes': table,
      '/pagos': table,
      '/creditos': table,
      '/sincronizacion': 'Acopio de Café: socio 5',
    };
    let previous: string | null = null;
    for (const path of screens) {
      await act(() => router.navigate(path));
      const text = await shownText(previous, arrived[path]);
      previous = screen.getByRole('heading', { level: 1 }).textContent;
      expect({ path, marker: text.includes('~') }).toEqual({ path, marker: false });
    }
  });
});
