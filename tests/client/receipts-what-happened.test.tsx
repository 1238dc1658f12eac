/**
 * Receipts that say what happened, after a real login against a scripted server: a void
 * receipt shows no balance; "por confirmar" goes once the office has the record; a collection's
 * receipt shows product, kilos and income; /recibos marks void and replaced receipts; a
 * correction's receipt carries its own issue time and names when the one it replaces was made;
 * a coordinator's receipt says a coordinator captured it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '#i18n/setup';
import { getDb } from '#db/database';
import { formatDateTime } from '#domain/format';
import { receiptByNumber } from '#commands/receipts';
import { closeReceipt } from '#ui/receipt-store.ts';
import { useSpanish } from '#tests/helpers/i18n-test';
import { json } from './api-fake-fetch';
import { confirmSend, movimiento, openApp, type Ui } from './acopios-fixtures';
import { freshDevice, setOnline } from './sync-fixtures';

beforeEach(async () => {
  await useSpanish();
  await freshDevice();
});

afterEach(async () => {
  closeReceipt();
  await freshDevice();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Member 5 has 1000.00 in and 200.00 out: balance 800.00. */
const MOVEMENTS = [
  movimiento(31, 5, { monto: '1000.00', fecha_entrega: '2025-01-05' }),
  movimiento(32, 5, {
    monto: '200.00',
    aportacion: false,
    tipo_de_movimiento: 'BA',
    fecha_banco: '2025-02-01',
    referencia_banco: 'B77',
    fecha_entrega: '2025-02-01',
  }),
];

async function captureContribution(ui: Ui, monto: string) {
  const key = screen.getByRole('textbox', { name: /^Clave de socio/ });
  await ui.clear(key);
  await ui.type(key, '5');
  await screen.findByTestId('member-found', {}, { timeout: 10_000 });
  await ui.click(
    within(screen.getByRole('group', { name: /^Proceso/ })).getByRole('button', {
      name: /^Café/,
    }),
  );
  const amount = screen.getByRole('textbox', { name: /^Monto/ });
  await ui.clear(amount);
  await ui.type(amount, monto);
  await ui.selectOptions(screen.getByRole('combobox', { name: /^Tipo de movimiento/ }), 'EF');
  await ui.click(screen.getByTestId('movimiento-save'));
  // Online: the confirmation names the kind and says the capture is saved and sent.
  const dialog = within(await screen.findByRole('alertdialog'));
  expect(dialog.getByRole('heading', { name: 'Confirmar movimiento' })).toBeTruthy();
  expect(dialog.queryByRole('button', { name: 'Sí, enviar' })).toBeNull();
  await ui.click(dialog.getByRole('button', { name: 'Guardar y enviar' }));
}

const receipt = () => screen.findByTestId('receipt', {}, { timeout: 5000 });
const numberOf = (view: ReturnType<typeof within>) =>
  view.getByRole('heading').textContent?.replace('Recibo ', '') ?? '';

