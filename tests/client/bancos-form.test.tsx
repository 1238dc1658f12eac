/**
 * /banco-form: the selected rows' sum compared live with the amount, the
 * three reference warnings, the bank reference upper-cased on leaving the field, the booking
 * posted with one Idempotency-Key (kept for a retry), server errors under their fields, the
 * success message with "Terminar", cancel blocked once booked, and the offline message.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '#i18n/setup';
import { useSpanish } from '#tests/helpers/i18n-test';
import { json } from './api-fake-fetch';
import { bankHandlers, openBankScreen } from './bancos-fixtures';
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

type Ui = ReturnType<typeof userEvent.setup>;

/** Tick the row that shows `text`. */
async function pick(ui: Ui, text: string) {
  const row = (await screen.findByText(text)).closest('tr')!;
  await ui.click(within(row).getByRole('checkbox'));
}

const input = (label: RegExp) => screen.getByRole('textbox', { name: label });

async function typeInto(ui: Ui, label: RegExp, value: string) {
  const field = input(label);
  await ui.clear(field);
  await ui.type(field, value);
  fireEvent.blur(field);
}

const messageOf = (control: HTMLElement) =>
  control.closest('.field')?.querySelector('.field-message')?.textContent ?? null;

const warnings = () =>
  screen.queryByTestId('bank-warnings')
    ? within(screen.getByTestId('bank-warnings'))
        .getAllByRole('listitem')
        .map((li) => li.textContent)
    : [];

async function openForm(extra = {}) {
  const opened = await openBankScreen('/banco-form', bankHandlers(extra));
  await screen.findByText('Socia 11');
  return opened;
}

describe('live checks', () => {
  it('compares the sum of the selected rows with the amount and marks a mismatch invalid', async () => {
    const ui = userEvent.setup();
    await openForm();
    await pick(ui, 'Socia 11');
    await typeInto(ui, /^Cantidad/, '150');

    const sum = screen.getByTestId('bank-sum');
    expect(sum.dataset.state).toBe('mismatch');
    expect(sum.textContent).toContain('No coincide con la cantidad');
    await waitFor(() =>
      expect(messageOf(input(/^Cantidad/))).toBe(
        'La suma de lo seleccionado ($100.00) no coincide con la cantidad ($150.00)',
      ),
    );
    expect(input(/^Cantidad/).getAttribute('aria-invalid')).toBe('true');

    // One more row makes 150.50: still off by 0.50, checked again at once.
    await pick(ui, 'Socia 12');
    await waitFor(() =>
      expect(messageOf(input(/^Cantidad/))).toBe(
        'La suma de lo seleccionado ($150.50) no coincide con la cantidad ($150.00)',
      ),
    );
    await typeInto(ui, /^Cantidad/, '150.50');
    expect(screen.getByTestId('bank-sum').dataset.state).toBe('match');
    await waitFor(() => expect(messageOf(input(/^Cantidad/))).toBeNull());
  });

  it('warns about a row without reference, one differing reference, and differing references', async () => {
    const ui = userEvent.setup();
    await openForm();

    await pick(ui, 'Socia 12'); // no reference
    expect(warnings()).toEqual(['No tienes referencias previas capturadas']);
    await pick(ui, 'Socia 12'); // unselect

    await pick(ui, 'Socia 11'); // DEP1
    await typeInto(ui, /^Referencia bancaria/, 'DEP9');
    expect(warnings()).toEqual([
      'La referencia capturada es distinta de la del registro seleccionado',
    ]);
    await typeInto(ui, /^Referencia bancaria/, 'DEP1');
    expect(warnings()).toEqual([]);

    await pick(ui, 'Socia 13'); // DEP2 beside DEP1
    expect(warnings()).toEqual(['Los registros seleccionados tienen referencias distintas']);
  });

  it('the first warning reads in English as the spec words it', async () => {
    const { i18n } = await import('#tests/helpers/i18n-test');
    await i18n.changeLanguage('en');
    const ui = userEvent.setup();
    await openBankScreen('/banco-form', bankHandlers());
    await pick(ui, 'Socia 12');
    expect(warnings()).toEqual(['You do not have previous references captured']);
  });

  it('upper-cases the bank reference on leaving the field, and refuses symbols', async () => {
    const ui = userEvent.setup();
    await openForm();
    const field = input(/^Referencia bancaria/);
    await ui.type(field, 'dep 12a');
    expect((field as HTMLInputElement).value).toBe('dep 12a');
    fireEvent.blur(field);
    expect((field as HTMLInputElement).value).toBe('DEP 12A');
    await waitFor(() => expect(messageOf(field)).toBe('Sólo pueden ser números o letras'));
    await typeInto(ui, /^Referencia bancaria/, 'dep12a');
    expect((input(/^Referencia bancaria/) as HTMLInputElement).value).toBe('DEP12A');
    await waitFor(() => expect(messageOf(input(/^Referencia bancaria/))).toBeNull());
  });
});

