/**
 * A member's own receipts in its member view: the member (SO) sees every
 * receipt the server holds for it — a payment of its loan, a withdrawal, a collection — newest
 * first, and opens each in the receipt sheet (what, each amount, total, code, "received"); the
 * list stays readable offline once it has been downloaded.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '#i18n/setup';
import type { MemberReceipt } from '#domain/receipts';
import { useSpanish } from '#tests/helpers/i18n-test';
import { json } from './api-fake-fetch';
import { member, openSocios } from './socios-fixtures';
import { freshDevice, setOnline } from './sync-fixtures';

beforeEach(async () => {
  await useSpanish();
  await freshDevice();
});

afterEach(async () => {
  await freshDevice();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const base = {
  clave_socio: 6,
  nombres: 'Pedro López Cruz',
  recibo_reemplaza: null,
  credito: null,
  proceso: null,
  aportacion: null,
  abono_capital: null,
  interes_ord: null,
  interes_mor: null,
  kilos: null,
  promotor: 'Ana López',
};

const RECEIPTS: MemberReceipt[] = [
  {
    ...base,
    tipo: 'acopio',
    id: 9,
    recibo: '3-K7QM-0003',
    recibo_codigo: 'ACP00003',
    fecha: '2025-03-12',
    proceso: 'CF',
    total: '400.00',
    kilos: '35.50',
    capturado_en: '2025-03-12T16:00:00.000Z',
  },
  {
    ...base,
    tipo: 'movimiento',
    id: 8,
    recibo: '3-K7QM-0002',
    recibo_codigo: 'MVV00002',
    fecha: '2025-03-11',
    proceso: 'CF',
    aportacion: false,
    total: '150.00',
    capturado_en: '2025-03-11T16:00:00.000Z',
  },
  {
    ...base,
    tipo: 'pago',
    id: 7,
    recibo: '3-K7QM-0001',
    recibo_codigo: 'PAG00001',
    fecha: '2025-03-10',
    credito: 136,
    total: '1112.50',
    abono_capital: '1000.00',
    interes_ord: '112.50',
    interes_mor: '0.00',
    capturado_en: '2025-03-10T16:00:00.000Z',
  },
];

const items = () =>
  within(screen.getByTestId('member-receipts'))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('a member reads its own receipts', { timeout: 30_000 }, () => {
  it('payments, withdrawals and collections, each opening its receipt; offline too', async () => {
    let served = 0;
    const { router } = await openSocios(
      'SO',
      [member(6, { nombres: 'Pedro', apellido_paterno: 'López' })],
      {
        'GET /api/recibos/mios/': () => {
          served += 1;
          return json(RECEIPTS);
        },
      },
    );
    await waitFor(() => expect(items()).toHaveLength(3), { timeout: 10_000 });
    expect(items()).toEqual([
      'Recibo 3-K7QM-0003 · Acopio · 12 mar 2025 · $400.00 · Código de verificación: ACP0-0003',
      'Recibo 3-K7QM-0002 · Retiro · 11 mar 2025 · $150.00 · Código de verificación: MVV0-0002',
      'Recibo 3-K7QM-0001 · Pago de crédito · Crédito 136 · 10 mar 2025 · $1,112.50 · Código de verificación: PAG0-0001',
    ]);

    const ui = userEvent.setup();
    await ui.click(screen.getByRole('button', { name: /Recibo 3-K7QM-0001/ }));
    const sheet = within(await screen.findByTestId('receipt-sheet'));
    // The receipt view is loaded on first use.
    expect(
      await sheet.findByRole('heading', { name: 'Recibo 3-K7QM-0001' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(sheet.getByTestId('receipt-state').textContent).toBe('Recibido por la oficina');
    expect(sheet.getByTestId('receipt-member').textContent).toBe('6 · Pedro López Cruz');
    const amounts = sheet.getAllByRole('row').map((row) => row.textContent);
    expect(amounts).toEqual([
      'Abono a capital$1,000.00',
      'Interés ordinario$112.50',
      'Interés moratorio$0.00',
      'Total$1,112.50',
    ]);
    expect(sheet.getByTestId('receipt-code').textContent).toBe('PAG0-0001');
    expect(sheet.queryByTestId('receipt-after')).toBeNull();
    await ui.click(sheet.getByTestId('receipt-done'));
    await waitFor(() => expect(screen.queryByTestId('receipt-sheet')).toBeNull());

    // Offline, back on the screen later: the kept list still shows and opens.
    setOnline(false);
    await router.navigate('/inicio');
    await router.navigate('/socios');
    await waitFor(() => expect(items()).toHaveLength(3), { timeout: 10_000 });
    expect(served).toBe(1);
    await ui.click(screen.getByRole('button', { name: /Recibo 3-K7QM-0002/ }));
    const withdrawal = within(await screen.findByTestId('receipt-sheet'));
    expect(await withdrawal.findByText('Retiro · Café')).toBeTruthy();
    expect(withdrawal.getByTestId('receipt-total').textContent).toBe('$150.00');
    await ui.click(withdrawal.getByTestId('receipt-done'));
    await waitFor(() => expect(screen.queryByTestId('receipt-sheet')).toBeNull());

    // A collection's receipt: product, kilos and income.
    await ui.click(screen.getByRole('button', { name: /Recibo 3-K7QM-0003/ }));
    const collection = within(await screen.findByTestId('receipt-sheet'));
    expect(await collection.findByText('Acopio · Café')).toBeTruthy();
    expect(collection.getByTestId('receipt-kilos').textContent).toBe('35.5 kg');
    expect(collection.getByText('Ingreso').nextElementSibling?.textContent).toBe('$400.00');
  });
});
