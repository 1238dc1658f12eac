/**
 * The trip's cash: the phone's summary totals a set of captures in every
 * state exactly as worked out by hand below; "Cerrar viaje" queues the closing offline with
 * those totals and the keys of its captures, after which the summary starts again holding only
 * the refused captures; the office's view shows declared beside received and the difference.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import '#i18n/setup';
import type { TripClosingAnswer } from '#domain/trip-shapes';
import { getDb } from '#db/database';
import { getDeviceDb } from '#db/device-db';
import type { OutboxRow } from '#sync/types';
import { appRoutes } from '#app/router.tsx';
import type { ViajeClosePayload } from '#commands/viajes';
import { useSpanish } from '#tests/helpers/i18n-test';
import { installFakeFetch, json } from './api-fake-fetch';
import { addRows, freshDevice, loggedInWithReplica, outboxRow, setOnline } from './sync-fixtures';
import { at } from '#tests/helpers/present';

function renderAt(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

let nextSeq = 0;
function capture(
  id: string,
  kind: string,
  status: OutboxRow['status'],
  payload: unknown,
): OutboxRow {
  nextSeq += 1;
  return outboxRow({ id, kind, status, payload, seq: nextSeq, chainKey: id, recordId: id });
}

const pago = (cantidad: string, referencia_banco: string | null = null) => ({
  body: {
    credito: 136,
    fecha_pago: '2026-03-10',
    cantidad,
    abono_capital: cantidad,
    interes_ord: '0',
    interes_mor: '0',
    fecha_banco: referencia_banco ? '2026-03-10' : null,
    referencia_banco,
  },
  author: { autor: 3, nombre_autor: 'Ana López' },
});

const movimiento = (monto: string, aportacion: boolean, tipo = 'EF') => ({
  movimiento: {
    clave_socio: 1203,
    fecha_entrega: '2026-03-10',
    monto,
    proceso: 'CF',
    aportacion,
    ordinario: true,
    tipo_de_movimiento: tipo,
    fecha_banco: null,
    referencia_banco: null,
    responsable_entrega: null,
  },
  display: {},
});

/**
 * By hand: payments sent 1 × 1,250.50; pending 300.00 + 99.99 (uncertain) = 399.99 in 2;
 * refused 400.00. Contributions in cash sent 200.25; refused (conflict) 50.00. Withdrawal in
 * cash pending 75.10. Not trip cash: a payment deposited at the bank (500.00), a contribution
 * by bank (1,000.00), a collection (820.00), a profile edit.
 * Cash received = 1,250.50 + 399.99 + 200.25 = 1,850.74; paid out = 75.10; net = 1,775.64.
 */
async function seedTrip() {
  await addRows(
    capture('p-sent', 'pago.create', 'done', pago('1250.50')),
    capture('p-pending', 'pago.create', 'pending', pago('300')),
    capture('p-uncertain', 'pago.create', 'uncertain', pago('99.99')),
    capture('p-refused', 'pago.create', 'rejected', pago('400')),
    capture('p-bank', 'pago.create', 'done', pago('500', 'DEP1')),
    capture('m-sent', 'movimiento.create', 'done', movimiento('200.25', true)),
    capture('m-conflict', 'movimiento.create', 'conflict', movimiento('50', true)),
    capture('m-withdrawal', 'movimiento.create', 'pending', movimiento('75.10', false)),
    capture('m-bank', 'movimiento.create', 'done', movimiento('1000', true, 'BA')),
    capture('a-sent', 'acopio.create', 'done', {
      acopio: {
        clave_socio: 1203,
        fecha: '2026-03-10',
        tipo_de_producto: 'CF',
        kilos_de_producto: '10',
        ingreso: '820',
      },
      display: {},
    }),
    capture('profile', 'profile.update', 'pending', {
      patch: { phone: '9191234567' },
      before: { phone: '' },
    }),
  );
  // The device's capture counter goes on after the seeded rows, as on a real phone.
  await getDeviceDb().facts.put({ key: 'seq', value: nextSeq });
}

beforeEach(async () => {
  nextSeq = 0;
  await useSpanish();
  await freshDevice();
  installFakeFetch({});
});

