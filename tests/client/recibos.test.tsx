/**
 * The member's receipt after a real login against a scripted server: made
 * offline the moment a contribution is confirmed, with the figures and words written out here;
 * shared as text (copied where there is no share sheet); void once the office refuses it; and
 * the corrected capture's new receipt names the one it replaces.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '#i18n/setup';
import { getDb } from '#db/database';
import { outboxItems } from '#sync/queries';
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

const CODE_SHOWN = /^[0-9ABCDEFGHJKMNPQRSTVWXYZ]{4}-[0-9ABCDEFGHJKMNPQRSTVWXYZ]{4}$/;

async function openForm(extra = {}) {
  const opened = await openApp(
    'CO',
    '/movimiento-formato',
    'Nuevo movimiento',
    { movimientos: MOVEMENTS },
    extra,
  );
  await screen.findByTestId('movimiento-save');
  await vi.waitFor(async () => expect(await getDb().movimientos.count()).toBe(2), {
    timeout: 10_000,
  });
  return opened;
}

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
  await confirmSend(ui);
}

const receipt = () => screen.findByTestId('receipt', {}, { timeout: 5000 });

describe('receipt of a capture', { timeout: 40_000 }, () => {
  it('is on screen offline at once, with the figures, the words and a code that travels', async () => {
    await openForm();
    setOnline(false);
    const ui = userEvent.setup();
    await captureContribution(ui, '500');

    const shown = await receipt();
    const view = within(shown);
    expect(view.getByTestId('receipt-member').textContent).toMatch(/^5 · \S/);
    expect(view.getByTestId('receipt-total').textContent).toBe('$500.00');
    expect(view.getByTestId('receipt-words').textContent).toBe('quinientos pesos 00/100 M.N.');
    // 800.00 before, this contribution still pending but counted, as everywhere on the phone.
    expect(view.getByTestId('receipt-after').textContent).toBe(
      'Saldo de ahorro después de este movimiento: $1,300.00 (por confirmar)',
    );
    await vi.waitFor(() =>
      expect(view.getByTestId('receipt-state').textContent).toBe(
        'Por confirmar: la oficina aún no lo recibe',
      ),
    );
    const code = view.getByTestId('receipt-code').textContent ?? '';
    expect(code).toMatch(CODE_SHOWN);

    const [queued] = await outboxItems();
    const body = (queued!.payload as { movimiento: Record<string, unknown> }).movimiento;
    expect(body.recibo_codigo).toBe(code.replace('-', ''));
    expect(body.recibo).toMatch(/^\d+-[0-9A-Z]{4}-0001$/);
    expect(body.recibo_reemplaza).toBeNull();
    expect(view.getByRole('heading', { name: `Recibo ${String(body.recibo)}` })).toBeTruthy();
  });

  it('is shared as text, copied where the phone has no share sheet', async () => {
    await openForm();
    setOnline(false);
    const ui = userEvent.setup();
    // jsdom has no share sheet; user-event gives it a clipboard, watched here.
    expect(navigator.share).toBeUndefined();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await captureContribution(ui, '250');
    const view = within(await receipt());
    await ui.click(view.getByTestId('receipt-share'));
    await view.findByText('Copiado: péguelo en un mensaje.');
    const text = String(writeText.mock.calls[0]?.[0]);
    expect(text).toContain('Total: $250.00');
    expect(text).toContain('doscientos cincuenta pesos 00/100 M.N.');
    expect(text).toContain(
      `Código de verificación: ${view.getByTestId('receipt-code').textContent}`,
    );
  });

  it('is void once the office refuses it; the corrected capture gets a new one naming it', async () => {
    let refuse = true;
    await openForm({
      'POST /api/movimientos/': () =>
        refuse
          ? json({ proceso: ['El socio 5 no está activo en el proceso Café.'] }, 400)
          : json(movimiento(90, 5, { monto: '300.00' }), 201),
    });
    const ui = userEvent.setup();
    await captureContribution(ui, '300');
    const first = within(await receipt());
    const firstNumber = first.getByRole('heading').textContent?.replace('Recibo ', '') ?? '';
    await vi.waitFor(
      () =>
        expect(first.getByTestId('receipt-state').textContent).toBe(
          'Recibo anulado: la oficina rechazó el registro',
        ),
      { timeout: 10_000 },
    );
    await ui.click(first.getByTestId('receipt-done'));

    // The form holds the refused capture: saving again sends its correction.
    refuse = false;
    await screen.findByText(
      'El socio 5 no está activo en el proceso Café.',
      {},
      { timeout: 10_000 },
    );
    await ui.click(screen.getByTestId('movimiento-save'));
    await confirmSend(ui);
    const second = within(await receipt());
    expect(second.getByTestId('receipt-replaces').textContent).toContain(
      `Sustituye al recibo ${firstNumber}, hecho el `,
    );
    expect(second.getByRole('heading').textContent).not.toBe(`Recibo ${firstNumber}`);
  });
});
