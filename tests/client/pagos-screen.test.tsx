import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '#i18n/setup';
import type { PaymentReplicaRow } from '#domain/credit-replica';
import { getDb } from '#db/database';
import { outboxItems } from '#sync/queries';
import { useSpanish } from '#tests/helpers/i18n-test';
import { pagoExportRows } from '#features/pagos/export-pagos-button.tsx';
import { json } from './api-fake-fetch';
import { freshDevice, setOnline } from './sync-fixtures';
import { openApp, payment, PAYMENTS } from './pagos-fixtures';

beforeEach(async () => {
  await useSpanish();
  await freshDevice();
});

afterEach(async () => {
  await freshDevice();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

type Ui = ReturnType<typeof userEvent.setup>;

const openList = (role: 'PR' | 'CO' | 'VI', options = {}) =>
  openApp(role, '/pagos', { heading: 'Pagos', ...options });

const table = () => screen.getByRole('table', { name: 'Pagos' });

async function rowsShown(n: number) {
  const dataRows = () =>
    within(table())
      .getAllByRole('row')
      .slice(1)
      .filter((r) => !r.querySelector('.dt-empty'));
  await vi.waitFor(() => expect(dataRows()).toHaveLength(n), { timeout: 5000 });
  return dataRows();
}

async function openPayment(ui: Ui, id: string) {
  const rows = await rowsShown(2);
  const row = rows.find((r) => within(r).getAllByRole('cell')[0]!.textContent === id)!;
  await ui.click(within(row).getAllByRole('cell')[3]!);
  return screen.findByRole('dialog');
}

describe('payments list', { timeout: 30_000 }, () => {
  it('shows the replica payments newest first with type, name and region', async () => {
    await openList('PR');
    await rowsShown(2);
    // The region waits in the columns chooser (the default set fits a desk screen).
    const ui = userEvent.setup();
    await ui.click(screen.getByTestId('dt-columns'));
    await ui.click(screen.getByRole('checkbox', { name: 'Región' }));
    await ui.click(screen.getByTestId('dt-columns'));
    const rows = await rowsShown(2);
    const cells = rows.map((r) =>
      within(r)
        .getAllByRole('cell')
        .slice(0, 7)
        .map((c) => c.textContent),
    );
    expect(cells).toEqual([
      ['31', '12', 'Microcrédito', 'Juana Gómez Cruz', 'Región 1', '15 mar 2025', '$1,000.00'],
      ['32', '20', 'Fondo común', 'Rosa Álvarez', 'Región 1', '20 feb 2025', '$200.00'],
    ]);
  });

  it('a promoter may capture but not export; a visitor may export but not capture', async () => {
    await openList('PR');
    await rowsShown(2);
    expect(screen.getByTestId('pago-new')).toBeTruthy();
    expect(screen.queryByTestId('pagos-export')).toBeNull();
    await freshDevice();
    await openList('VI');
    await rowsShown(2);
    expect(screen.getByTestId('pagos-export')).toBeTruthy();
    expect(screen.queryByTestId('pago-new')).toBeNull();
  });

  it('the new-payment button opens the payment form', async () => {
    const ui = userEvent.setup();
    const { router } = await openList('CO');
    await ui.click(await screen.findByTestId('pago-new'));
    expect(router.state.location.pathname).toBe('/pago-formato');
  });

  it('the export lists the numbered payments newest first, leaving out captures not sent yet', () => {
    const local: PaymentReplicaRow = { ...payment(0, 12), id: 'a-uuid', _localId: 'a-uuid' };
    const rows = pagoExportRows([PAYMENTS[1]!, local, PAYMENTS[0]!]);
    expect(rows.map((r) => r.id)).toEqual([31, 32]);
  });
});

describe('payment detail and bank data', { timeout: 30_000 }, () => {
  it('a payment with a bank date shows it and offers no edit', async () => {
    const ui = userEvent.setup();
    await openList('CO');
    const dialog = await openPayment(ui, '32');
    expect(within(dialog).getByRole('heading', { name: 'Pago 32' })).toBeTruthy();
    expect(within(dialog).getByTestId('pago-fecha-banco').textContent).toBe('21 feb 2025');
    expect(within(dialog).getByText('DEP77')).toBeTruthy();
    expect(within(dialog).queryByTestId('pago-bank-edit')).toBeNull();
  });

  it('while the bank date is empty it can be filled in: PATCH, then "Se editó el pago 31 con éxito"', async () => {
    const ui = userEvent.setup();
    const { api } = await openList('PR', {
      extra: {
        'PATCH /api/pagos/31.json': (request: { body: unknown }) =>
          json({ ...payment(31, 12), ...(request.body as object) }),
      },
    });
    const dialog = await openPayment(ui, '31');
    expect(within(dialog).getByText('Deuda total antes del pago')).toBeTruthy();
    await ui.click(within(dialog).getByTestId('pago-bank-edit'));

    // Both are required for a payment.
    await ui.click(within(dialog).getByTestId('pago-bank-save'));
    expect(await within(dialog).findAllByText('Campo requerido')).toHaveLength(2);

    const date = within(dialog).getByLabelText(/^Fecha de banco/);
    fireEvent.change(date, { target: { value: '2025-03-16' } });
    fireEvent.blur(date);
    await ui.type(within(dialog).getByRole('textbox', { name: /^Referencia de banco/ }), 'DEP-31');
    await ui.click(within(dialog).getByTestId('pago-bank-save'));
    await ui.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sí, enviar' }),
    );

    const alert = await screen.findByTestId('pagos-alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toContain('Se editó el pago 31 con éxito');
    expect(screen.queryByRole('dialog')).toBeNull();
    const [patch] = api.calls('PATCH', '/api/pagos/31.json');
    expect(patch!.body).toEqual({ fecha_banco: '2025-03-16', referencia_banco: 'DEP-31' });
    expect(patch!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await getDb().pagos.get(31)).toMatchObject({
      fecha_banco: '2025-03-16',
      referencia_banco: 'DEP-31',
    });

    // Now that it has a bank date, the edit is gone.
    const again = await openPayment(ui, '31');
    expect(within(again).queryByTestId('pago-bank-edit')).toBeNull();
  });

  it('offline, the bank edit waits in the contract chain and shows at once as pending', async () => {
    const ui = userEvent.setup();
    await openList('PR');
    await rowsShown(2);
    setOnline(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    const dialog = await openPayment(ui, '31');
    await ui.click(within(dialog).getByTestId('pago-bank-edit'));
    const date = within(dialog).getByLabelText(/^Fecha de banco/);
    fireEvent.change(date, { target: { value: '2025-03-16' } });
    fireEvent.blur(date);
    await ui.type(within(dialog).getByRole('textbox', { name: /^Referencia de banco/ }), 'DEP-31');
    await ui.click(within(dialog).getByTestId('pago-bank-save'));
    await ui.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sí, enviar' }),
    );
    const alert = await screen.findByTestId('pagos-alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toContain('se enviará al conectarse');
    const [row] = await outboxItems();
    expect(row).toMatchObject({ kind: 'pago.bank', chainKey: 'credito-12', recordId: 'pago-31' });
    const rows = await rowsShown(2);
    expect(within(rows[0]!).getByText('pendiente de enviar')).toBeTruthy();
  });
});
