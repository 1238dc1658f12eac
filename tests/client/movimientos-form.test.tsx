/**
 * /movimiento-formato after a real login against a scripted server: the movement type rule
 * (EF hides and nulls the bank date and reference; BA and TR require them), withdrawals only
 * for coordinators and managers and never above the balance, the cash-contribution month rule
 * checked before sending, offline capture through the outbox with the balance shown including
 * what is still pending, and 'Movimiento {id} creado correctamente' once the server answers.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '#i18n/setup';
import { addDays, todayIn } from '#domain/dates';
import { captureMonth } from '#domain/movement-month';
import type { Role } from '#domain/roles';
import { getDb } from '#db/database';
import { outboxItems } from '#sync/queries';
import { useSpanish } from '#tests/helpers/i18n-test';
import { json, type SeenRequest } from './api-fake-fetch';
import { confirmSend, messageOf, movimiento, openApp, type Ui } from './acopios-fixtures';
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

async function openForm(role: Role = 'CO', extra = {}, path = '/movimiento-formato') {
  const opened = await openApp(role, path, 'Nuevo movimiento', { movimientos: MOVEMENTS }, extra);
  await screen.findByTestId('movimiento-save');
  await vi.waitFor(async () => expect(await getDb().movimientos.count()).toBe(2), {
    timeout: 10_000,
  });
  return opened;
}

async function chooseMember(ui: Ui, clave: string) {
  const key = screen.getByRole('textbox', { name: /^Clave de socio/ });
  await ui.clear(key);
  await ui.type(key, clave);
  await screen.findByTestId('member-found', {}, { timeout: 10_000 });
}

const processButton = (name: RegExp) =>
  within(screen.getByRole('group', { name: /^Proceso/ })).getByRole('button', { name });
const typeSelect = () => screen.getByRole('combobox', { name: /^Tipo de movimiento/ });
const bankDate = () => screen.queryByLabelText(/^Fecha de banco/);
const bankRef = () => screen.queryByRole('textbox', { name: /^Referencia bancaria/ });
const amount = () => screen.getByRole('textbox', { name: /^Monto/ });
const deliveryDate = () => screen.getByLabelText(/^Fecha de entrega/) as HTMLInputElement;

async function fillContribution(ui: Ui, clave = '5', monto = '500') {
  await chooseMember(ui, clave);
  await ui.click(processButton(/^Café/));
  await ui.type(amount(), monto);
}

describe('movement type rule', { timeout: 30_000 }, () => {
  it('EF hides the bank date and reference and sends them null; BA and TR require both', async () => {
    await openForm();
    const ui = userEvent.setup();
    await fillContribution(ui);
    await ui.selectOptions(typeSelect(), 'BA');
    expect(bankDate()).not.toBeNull();
    expect(bankRef()).not.toBeNull();
    await ui.click(screen.getByTestId('movimiento-save'));
    await vi.waitFor(() => expect(messageOf(bankDate()!)).toBe('Campo requerido'));
    expect(messageOf(bankRef()!)).toBe('Campo requerido');
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await ui.selectOptions(typeSelect(), 'TR');
    expect(messageOf(bankRef()!)).toBe('Campo requerido');
    await ui.type(bankRef()!, 'TRX-1');
    await ui.type(bankDate()!, addDays(todayIn(), 1));
    await ui.tab();
    expect(messageOf(bankDate()!)).toBe('La fecha debe ser hoy o anterior a hoy');

    // Cash: no bank data on the screen, and none sent even though some was typed.
    await ui.selectOptions(typeSelect(), 'EF');
    expect(bankDate()).toBeNull();
    expect(bankRef()).toBeNull();
    setOnline(false);
    await ui.click(screen.getByTestId('movimiento-save'));
    await confirmSend(ui);
    await screen.findByText(
      'Movimiento guardado en el teléfono; se enviará al conectarse.',
      {},
      { timeout: 5000 },
    );
    const [queued] = await outboxItems();
    expect(queued).toMatchObject({ kind: 'movimiento.create', chainKey: 'socio-mov-5' });
    expect(queued!.payload).toMatchObject({
      movimiento: {
        clave_socio: 5,
        monto: '500.00',
        proceso: 'CF',
        aportacion: true,
        ordinario: true,
        tipo_de_movimiento: 'EF',
        fecha_banco: null,
        referencia_banco: null,
        responsable_entrega: null,
      },
    });
  });

  it('the type is required', async () => {
    await openForm();
    const ui = userEvent.setup();
    await fillContribution(ui);
    await ui.click(screen.getByTestId('movimiento-save'));
    await vi.waitFor(() => expect(messageOf(typeSelect())).toBe('Campo requerido'));
  });
});

describe('withdrawals', { timeout: 30_000 }, () => {
  it('are disabled for a promoter', async () => {
    await openForm('PR');
    expect((screen.getByTestId('movement-kind-R') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Sólo coordinación y gerencia pueden registrar retiros.')).toBeTruthy();
  });

  it('a visitor captures nothing', async () => {
    await openApp('VI', '/movimiento-formato', 'Nuevo movimiento', { movimientos: MOVEMENTS });
    expect(
      await screen.findByText('Visitantes no tienen permiso de editar o crear contenido.'),
    ).toBeTruthy();
    expect(screen.queryByTestId('movimiento-save')).toBeNull();
  });

  it('never above the balance, pending movements included', async () => {
    await openForm('CO');
    const ui = userEvent.setup();
    await ui.click(screen.getByTestId('movement-kind-R'));
    await fillContribution(ui, '5', '800.01');
    await ui.selectOptions(typeSelect(), 'EF');
    expect(screen.getByTestId('member-saldo').textContent).toBe('$800.00');
    await ui.click(screen.getByTestId('movimiento-save'));
    await vi.waitFor(() =>
      expect(messageOf(amount())).toBe(
        'El retiro ($800.01) es mayor que el saldo del socio ($800.00).',
      ),
    );
    await ui.clear(amount());
    await ui.type(amount(), '300');
    setOnline(false);
    await ui.click(screen.getByTestId('movimiento-save'));
    await confirmSend(ui);
    await screen.findByText('Movimiento guardado en el teléfono; se enviará al conectarse.');

    // The pending withdrawal counts: 800 − 300 leaves 500, shown as pending.
    await ui.click(screen.getByTestId('movement-kind-R'));
    await fillContribution(ui, '5', '500.01');
    await ui.selectOptions(typeSelect(), 'EF');
    expect(screen.getByTestId('member-saldo').textContent).toContain('$500.00');
    expect(screen.getByTestId('member-saldo').textContent).toContain('pendiente de enviar');
    expect(screen.getByTestId('member-pending-note').textContent).toBe(
      'Incluye 1 movimiento pendiente de enviar: -$300.00',
    );
    await ui.click(screen.getByTestId('movimiento-save'));
    await vi.waitFor(() =>
      expect(messageOf(amount())).toBe(
        'El retiro ($500.01) es mayor que el saldo del socio ($500.00).',
      ),
    );
  });
});

describe('cash contributions fall in the month of capture', { timeout: 30_000 }, () => {
  it('the phone refuses a cash contribution dated in another month, before sending', async () => {
    await openForm('CO');
    const ui = userEvent.setup();
    const today = todayIn();
    const lastMonth = addDays(`${today.slice(0, 8)}01`, -1);
    await fillContribution(ui);
    await ui.selectOptions(typeSelect(), 'EF');
    await ui.clear(deliveryDate());
    await ui.type(deliveryDate(), lastMonth);
    await ui.click(screen.getByTestId('movimiento-save'));
    const month = captureMonth(new Date());
    await vi.waitFor(() =>
      expect(messageOf(deliveryDate())).toBe(
        `Una aportación en efectivo debe tener fecha de entrega del mes en que se capturó (${month}).`,
      ),
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // By bank the month does not matter.
    await ui.selectOptions(typeSelect(), 'BA');
    await ui.type(bankDate()!, lastMonth);
    await ui.type(bankRef()!, 'B1');
    await ui.click(screen.getByTestId('movimiento-save'));
    expect(await screen.findByRole('alertdialog')).toBeTruthy();
  });
});

describe('sending', { timeout: 30_000 }, () => {
  it("online: asks for confirmation showing what will be saved, then 'Movimiento {id} creado correctamente'", async () => {
    const posted: SeenRequest[] = [];
    await openForm('PR', {
      'POST /api/movimientos/': (request: SeenRequest) => {
        posted.push(request);
        return json(movimiento(77, 6, { monto: '250.00', proceso: 'MI' }), 201);
      },
    });
    const ui = userEvent.setup();
    await chooseMember(ui, '6');
    await ui.click(processButton(/^Miel/));
    await ui.type(amount(), '250');
    await ui.selectOptions(typeSelect(), 'EF');
    await ui.type(screen.getByRole('textbox', { name: /^Responsable/ }), 'Ana López');
    await ui.click(screen.getByTestId('movimiento-save'));
    const dialog = await screen.findByRole('alertdialog');
    // The question is asked once, under the review (as for a payment): the review already
    // names the kind, the member and the amount.
    expect(within(dialog).getAllByText('¿Los datos son correctos?')).toHaveLength(1);
    expect(dialog.textContent).not.toContain('¿Registrar');
    // What will be saved, line by line, the amount in figures and in words.
    const review = within(dialog).getByTestId('movimiento-review');
    const line = (label: string) =>
      within(review).getByText(label).closest('div')?.querySelector('dd')?.textContent;
    expect(line('Socio')).toBe('6 Pedro López Cruz');
    expect(line('Proceso')).toBe('Miel');
    expect(line('Tipo de movimiento')).toBe('Efectivo');
    expect(line('Fecha de entrega')).toMatch(/\d{1,2} \w{3} \d{4}/);
    expect(within(review).getByTestId('movimiento-review-total').textContent).toBe('$250.00');
    expect(within(review).getByTestId('movimiento-review-words').textContent).toBe(
      'doscientos cincuenta pesos 00/100 M.N.',
    );
    await confirmSend(ui);
    await screen.findByText('Movimiento 77 creado correctamente', {}, { timeout: 10_000 });
    expect(posted).toHaveLength(1);
    expect(posted[0]!.headers.get('X-Captured-At')).toBeTruthy();
    expect(posted[0]!.body).toMatchObject({
      clave_socio: 6,
      monto: '250.00',
      proceso: 'MI',
      aportacion: true,
      tipo_de_movimiento: 'EF',
      responsable_entrega: 'Ana López',
    });
    expect(await getDb().movimientos.get(77)).toMatchObject({ id: 77, monto: '250.00' });
  });

  it('a refusal shows its reason under the field and reopens from the sync center', async () => {
    const { router } = await openForm('CO', {
      'POST /api/movimientos/': () =>
        json({ proceso: ['El socio 5 no está activo en el proceso Café.'] }, 400),
    });
    const ui = userEvent.setup();
    await fillContribution(ui);
    await ui.selectOptions(typeSelect(), 'EF');
    await ui.click(screen.getByTestId('movimiento-save'));
    await confirmSend(ui);
    await screen.findByText(
      'El socio 5 no está activo en el proceso Café.',
      {},
      { timeout: 10_000 },
    );
    const [refused] = await outboxItems({ statuses: ['rejected'] });
    const before = screen.getByRole('textbox', { name: /^Clave de socio/ });
    await router.navigate(`/movimiento-formato?corregir=${refused!.id}`);
    await vi.waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Clave de socio/ })).not.toBe(before),
    );
    await screen.findByTestId('movimiento-fixing');
    expect(await screen.findByText('El socio 5 no está activo en el proceso Café.')).toBeTruthy();
    expect((amount() as HTMLInputElement).value).toBe('500.00');
  });
});