afterEach(async () => {
  await freshDevice();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the trip summary on the phone', () => {
  it('totals cash received and paid out per kind and state, every capture listed', async () => {
    await loggedInWithReplica('PR');
    await seedTrip();
    renderAt('/viaje');

    expect((await screen.findByTestId('trip-cash-in')).textContent).toContain('$1,850.74');
    expect(screen.getByTestId('trip-cash-out').textContent).toContain('$75.10');
    expect(screen.getByTestId('trip-net').textContent).toContain('$1,775.64');
    expect(screen.getByTestId('trip-net-words').textContent).toMatch(
      /mil setecientos setenta y cinco/i,
    );
    const cell = (id: string) => screen.getByTestId(`trip-${id}`).textContent;
    expect(cell('pago-enviado')).toBe('$1,250.501 capt.');
    expect(cell('pago-pendiente')).toBe('$399.992 capt.');
    expect(cell('pago-rechazado')).toBe('$400.001 capt.');
    expect(cell('aportacion-enviado')).toBe('$200.251 capt.');
    expect(cell('aportacion-pendiente')).toBe('$0.000 capt.');
    expect(cell('aportacion-rechazado')).toBe('$50.001 capt.');
    expect(cell('retiro-pendiente')).toBe('$75.101 capt.');
    expect(cell('retiro-enviado')).toBe('$0.000 capt.');

    const lines = within(screen.getByTestId('trip-lines')).getAllByRole('listitem');
    expect(lines).toHaveLength(7);
    expect(at(lines, 0, 'the first trip line').textContent).toContain(
      'Pago · crédito 136$1,250.50',
    );
    expect(at(lines, 3, 'the fourth trip line').textContent).toContain('Rechazado (no cuenta)');
    const other = screen.getByTestId('trip-other');
    expect(other.textContent).toContain('1 acopio ($820.00)');
    expect(other.textContent).toContain('1 pago con depósito bancario ($500.00)');
    expect(other.textContent).toContain('1 movimiento por banco o transferencia ($1,000.00)');
  });

  it('closes the trip offline: the closing is queued with its totals and keys, and the next trip holds only the refused captures', async () => {
    setOnline(false);
    await loggedInWithReplica('PR');
    await seedTrip();
    renderAt('/viaje');
    const user = userEvent.setup();

    await user.click(await screen.findByTestId('trip-close'));
    const dialog = await screen.findByTestId('trip-close-dialog');
    expect(dialog.textContent).toContain('$1,850.74');
    expect(within(dialog).getByTestId('trip-close-net').textContent).toContain('$1,775.64');
    expect(dialog.textContent).toContain('Cierra 5 capturas enviadas o pendientes.');
    expect(dialog.textContent).toContain('2 capturas rechazadas siguen abiertas');
    await user.click(screen.getByTestId('trip-close-confirm'));
    expect(await screen.findByTestId('trip-closed')).toBeTruthy();

    const closings = await getDb().outbox.where('kind').equals('viaje.close').toArray();
    expect(closings).toHaveLength(1);
    const closing = closings[0]!;
    expect(closing.status).toBe('pending');
    const body = (closing.payload as ViajeClosePayload).body;
    expect(body).toMatchObject({ pagos: '1650.49', aportaciones: '200.25', retiros: '75.10' });
    expect(body.desde).toBe((await getDb().outbox.get('p-sent'))!.capturedAt);
    expect(body.capturas.map((c) => `${c.clave}:${c.estado}:${c.monto}`).sort()).toEqual(
      [
        'm-conflict:rechazado:50.00',
        'm-sent:enviado:200.25',
        'm-withdrawal:pendiente:75.10',
        'p-pending:pendiente:300.00',
        'p-refused:rechazado:400.00',
        'p-sent:enviado:1250.50',
        'p-uncertain:pendiente:99.99',
      ].sort(),
    );

    // The next trip: nothing counted, the two refused captures still shown.
    await waitFor(() => expect(screen.getByTestId('trip-cash-in').textContent).toContain('$0.00'));
    expect(screen.getByTestId('trip-cash-out').textContent).toContain('$0.00');
    const lines = within(screen.getByTestId('trip-lines')).getAllByRole('listitem');
    expect(lines.map((l) => l.textContent)).toEqual([
      expect.stringContaining('$400.00'),
      expect.stringContaining('$50.00'),
    ]);
    expect(screen.getByTestId('trip-last-closing').textContent).toContain('por enviar');
    expect(screen.queryByTestId('trip-other')).toBeNull();
  });
});