describe('receipts that say what happened', { timeout: 60_000 }, () => {
  it('void: no balance; the correction names the refused one and its time, and loses "por confirmar" once received', async () => {
    let refuse = true;
    const { router } = await openApp(
      'CO',
      '/movimiento-formato',
      'Nuevo movimiento',
      { movimientos: MOVEMENTS },
      {
        'POST /api/movimientos/': () =>
          refuse
            ? json({ proceso: ['El socio 5 no está activo en el proceso Café.'] }, 400)
            : json(movimiento(90, 5, { monto: '300.00' }), 201),
      },
    );
    await screen.findByTestId('movimiento-save');
    await vi.waitFor(async () => expect(await getDb().movimientos.count()).toBe(2), {
      timeout: 10_000,
    });
    const ui = userEvent.setup();
    await captureContribution(ui, '300');
    const first = within(await receipt());
    const firstNumber = numberOf(first);
    // Captured by a coordinator: the receipt says so.
    expect(first.getByTestId('receipt-captured-by').textContent).toMatch(/ · Coordinador$/);
    await vi.waitFor(
      () =>
        expect(first.getByTestId('receipt-state').textContent).toBe(
          'Recibo anulado: la oficina rechazó el registro',
        ),
      { timeout: 10_000 },
    );
    // Nothing was paid in: no balance after it, to confirm or otherwise.
    expect(first.queryByTestId('receipt-after')).toBeNull();
    await ui.click(first.getByTestId('receipt-done'));

    refuse = false;
    await screen.findByText(
      'El socio 5 no está activo en el proceso Café.',
      {},
      { timeout: 10_000 },
    );
    await ui.click(screen.getByTestId('movimiento-save'));
    await confirmSend(ui);
    const second = within(await receipt());
    const secondNumber = numberOf(second);
    const refused = await receiptByNumber(firstNumber);
    const corrected = await receiptByNumber(secondNumber);
    expect(refused).not.toBeNull();
    expect(corrected).not.toBeNull();
    // Its own issue time, after the refused one's; it names when the refused one was made.
    expect(Date.parse(corrected!.issuedAt)).toBeGreaterThan(Date.parse(refused!.issuedAt));
    expect(corrected!.replacesIssuedAt).toBe(refused!.issuedAt);
    expect(second.getByTestId('receipt-replaces').textContent).toBe(
      `Sustituye al recibo ${firstNumber}, hecho el ${formatDateTime(refused!.issuedAt, 'es')}`,
    );
    // Received by the office: 800.00 + 300.00, no longer "por confirmar".
    await vi.waitFor(
      () => expect(second.getByTestId('receipt-state').textContent).toBe('Recibido por la oficina'),
      { timeout: 10_000 },
    );
    expect(second.getByTestId('receipt-after').textContent).toBe(
      'Saldo de ahorro después de este movimiento: $1,100.00',
    );
    await ui.click(second.getByTestId('receipt-done'));

    // The phone's list marks the refused receipt void, replaced by the correction's.
    await router.navigate('/recibos');
    const list = await screen.findByTestId('receipts-list');
    await vi.waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    const marks = within(list).getAllByTestId('receipt-list-mark');
    expect(marks.map((m) => m.textContent)).toEqual([`Anulado: lo sustituye ${secondNumber}`]);
    expect(marks[0]!.closest('li')!.textContent).toContain(firstNumber);
  });

  it("a coffee collection's receipt shows product, kilos and income", async () => {
    await openApp('PR', '/acopio-formato', 'Nuevo acopio', {}, {});
    await screen.findByTestId('acopio-save');
    await vi.waitFor(async () => expect(await getDb().socios.count()).toBe(4), {
      timeout: 10_000,
    });
    setOnline(false);
    const ui = userEvent.setup();
    const key = screen.getByRole('textbox', { name: /^Clave de socio/ });
    await ui.type(key, '5');
    await screen.findByTestId('member-found', {}, { timeout: 10_000 });
    await ui.click(
      within(screen.getByRole('group', { name: /^Producto/ })).getByRole('button', {
        name: /^Café/,
      }),
    );
    await ui.type(screen.getByRole('textbox', { name: /^Kilos/ }), '1234.5');
    await ui.type(screen.getByRole('textbox', { name: /^Ingreso/ }), '2,500.75');
    await ui.click(screen.getByTestId('acopio-save'));
    // Offline: kept on the phone, and the button says so.
    const dialog = within(await screen.findByRole('alertdialog'));
    expect(dialog.getByRole('heading', { name: 'Confirmar acopio' })).toBeTruthy();
    await ui.click(dialog.getByRole('button', { name: 'Guardar en el teléfono' }));
    const view = within(await receipt());
    expect(view.getByText('Acopio · Café')).toBeTruthy();
    expect(view.getByTestId('receipt-kilos').textContent).toBe('1,234.5 kg');
    expect(view.getByText('Ingreso').nextElementSibling?.textContent).toBe('$2,500.75');
    expect(view.getByTestId('receipt-total').textContent).toBe('$2,500.75');
  });
});
