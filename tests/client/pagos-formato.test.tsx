import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '#i18n/setup';
import { getDb } from '#db/database';
import { outboxItems } from '#sync/queries';
import { setSelection } from '#ui/selection-store.ts';
import { useSpanish } from '#tests/helpers/i18n-test';
import { json } from './api-fake-fetch';
import { freshDevice, setOnline } from './sync-fixtures';
import { openApp, payment } from './pagos-fixtures';

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

const openForm = (role: 'PR' | 'CO' | 'VI' = 'PR', options = {}) =>
  openApp(role, '/pago-formato', { heading: 'Registrar pago', ...options });

const field = (name: RegExp) => screen.getByRole('textbox', { name });

function setDate(label: RegExp, value: string) {
  const input = screen.getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

/** The message shown under a control (its field's), or null. */
function messageOf(control: HTMLElement): string | null {
  return control.closest('.field')?.querySelector('.field-message')?.textContent ?? null;
}

async function typeParts(ui: Ui, capital: string, ordinary: string, late: string) {
  for (const [name, value] of [
    [/^Abono a capital/, capital],
    [/^Interés ordinario/, ordinary],
    [/^Interés moratorio/, late],
  ] as const) {
    const input = field(name);
    await ui.clear(input);
    await ui.type(input, value);
    fireEvent.blur(input);
  }
}

/** Wait until the first pull has put the contracts in the replica. */
async function replicaReady(n = 3) {
  await vi.waitFor(async () => expect(await getDb().contratos.count()).toBe(n), {
    timeout: 5000,
  });
}

async function lookUp(ui: Ui, folio: string, date: string) {
  const credito = field(/^Folio del crédito/);
  await ui.clear(credito);
  if (folio) await ui.type(credito, folio);
  setDate(/^Fecha de pago/, date);
  await ui.click(screen.getByTestId('debt-lookup'));
}

const cents = (testId: string) => Number(screen.getByTestId(testId).getAttribute('data-cents'));

/** The confirmation names the kind, and its button what this tap does (sent, or kept). */
async function confirm(ui: Ui) {
  const dialog = within(await screen.findByRole('alertdialog'));
  expect(dialog.getByRole('heading', { name: 'Confirmar pago' })).toBeTruthy();
  await ui.click(
    dialog.getByRole('button', {
      name: navigator.onLine ? 'Guardar y enviar' : 'Guardar en el teléfono',
    }),
  );
}

describe('payment form: amount and debt lookup', { timeout: 30_000 }, () => {
  it('the amount is the sum of the three parts and is invalid at 0', async () => {
    const ui = userEvent.setup();
    await openForm();
    await typeParts(ui, '0', '0', '0');
    const amount = screen.getByTestId('pago-cantidad');
    await vi.waitFor(() => expect(messageOf(amount)).toBe('el número debe ser mayor a 0.01'));
    expect(amount.textContent).toBe('$0.00');

    await typeParts(ui, '150.5', '20.25', '0');
    await vi.waitFor(() => expect(messageOf(amount)).toBeNull());
    expect(amount.textContent).toBe('$170.75');
    expect(amount.getAttribute('data-cents')).toBe('17075');

    // A payment of 0 cannot be saved: the form stops on the amount.
    await typeParts(ui, '0', '0', '0');
    await ui.click(screen.getByTestId('pago-save'));
    expect(await screen.findByText('el número debe ser mayor a 0.01')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(await outboxItems()).toHaveLength(0);
  });

  it('"1,000", "$1,000" and "1,000.50" are a thousand pesos; "1.000,50" asks for the expected format', async () => {
    const ui = userEvent.setup();
    await openForm();
    const amount = screen.getByTestId('pago-cantidad');
    await typeParts(ui, '1,000', '$1,000', '1,000.50');
    await vi.waitFor(() => expect(amount.getAttribute('data-cents')).toBe(String(300_050)));
    expect(amount.textContent).toBe('$3,000.50');
    expect(messageOf(field(/^Abono a capital/))).toBeNull();
    expect(messageOf(field(/^Interés ordinario/))).toBeNull();

    await typeParts(ui, '1.000,50', '0', '0');
    await vi.waitFor(() =>
      expect(messageOf(field(/^Abono a capital/))).toBe(
        'Escriba la cantidad así: 1,000.50 (comas para los miles, punto antes de los centavos)',
      ),
    );
  });

  it('looking up without a numeric loan or a valid date alerts, as the spec says', async () => {
    const ui = userEvent.setup();
    await openForm();
    await lookUp(ui, '', '2025-05-01');
    expect((await screen.findByTestId('debt-lookup-alert')).textContent).toBe(
      'Incluye crédito y fecha válida para buscar datos de deuda',
    );
    expect(screen.queryByTestId('debt-panel')).toBeNull();
  });

  it('offline, the lookup gives the hand-computed fixed-rate debt of an overdue loan', async () => {
    const ui = userEvent.setup();
    await openForm();
    await replicaReady();
    setOnline(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    // Contract 12: 10,000.00 at 2.5 % a month (late 5 %), 6 months from 2025-01-15, one
    // payment of 500 capital + 500 interest on 2025-03-15. On 2025-09-20, 8 whole months:
    // ordinary 10,000 × 2.5 % × 8 = 2,000 − 500 paid = 1,500; late 10,000 × 5 % × (8 − 6) =
    // 1,000; capital 9,500; total 12,000.
    await lookUp(ui, '12', '2025-09-20');
    await screen.findByTestId('debt-panel');
    expect(cents('debt-capital')).toBe(950000);
    expect(cents('debt-ordinario')).toBe(150000);
    expect(cents('debt-moratorio')).toBe(100000);
    expect(cents('debt-total')).toBe(1200000);
    expect(cents('debt-abonado')).toBe(100000);
    expect(screen.getByTestId('debt-status').textContent).toBe('Vencido');
    expect(screen.getByTestId('debt-total').textContent).toBe('$12,000.00');

    // "Llenar con la deuda total" puts the debt in the three parts.
    await ui.click(screen.getByTestId('debt-fill'));
    expect((field(/^Abono a capital/) as HTMLInputElement).value).toBe('9500.00');
    expect((field(/^Interés ordinario/) as HTMLInputElement).value).toBe('1500.00');
    expect((field(/^Interés moratorio/) as HTMLInputElement).value).toBe('1000.00');
    expect(screen.getByTestId('pago-cantidad').textContent).toBe('$12,000.00');
  });

  it('offline, a variable-rate debt is truncated to cents, never rounded up', async () => {
    const ui = userEvent.setup();
    await openForm();
    await replicaReady();
    setOnline(false);
    // Contract 14: 1,000.00 at 3 % a month, variable: 30 days × 3 × 12 / 365 % = 2.9589… %
    // → 29.589… → 29.58 of ordinary interest.
    await lookUp(ui, '14', '2025-01-31');
    await screen.findByTestId('debt-panel');
    expect(cents('debt-capital')).toBe(100000);
    expect(cents('debt-ordinario')).toBe(2958);
    expect(cents('debt-moratorio')).toBe(0);
    expect(cents('debt-total')).toBe(102958);
    expect(screen.getByTestId('debt-status').textContent).toBe('Vigente');
  });

  it('a date before the start or a loan not on the phone is answered quietly', async () => {
    const ui = userEvent.setup();
    await openForm();
    await replicaReady();
    await lookUp(ui, '12', '2025-01-01');
    expect((await screen.findByTestId('debt-none')).textContent).toBe(
      'La fecha 2025-01-01 es anterior al inicio del crédito (2025-01-15)',
    );
    await lookUp(ui, '99', '2025-05-01');
    await vi.waitFor(() =>
      expect(screen.getByTestId('debt-none').textContent).toContain(
        'El crédito 99 no está en este teléfono',
      ),
    );
  });

  it('the search popup lists loans and shared funds in two tabs and fills the folio', async () => {
    const ui = userEvent.setup();
    await openForm();
    await replicaReady();
    await ui.click(screen.getByTestId('pago-folio-search'));
    const dialog = await screen.findByRole('dialog', { name: 'Buscar crédito' });
    const listed = () =>
      within(dialog)
        .queryAllByTestId('picker-contract')
        .map((b) => b.querySelector('.member-picker-key')!.textContent);
    expect(listed()).toEqual(['12', '14']);
    await ui.click(within(dialog).getByRole('tab', { name: 'Fondos comunes' }));
    expect(listed()).toEqual(['20']);
    await ui.click(within(dialog).getByRole('tab', { name: 'Préstamos' }));
    await ui.type(within(dialog).getByRole('searchbox'), 'pedro');
    await vi.waitFor(() => expect(listed()).toEqual(['14']));
    await ui.click(within(dialog).getByTestId('picker-contract'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((field(/^Folio del crédito/) as HTMLInputElement).value).toBe('14');
    expect(screen.getByTestId('pago-contract-line').textContent).toContain('Pedro López');
  });

  it('the contract chosen in the credit detail (selection "contrato") is preselected', async () => {
    setSelection('contrato', { '14': { id: 14 } });
    await openForm();
    expect((field(/^Folio del crédito/) as HTMLInputElement).value).toBe('14');
  });

  it('a visitor cannot record payments', async () => {
    await openForm('VI');
    expect(screen.getByText('Tu rol no puede registrar pagos.')).toBeTruthy();
    expect(screen.queryByTestId('pago-save')).toBeNull();
  });
});

describe('payment capture', { timeout: 60_000 }, () => {
  it('online: the payment is created; when it settles the loan both messages show on /pagos', async () => {
    const ui = userEvent.setup();
    const { api, router } = await openForm('PR', {
      extra: {
        'POST /api/pagos/': (request: { body: unknown }) =>
          json(
            {
              ...payment(77, 12, request.body as Record<string, never>),
              estatus_previo: 'VE',
              estatus_nuevo: 'PA',
            },
            201,
          ),
      },
    });
    await replicaReady();
    await lookUp(ui, '12', '2025-09-20');
    await screen.findByTestId('debt-panel');
    await ui.click(screen.getByTestId('debt-fill'));
    await ui.type(field(/^Referencia de banco/), 'DEP-9');
    await ui.click(screen.getByTestId('pago-save'));
    await confirm(ui);

    const alert = await screen.findByTestId('pagos-alert', {}, { timeout: 10_000 });
    expect(router.state.location.pathname).toBe('/pagos');
    expect(alert.textContent).toContain('Se creó el pago 77 con éxito');
    expect(alert.textContent).toContain('¡El crédito 12 ya quedó totalmente pagado! :D');
    const [post] = api.calls('POST', '/api/pagos/');
    expect(post!.body).toEqual({
      credito: 12,
      fecha_pago: '2025-09-20',
      cantidad: '12000.00',
      abono_capital: '9500.00',
      interes_ord: '1500.00',
      interes_mor: '1000.00',
      fecha_banco: null,
      referencia_banco: 'DEP-9',
      // The member's receipt travels with the payment: user 3, this phone, first one.
      recibo: expect.stringMatching(/^3-[0-9A-HJKMNP-TV-Z]{4}-0001$/),
      recibo_codigo: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{8}$/),
      recibo_reemplaza: null,
    });
    // The server's row replaced the optimistic one, and the contract is paid in the replica.
    await vi.waitFor(async () => expect(await getDb().pagos.get(77)).toBeTruthy());
    const local = await getDb()
      .pagos.filter((p) => typeof p.id === 'string')
      .count();
    expect(local).toBe(0);
    expect(await getDb().contratos.get(12)).toMatchObject({
      estatus: 'PA',
      estatus_contrato: 'PA',
      fecha_final: '2025-09-20',
    });
  });

  it('offline: two payments on one contract wait in capture order; the second lookup counts the first', async () => {
    const ui = userEvent.setup();
    const { router } = await openForm('PR');
    await replicaReady();
    setOnline(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );

    await lookUp(ui, '12', '2025-09-20');
    await screen.findByTestId('debt-panel');
    await typeParts(ui, '100', '1500', '1000');
    await ui.click(screen.getByTestId('pago-save'));
    await confirm(ui);
    const alert = await screen.findByTestId('pagos-alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toContain('Pago guardado en el teléfono; se enviará al conectarse.');

    // The list shows it at once with the pending badge.
    const table = await screen.findByRole('table', { name: 'Pagos' });
    const pendingRow = (await within(table).findByText('pendiente de enviar')).closest('tr')!;
    expect(within(pendingRow).getByText('NUEVO')).toBeTruthy();
    expect(within(pendingRow).getByText('$2,600.00')).toBeTruthy();

    // A second payment the same day: the debt already counts the first one.
    await router.navigate('/pago-formato');
    await screen.findByRole('heading', { level: 1, name: 'Registrar pago' });
    await lookUp(ui, '12', '2025-09-20');
    await screen.findByTestId('debt-panel');
    expect(cents('debt-capital')).toBe(940000);
    expect(cents('debt-ordinario')).toBe(0);
    expect(cents('debt-moratorio')).toBe(0);
    expect(cents('debt-abonado')).toBe(360000);
    await typeParts(ui, '400', '0', '0');
    await ui.click(screen.getByTestId('pago-save'));
    await confirm(ui);
    await screen.findByTestId('pagos-alert', {}, { timeout: 10_000 });

    const rows = await outboxItems();
    expect(rows.map((r) => [r.kind, r.chainKey, r.status])).toEqual([
      ['pago.create', 'credito-12', 'pending'],
      ['pago.create', 'credito-12', 'pending'],
    ]);
    expect(rows.map((r) => (r.payload as { body: { cantidad: string } }).body.cantidad)).toEqual([
      '2600.00',
      '400.00',
    ]);
    // The optimistic rows carry the debt snapshot the server will store.
    const locals = await getDb()
      .pagos.filter((p) => typeof p.id === 'string')
      .toArray();
    expect(locals.map((p) => [p.cantidad, p.deuda_prev_total, p.estatus_previo])).toEqual(
      expect.arrayContaining([
        ['2600.00', '12000.00', 'VE'],
        ['400.00', '9400.00', 'VE'],
      ]),
    );
  });

  it('the confirmation shows what will be saved: member, loan, date, each part, the total in figures and words', async () => {
    const ui = userEvent.setup();
    await openForm('PR');
    await replicaReady();
    await lookUp(ui, '12', '2025-09-20');
    await screen.findByTestId('debt-panel');
    await typeParts(ui, '1000', '1500', '250.50');
    await ui.click(screen.getByTestId('pago-save'));
    const dialog = await screen.findByRole('alertdialog');
    const review = within(dialog).getByTestId('pago-review');
    const line = (label: string) =>
      within(review).getByText(label).closest('div')?.querySelector('dd')?.textContent;
    expect(line('Socio')).toBe('5 Juana Gómez Cruz');
    expect(line('Folio del crédito')).toBe('12');
    expect(line('Fecha de pago')).toMatch(/20 sep 2025/);
    expect(line('Abono a capital')).toBe('$1,000.00');
    expect(line('Interés ordinario')).toBe('$1,500.00');
    expect(line('Interés moratorio')).toBe('$250.50');
    expect(within(review).getByTestId('pago-review-total').textContent).toBe('$2,750.50');
    expect(within(review).getByTestId('pago-review-words').textContent).toBe(
      'dos mil setecientos cincuenta pesos 50/100 M.N.',
    );
    expect(await outboxItems()).toEqual([]);
  });

  it('a refusal shows the server message under its field and stays on the form', async () => {
    // Valid on the phone's copy; the office knows more (here: a payment the phone has not seen).
    const ui = userEvent.setup();
    await openForm('PR', {
      extra: {
        'POST /api/pagos/': () =>
          json(
            {
              abono_capital: [
                'El abono a capital ($9,000.00) es mayor que el capital por pagar ($500.00).',
              ],
            },
            400,
          ),
      },
    });
    await replicaReady();
    await lookUp(ui, '12', '2025-09-20');
    await typeParts(ui, '9000', '0', '0');
    await ui.click(screen.getByTestId('pago-save'));
    await confirm(ui);
    const capital = field(/^Abono a capital/);
    await vi.waitFor(
      () =>
        expect(messageOf(capital)).toBe(
          'El abono a capital ($9,000.00) es mayor que el capital por pagar ($500.00).',
        ),
      { timeout: 10_000 },
    );
    expect(screen.getByTestId('pago-status').textContent).toContain('El servidor rechazó');
  });

  it('a new amount drops the server message about the old one under the computed Cantidad', async () => {
    const ui = userEvent.setup();
    await openForm('PR', {
      extra: {
        'POST /api/pagos/': () =>
          json(
            { cantidad: ['La cantidad ($9,000.00) es mayor que la deuda total ($500.00).'] },
            400,
          ),
      },
    });
    await replicaReady();
    await lookUp(ui, '12', '2025-09-20');
    await typeParts(ui, '9000', '0', '0');
    await ui.click(screen.getByTestId('pago-save'));
    await confirm(ui);
    const amount = screen.getByTestId('pago-cantidad');
    await vi.waitFor(
      () =>
        expect(messageOf(amount)).toBe(
          'La cantidad ($9,000.00) es mayor que la deuda total ($500.00).',
        ),
      { timeout: 10_000 },
    );
    await typeParts(ui, '400', '0', '0');
    await vi.waitFor(() => expect(messageOf(screen.getByTestId('pago-cantidad'))).toBeNull());
  });

  it('offline, an overpayment is stopped before it is queued, with the server messages', async () => {
    const ui = userEvent.setup();
    await openForm('PR');
    await replicaReady();
    setOnline(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    // Loan 12 owes 12,000.00 on 2025-09-20: capital 9,500.00, ordinary 1,500.00, late 1,000.00.
    await lookUp(ui, '12', '2025-09-20');
    await screen.findByTestId('debt-panel');
    await typeParts(ui, '9600', '1500', '1000');
    await ui.click(screen.getByTestId('pago-save'));
    await vi.waitFor(() =>
      expect(messageOf(field(/^Abono a capital/))).toBe(
        'El abono a capital ($9,600.00) es mayor que el capital por pagar ($9,500.00).',
      ),
    );
    expect(messageOf(screen.getByTestId('pago-cantidad'))).toBe(
      'La cantidad ($12,100.00) es mayor que la deuda total ($12,000.00).',
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(await outboxItems()).toEqual([]);
  });

  it('a refused payment stops counting at once: the lookup shows the debt without it, apart', async () => {
    const ui = userEvent.setup();
    const { router } = await openForm('PR', {
      extra: {
        'POST /api/pagos/': () =>
          json({ non_field_errors: ['El crédito 12 no tiene deuda pendiente.'] }, 400),
      },
    });
    await replicaReady();
    await lookUp(ui, '12', '2025-09-20');
    await screen.findByTestId('debt-panel');
    await typeParts(ui, '100', '1500', '1000');
    await ui.click(screen.getByTestId('pago-save'));
    await confirm(ui);
    await vi.waitFor(
      async () => expect((await outboxItems()).map((r) => r.status)).toEqual(['rejected']),
      { timeout: 10_000 },
    );

    await router.navigate('/pagos');
    await screen.findByRole('heading', { level: 1, name: 'Pagos' });
    await router.navigate('/pago-formato');
    await screen.findByRole('heading', { level: 1, name: 'Registrar pago' });
    await lookUp(ui, '12', '2025-09-20');
    await screen.findByTestId('debt-panel');
    // The whole debt, as the server has it: the refused 2,600.00 is not paid.
    expect(cents('debt-total')).toBe(1200000);
    expect(cents('debt-capital')).toBe(950000);
    const apart = screen.getByTestId('debt-not-counted');
    expect(apart.textContent).toContain('No se cuenta 1 pago de este teléfono');
    expect(apart.textContent).toContain('$2,600.00');
  });

  it('the sync center link reopens a refused capture with its values and errors; the fix is sent', async () => {
    const ui = userEvent.setup();
    let first = true;
    const { api, router } = await openForm('PR', {
      extra: {
        'POST /api/pagos/': (request: { body: unknown }) => {
          if (first) {
            first = false;
            return json(
              {
                fecha_pago: [
                  'La fecha de pago no puede ser anterior al último pago registrado (2025-05-02).',
                ],
              },
              400,
            );
          }
          return json(
            { ...payment(78, 12, request.body as Record<string, never>), estatus_nuevo: 'VE' },
            201,
          );
        },
      },
    });
    await replicaReady();
    // A date the phone finds fine (its copy's last payment is of 2025-03-15); the office has a
    // later one the phone has not seen yet.
    await lookUp(ui, '12', '2025-04-01');
    await typeParts(ui, '100', '0', '0');
    await ui.click(screen.getByTestId('pago-save'));
    await confirm(ui);
    await screen.findByText(
      'La fecha de pago no puede ser anterior al último pago registrado (2025-05-02).',
      {},
      { timeout: 10_000 },
    );
    const [refused] = await outboxItems();
    expect(refused).toMatchObject({ kind: 'pago.create', status: 'rejected' });

    await router.navigate('/pagos');
    await screen.findByRole('heading', { level: 1, name: 'Pagos' });
    await router.navigate(`/pago-formato?corregir=${refused!.id}`);
    // The list's column chooser also has a "Fecha de pago" box until the form replaces it.
    await screen.findByRole('heading', { level: 1, name: 'Registrar pago' });
    const date = await screen.findByLabelText(/^Fecha de pago/);
    expect((date as HTMLInputElement).value).toBe('2025-04-01');
    expect((field(/^Abono a capital/) as HTMLInputElement).value).toBe('100.00');
    await vi.waitFor(() =>
      expect(messageOf(date)).toBe(
        'La fecha de pago no puede ser anterior al último pago registrado (2025-05-02).',
      ),
    );
    setDate(/^Fecha de pago/, '2025-05-10');
    await ui.click(screen.getByTestId('pago-save'));
    await confirm(ui);
    const alert = await screen.findByTestId('pagos-alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toContain('Se creó el pago 78 con éxito');
    expect(alert.textContent).not.toContain('totalmente pagado');
    const posts = api.calls('POST', '/api/pagos/');
    expect(posts.map((p) => (p.body as { fecha_pago: string }).fecha_pago)).toEqual([
      '2025-04-01',
      '2025-05-10',
    ]);
  });
});