describe('the trip after a closing and a withdrawal', () => {
  it('a trip that paid out more than it took in reads as owed to the promoter, in figures and words', async () => {
    await loggedInWithReplica('CO');
    await addRows(capture('m-out', 'movimiento.create', 'done', movimiento('100', false)));
    await getDeviceDb().facts.put({ key: 'seq', value: nextSeq });
    renderAt('/viaje');

    expect((await screen.findByTestId('trip-net')).textContent).toBe('$100.00');
    expect(screen.getByTestId('trip-net-label').textContent).toBe('La oficina debe al promotor');
    expect(screen.getByTestId('trip-net-words').textContent).toBe('cien pesos 00/100 M.N.');
    expect(screen.queryByText(/A entregar a la oficina/)).toBeNull();
  });

  it('shows what the office received of the last closing, and the difference, once synced', async () => {
    await loggedInWithReplica('PR');
    const answer: TripClosingAnswer = {
      id: 41,
      promotor: 3,
      nombre_promotor: 'Ana López',
      desde: null,
      cerrado_en: '2026-03-10T23:00:00.000Z',
      recibido_en: '2026-03-11T14:00:00.000Z',
      declarado: { pagos: '1890.00', aportaciones: '0.00', retiros: '0.00' },
      recibido: { pagos: '800.00', aportaciones: '0.00', retiros: '0.00' },
      capturas: 2,
      capturas_recibidas: 1,
      lineas: [],
    };
    const payload: ViajeClosePayload = {
      body: {
        desde: null,
        pagos: '1890.00',
        aportaciones: '0.00',
        retiros: '0.00',
        capturas: [
          { clave: 'p-a', tipo: 'pago', monto: '800.00', estado: 'enviado' },
          { clave: 'p-b', tipo: 'pago', monto: '1090.00', estado: 'pendiente' },
        ],
      },
      records: ['p-a', 'p-b'],
    };
    await addRows({ ...capture('close-1', 'viaje.close', 'done', payload), result: answer });
    await getDeviceDb().facts.put({ key: 'seq', value: nextSeq });
    // Since the closing, the refused $1,090.00 was corrected to $860.00 and accepted.
    installFakeFetch({
      'GET /api/cierres-viaje/mios/': () =>
        json([
          {
            ...answer,
            recibido: { pagos: '1660.00', aportaciones: '0.00', retiros: '0.00' },
            capturas_recibidas: 2,
            lineas: [
              {
                clave: 'p-b',
                tipo: 'pago',
                monto: '1090.00',
                estado: 'pendiente',
                recibido: '860.00',
                correcciones: [
                  {
                    clave: 'p-b2',
                    reemplaza: 'p-b',
                    aceptada: true,
                    tipo: 'pago',
                    monto: '860.00',
                    recibido_en: '2026-03-12T10:00:00.000Z',
                  },
                ],
              },
            ],
          },
        ]),
    });
    setOnline(true);
    renderAt('/viaje');

    // The closing's own answer first, then the server's figures of now.
    await waitFor(() =>
      expect(screen.getByTestId('trip-office-received').textContent).toBe('$1,660.00'),
    );
    expect(screen.getByTestId('trip-office-declared').textContent).toBe('$1,890.00');
    expect(screen.getByTestId('trip-office-difference').textContent).toBe('$230.00 falta');
    expect(screen.getByTestId('trip-office').textContent).toContain('Incluye 1 corrección.');
  });
});