describe('booking', () => {
  async function fillPayments(ui: Ui) {
    await ui.click(screen.getByTestId('bank-tab-Pagos'));
    await pick(ui, 'Socio 21');
    await pick(ui, 'Socio 22');
    await typeInto(ui, /^Referencia bancaria/, 'pago1');
    await typeInto(ui, /^Cantidad/, '500');
  }

  async function confirm(ui: Ui) {
    await ui.click(screen.getByTestId('bank-save'));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('PAGO1');
    await ui.click(within(dialog).getByRole('button', { name: 'Sí, enviar' }));
  }

  it('posts the payload once with an Idempotency-Key, reused when the answer was lost', async () => {
    let attempts = 0;
    const created = {
      registros_nvos: 2,
      movimientoBanco: {
        id: 9,
        referencia_banco: 'PAGO1',
        fecha: '2026-01-10',
        cantidad: '500.00',
        referencia_alf: null,
        tipo: 'Pagos',
        ingr_egr: true,
        usuario: 3,
        nombre_usuario: 'Luis Pérez',
        fecha_captura: '2026-01-10T16:30:00.000Z',
      },
    };
    const ui = userEvent.setup();
    const { api, router } = await openForm({
      'POST /api/mov-bancos/': () => {
        attempts += 1;
        if (attempts === 1) throw new TypeError('connection reset');
        return json(created, 201);
      },
    });
    await fillPayments(ui);
    await confirm(ui);
    // The first answer never came: nothing booked on screen, the form is still there.
    await waitFor(() => expect(attempts).toBe(1));
    expect(screen.queryByTestId('bank-booked')).toBeNull();

    await confirm(ui);
    const booked = await screen.findByTestId('bank-booked');
    expect(booked.querySelector('p')?.textContent).toBe(
      'Movimiento bancario PAGO1 registrado: 2 registro(s) contable(s) creado(s).',
    );
    const posts = api.calls('POST', '/api/mov-bancos/');
    expect(posts).toHaveLength(2);
    expect(posts[0]!.body).toEqual({
      referencia_banco: 'PAGO1',
      fecha: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      cantidad: '500.00',
      referencia_alf: null,
      dataType: 'Pagos',
      selectedItems: [21, 22],
      ingrEgr: null,
    });
    const key = posts[0]!.headers.get('Idempotency-Key');
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts[1]!.headers.get('Idempotency-Key')).toBe(key);
    expect(posts[1]!.body).toEqual(posts[0]!.body);

    // Once booked there is no cancelling; "Terminar" goes back to /bancos.
    expect(within(booked).getByTestId('bank-cancel').hasAttribute('disabled')).toBe(true);
    await ui.click(within(booked).getByTestId('bank-finish'));
    expect(router.state.location.pathname).toBe('/bancos');
  });

  it('shows the server field errors: reference under its field, item problems in the banner', async () => {
    const ui = userEvent.setup();
    await openForm({
      'POST /api/mov-bancos/': () =>
        json(
          {
            referencia_banco: ['La referencia bancaria PAGO1 ya está registrada.'],
            selectedItems: ['El pago 21 ya está conciliado con un registro contable.'],
          },
          400,
        ),
    });
    await fillPayments(ui);
    await confirm(ui);
    expect(
      await screen.findByText('El pago 21 ya está conciliado con un registro contable.'),
    ).toBeTruthy();
    expect(messageOf(input(/^Referencia bancaria/))).toBe(
      'La referencia bancaria PAGO1 ya está registrada.',
    );
    expect(screen.queryByTestId('bank-booked')).toBeNull();
  });

  it('Otros: the sub-account shows accounting id and name, and both choices are required', async () => {
    const ui = userEvent.setup();
    const { api } = await openForm({
      'POST /api/mov-bancos/': () =>
        json(
          {
            registros_nvos: 1,
            movimientoBanco: {
              id: 3,
              referencia_banco: 'COM1',
              fecha: '2026-01-10',
              cantidad: '25.00',
              referencia_alf: null,
              tipo: 'Otros',
              ingr_egr: false,
              usuario: 3,
              nombre_usuario: 'Luis Pérez',
              fecha_captura: '2026-01-10T16:31:00.000Z',
            },
          },
          201,
        ),
    });
    await ui.click(screen.getByTestId('bank-tab-Otros'));
    const subcuenta = screen.getByRole('combobox', { name: /^Subcuenta/ });
    expect(
      within(subcuenta).getByRole('option', { name: '5201-01 Comisiones bancarias' }),
    ).toBeTruthy();
    await typeInto(ui, /^Referencia bancaria/, 'COM1');
    await typeInto(ui, /^Cantidad/, '25');
    await ui.click(screen.getByTestId('bank-save'));
    expect(messageOf(subcuenta)).toBe('Selecciona exactamente una subcuenta');
    expect(messageOf(screen.getByRole('combobox', { name: /^Ingreso o egreso/ }))).toBe(
      'Campo requerido',
    );
    await ui.selectOptions(subcuenta, '40');
    await ui.selectOptions(screen.getByRole('combobox', { name: /^Ingreso o egreso/ }), 'EG');
    await ui.click(screen.getByTestId('bank-save'));
    await ui.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sí, enviar' }),
    );
    await screen.findByTestId('bank-booked');
    expect(api.calls('POST', '/api/mov-bancos/')[0]!.body).toMatchObject({
      dataType: 'Otros',
      selectedItems: [40],
      ingrEgr: false,
      cantidad: '25.00',
    });
  });

  it('a visitor sees the lists but cannot save', async () => {
    await openBankScreen('/banco-form', bankHandlers(), 'VI');
    await screen.findByText('Socia 11');
    expect(screen.getByTestId('bank-save').hasAttribute('disabled')).toBe(true);
    expect(
      screen.getByText('Tu rol puede consultar, pero no registrar movimientos bancarios.'),
    ).toBeTruthy();
  });
});

describe('without a connection', () => {
  it('says the screen needs a connection and asks the server nothing', async () => {
    setOnline(false);
    const { api } = await openBankScreen('/banco-form', bankHandlers());
    expect(screen.getByTestId('bank-offline').textContent).toContain(
      'Esta pantalla necesita conexión.',
    );
    expect(api.seen).toHaveLength(0);
    expect(screen.queryByTestId('bank-save')).toBeNull();
  });
});