describe('trip closings at the office', () => {
  const closing = (patch: Partial<TripClosingAnswer>): TripClosingAnswer => ({
    id: 1,
    promotor: 3,
    nombre_promotor: 'Ana López',
    desde: '2026-03-01T15:00:00.000Z',
    cerrado_en: '2026-03-10T23:00:00.000Z',
    recibido_en: '2026-03-11T14:00:00.000Z',
    declarado: { pagos: '1650.49', aportaciones: '200.25', retiros: '75.10' },
    recibido: { pagos: '1250.50', aportaciones: '200.25', retiros: '0.00' },
    capturas: 5,
    capturas_recibidas: 2,
    lineas: [],
    ...patch,
  });

  it('shows each closing declared beside received, the difference highlighted', async () => {
    await loggedInWithReplica('CO');
    installFakeFetch({
      'GET /api/cierres-viaje/': () =>
        json([
          closing({}),
          closing({
            id: 2,
            nombre_promotor: 'Rosa Gómez',
            cerrado_en: '2026-03-09T23:00:00.000Z',
            declarado: { pagos: '100.00', aportaciones: '0.00', retiros: '0.00' },
            recibido: { pagos: '100.00', aportaciones: '0.00', retiros: '0.00' },
            capturas: 1,
            capturas_recibidas: 1,
          }),
        ]),
    });
    setOnline(true);
    renderAt('/cierres-viaje');

    const table = await screen.findByRole('table');
    const rows = await within(table).findAllByRole('row');
    const ana = rows.find((r) => r.textContent?.includes('Ana López'))!;
    // Declared in: 1,650.49 + 200.25 = 1,850.74; received in: 1,250.50 + 200.25 = 1,450.75;
    // out 75.10 declared, 0 received: (1,850.74 − 75.10) − 1,450.75 = 324.89 missing.
    expect(ana.textContent).toContain('$1,850.74');
    expect(ana.textContent).toContain('$1,450.75');
    expect(ana.textContent).toContain('$75.10');
    expect(ana.textContent).toContain('2 / 5');
    expect(within(ana).getByTestId('closing-difference').textContent).toContain('$324.89 falta');
    const rosa = rows.find((r) => r.textContent?.includes('Rosa Gómez'))!;
    expect(within(rosa).queryByTestId('closing-difference')).toBeNull();
    expect(rosa.textContent).toContain('$0.00');
  });

  it('lists each correction under the closing that counts it', async () => {
    await loggedInWithReplica('CO');
    installFakeFetch({
      'GET /api/cierres-viaje/': () =>
        json([
          closing({
            declarado: { pagos: '1890.00', aportaciones: '0.00', retiros: '0.00' },
            recibido: { pagos: '1660.00', aportaciones: '0.00', retiros: '0.00' },
            capturas: 2,
            lineas: [
              {
                clave: 'k-1',
                tipo: 'pago',
                monto: '1090.00',
                estado: 'pendiente',
                recibido: '860.00',
                correcciones: [
                  {
                    clave: 'k-2',
                    reemplaza: 'k-1',
                    aceptada: false,
                    tipo: null,
                    monto: '900.00',
                    recibido_en: '2026-03-12T10:00:00.000Z',
                  },
                  {
                    clave: 'k-3',
                    reemplaza: 'k-2',
                    aceptada: true,
                    tipo: 'pago',
                    monto: '860.00',
                    recibido_en: '2026-03-12T11:00:00.000Z',
                  },
                ],
              },
            ],
          }),
        ]),
    });
    setOnline(true);
    renderAt('/cierres-viaje');

    const list = await screen.findByTestId('closing-corrections');
    expect(list.textContent).toContain('2 correcciones');
    expect(list.textContent).toContain('de la captura de $1,090.00 (Pendiente)');
    expect(list.textContent).toContain('Corrección rechazada: $900.00');
    expect(list.textContent).toContain('Corrección aceptada: $860.00');
  });
  it("opens the one closing the inbox's Abrir names, its corrections unfolded; then every closing", async () => {
    await loggedInWithReplica('CO');
    const correction = {
      clave: 'k-2',
      reemplaza: 'k-1',
      aceptada: true,
      tipo: 'pago' as const,
      monto: '860.00',
      recibido_en: '2026-03-12T11:00:00.000Z',
    };
    installFakeFetch({
      'GET /api/cierres-viaje/': () =>
        json([
          closing({
            lineas: [
              {
                clave: 'k-1',
                tipo: 'pago',
                monto: '1090.00',
                estado: 'rechazado',
                recibido: '860.00',
                correcciones: [correction],
              },
            ],
          }),
          closing({ id: 2, nombre_promotor: 'Rosa Gómez' }),
        ]),
    });
    setOnline(true);
    renderAt('/cierres-viaje?abrir=1');

    const table = await screen.findByRole('table');
    await within(table).findByText('Ana López');
    expect(within(table).queryByText('Rosa Gómez')).toBeNull();
    expect(screen.getByTestId('closing-corrections')).toHaveProperty('open', true);
    expect(screen.getByTestId('closing-opened').textContent).toContain(
      'Se muestra el cierre abierto desde la bandeja.',
    );

    await userEvent.setup().click(screen.getByRole('button', { name: 'Ver todos los cierres' }));
    await within(table).findByText('Rosa Gómez');
    expect(within(table).getByText('Ana López')).toBeTruthy();
    expect(screen.queryByTestId('closing-opened')).toBeNull();
  });
});
