/**
 * /acopio-formato after a real login against a scripted server: the kilos rule (required with
 * at most 2 decimals for coffee and honey, hidden and never sent for soap and salaries), only
 * the processes the member is active in, the average price, offline capture through the
 * outbox, 'Acopio {id} creado correctamente' once the server answers, and a refused collection
 * corrected and sent again (live, and reopened from the sync center).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '#i18n/setup';
import { getDb } from '#db/database';
import { outboxItems } from '#sync/queries';
import { useSpanish } from '#tests/helpers/i18n-test';
import { json, type SeenRequest } from './api-fake-fetch';
import { acopio, confirmSend, messageOf, openApp, type Ui } from './acopios-fixtures';
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

const TITLE = 'Nuevo acopio';

async function openForm(extra = {}, path = '/acopio-formato') {
  const opened = await openApp('PR', path, TITLE, {}, extra);
  await screen.findByTestId('acopio-save');
  // The members reach the phone with the first pull.
  await vi.waitFor(async () => expect(await getDb().socios.count()).toBe(4), { timeout: 10_000 });
  return opened;
}

function product(name: RegExp) {
  return within(screen.getByRole('group', { name: /^Producto/ })).getByRole('button', { name });
}

async function chooseMember(ui: Ui, clave: string) {
  const key = screen.getByRole('textbox', { name: /^Clave de socio/ });
  await ui.clear(key);
  await ui.type(key, clave);
  await screen.findByTestId('member-found', {}, { timeout: 10_000 });
}

const kilosBox = () => screen.queryByRole('textbox', { name: /^Kilos/ });
const ingresoBox = () => screen.getByRole('textbox', { name: /^Ingreso/ });

describe('acopio form rules', { timeout: 30_000 }, () => {
  it('only the processes the member is active in can be chosen', async () => {
    await openForm();
    const ui = userEvent.setup();
    // No member yet: nothing can be chosen.
    expect((product(/^Café/) as HTMLButtonElement).disabled).toBe(true);
    await chooseMember(ui, '5');
    expect(screen.getByTestId('member-found').textContent).toContain('Juana Gómez Cruz');
    expect((product(/^Café/) as HTMLButtonElement).disabled).toBe(false);
    expect((product(/^Miel/) as HTMLButtonElement).disabled).toBe(true);
    expect((product(/^Jabones/) as HTMLButtonElement).disabled).toBe(true);
    await chooseMember(ui, '7');
    expect((product(/^Café/) as HTMLButtonElement).disabled).toBe(true);
    expect((product(/^Jabones/) as HTMLButtonElement).disabled).toBe(false);
    expect((product(/^Salarios/) as HTMLButtonElement).disabled).toBe(false);
  });

  it('kilos: required with at most 2 decimals for coffee and honey, hidden for soap and salaries', async () => {
    await openForm();
    const ui = userEvent.setup();
    await chooseMember(ui, '6');
    expect(kilosBox()).toBeNull();
    await ui.click(product(/^Café/));
    expect(kilosBox()).not.toBeNull();
    await ui.type(ingresoBox(), '1000');
    await ui.click(screen.getByTestId('acopio-save'));
    await vi.waitFor(() => expect(messageOf(kilosBox()!)).toBe('Se requiere un número'));
    await ui.type(kilosBox()!, '12.345');
    await ui.tab();
    expect(messageOf(kilosBox()!)).toBe('Debe ser un número con máximo 2 decimales');
    await ui.clear(kilosBox()!);
    await ui.type(kilosBox()!, '-1');
    await ui.tab();
    expect(messageOf(kilosBox()!)).toBe('el número debe ser mayor a 0');
    await ui.clear(kilosBox()!);
    await ui.type(kilosBox()!, '40');
    await ui.tab();
    expect(messageOf(kilosBox()!)).toBeNull();
    // Honey is weighed too.
    await ui.click(product(/^Miel/));
    expect(kilosBox()).not.toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(await outboxItems()).toHaveLength(0);

    // Soap: the kilos field goes away, and what was typed is never sent.
    await chooseMember(ui, '7');
    await ui.click(product(/^Jabones/));
    expect(kilosBox()).toBeNull();
    setOnline(false);
    await ui.click(screen.getByTestId('acopio-save'));
    await confirmSend(ui);
    await screen.findByText('Acopio guardado en el teléfono; se enviará al conectarse.');
    const [queued] = await outboxItems();
    expect(queued!.payload).toMatchObject({
      acopio: {
        clave_socio: 7,
        tipo_de_producto: 'JA',
        kilos_de_producto: null,
        ingreso: '1000.00',
      },
    });
  });

  it('income: required, 0.01 to 9999999, at most 2 decimals', async () => {
    await openForm();
    const ui = userEvent.setup();
    await chooseMember(ui, '7');
    await ui.click(product(/^Salarios/));
    await ui.click(screen.getByTestId('acopio-save'));
    await vi.waitFor(() => expect(messageOf(ingresoBox())).toBe('Se requiere un número'));
    await ui.type(ingresoBox(), '0');
    await ui.tab();
    expect(messageOf(ingresoBox())).toBe('el número debe ser mayor a 0.01');
    await ui.clear(ingresoBox());
    await ui.type(ingresoBox(), '10000000');
    await ui.tab();
    expect(messageOf(ingresoBox())).toBe('el número debe ser menor a 9999999');
  });

  it('shows the average price per kilo from income and kilos', async () => {
    await openForm();
    const ui = userEvent.setup();
    await chooseMember(ui, '5');
    await ui.click(product(/^Café/));
    await ui.type(ingresoBox(), '1000');
    await ui.type(kilosBox()!, '40');
    expect(screen.getByTestId('acopio-price').textContent).toBe('$25.00 por kg');
    await ui.clear(kilosBox()!);
    await ui.type(kilosBox()!, '3');
    // 1000 / 3 = 333.333… → rounded to the cent.
    expect(screen.getByTestId('acopio-price').textContent).toBe('$333.33 por kg');
  });

  it('the confirmation shows what will be saved: member, product, date, kilos, income in figures and words', async () => {
    await openForm();
    const ui = userEvent.setup();
    await chooseMember(ui, '5');
    await ui.click(product(/^Café/));
    await ui.type(kilosBox()!, '120.5');
    await ui.type(ingresoBox(), '4820');
    await ui.click(screen.getByTestId('acopio-save'));
    const dialog = await screen.findByRole('alertdialog');
    const review = within(dialog).getByTestId('acopio-review');
    const line = (label: string) =>
      within(review).getByText(label).closest('div')?.querySelector('dd')?.textContent;
    expect(line('Socio')).toBe('5 Juana Gómez Cruz');
    expect(line('Producto')).toBe('Café');
    expect(line('Kilos')).toBe('120.50');
    expect(line('Fecha')).toMatch(/\d{1,2} \w{3} \d{4}/);
    expect(within(review).getByTestId('acopio-review-total').textContent).toBe('$4,820.00');
    expect(within(review).getByTestId('acopio-review-words').textContent).toBe(
      'cuatro mil ochocientos veinte pesos 00/100 M.N.',
    );
    expect(await outboxItems()).toEqual([]);
  });

  it('a key that names nobody on the phone is refused before sending', async () => {
    await openForm();
    const ui = userEvent.setup();
    const key = screen.getByRole('textbox', { name: /^Clave de socio/ });
    await ui.type(key, '99');
    expect((await screen.findByTestId('member-missing')).textContent).toContain(
      'no está en este teléfono',
    );
  });
});

describe('acopio capture through the outbox', { timeout: 30_000 }, () => {
  it('offline: saved on the phone at once, listed as pending, the form ready for the next one', async () => {
    await openForm();
    setOnline(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    const ui = userEvent.setup();
    await chooseMember(ui, '5');
    await ui.click(product(/^Café/));
    await ui.type(kilosBox()!, '120.5');
    await ui.type(ingresoBox(), '4820.00');
    await ui.click(screen.getByTestId('acopio-save'));
    await confirmSend(ui);

    const status = await screen.findByTestId('acopio-status');
    expect(status.textContent).toBe('Acopio guardado en el teléfono; se enviará al conectarse.');
    const [queued] = await outboxItems();
    expect(queued).toMatchObject({ kind: 'acopio.create', status: 'pending' });
    expect(queued!.payload).toMatchObject({
      acopio: {
        clave_socio: 5,
        fecha: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        tipo_de_producto: 'CF',
        kilos_de_producto: '120.50',
        ingreso: '4820.00',
      },
    });
    const local = await getDb().acopios.get(queued!.recordId);
    expect(local).toMatchObject({ nombre_socio: 'Juana Gómez Cruz', _pending: queued!.id });
    // Ready for the next collection of the visit (the form clears in an effect after the status
    // line shows the outcome, so wait for it rather than race it).
    await vi.waitFor(() =>
      expect(
        (screen.getByRole('textbox', { name: /^Clave de socio/ }) as HTMLInputElement).value,
      ).toBe(''),
    );
  });

  it("online: 'Acopio {id} creado correctamente' with the server's id", async () => {
    const posted: SeenRequest[] = [];
    await openForm({
      'POST /api/acopios/': (request: SeenRequest) => {
        posted.push(request);
        return json(acopio(901, 6, '2025-05-02', 'MI', '300.00', '10.00'), 201);
      },
    });
    const ui = userEvent.setup();
    await chooseMember(ui, '6');
    await ui.click(product(/^Miel/));
    await ui.type(kilosBox()!, '10');
    await ui.type(ingresoBox(), '300');
    await ui.click(screen.getByTestId('acopio-save'));
    await confirmSend(ui);
    await screen.findByText('Acopio 901 creado correctamente', {}, { timeout: 10_000 });
    expect(posted).toHaveLength(1);
    expect(posted[0]!.headers.get('Idempotency-Key')).toBeTruthy();
    expect(posted[0]!.body).toMatchObject({
      clave_socio: 6,
      tipo_de_producto: 'MI',
      kilos_de_producto: '10.00',
      ingreso: '300.00',
    });
    // The server's row replaced the optimistic one.
    expect(await getDb().acopios.get(901)).toMatchObject({
      id: 901,
      nombre_socio: 'Pedro López Cruz',
    });
    expect(await getDb().acopios.where('_localId').notEqual('').count()).toBe(0);
  });

  it('a refusal shows its reason under the field; corrected, it is sent again and accepted', async () => {
    let attempts = 0;
    const { router } = await openForm({
      'POST /api/acopios/': (request: SeenRequest) => {
        attempts += 1;
        const body = request.body as { clave_socio: number };
        if (body.clave_socio === 5)
          return json({ tipo_de_producto: ['El socio 5 no está activo en el proceso Café.'] }, 400);
        return json(acopio(902, 6, '2025-05-02', 'CF', '500.00', '20.00'), 201);
      },
    });
    const ui = userEvent.setup();
    await chooseMember(ui, '5');
    await ui.click(product(/^Café/));
    await ui.type(kilosBox()!, '20');
    await ui.type(ingresoBox(), '500');
    await ui.click(screen.getByTestId('acopio-save'));
    await confirmSend(ui);
    const reason = await screen.findByText(
      'El socio 5 no está activo en el proceso Café.',
      {},
      { timeout: 10_000 },
    );
    expect(reason.className).toBe('field-message');
    expect(screen.getByTestId('acopio-status').textContent).toContain('rechazó el acopio');

    // Reopened from the sync center: the same reason under the product.
    const [refused] = await outboxItems({ statuses: ['rejected'] });
    expect(refused!.kind).toBe('acopio.create');
    const before = screen.getByRole('textbox', { name: /^Clave de socio/ });
    await router.navigate(`/acopio-formato?corregir=${refused!.id}`);
    // A fresh form for the refused item.
    await vi.waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Clave de socio/ })).not.toBe(before),
    );
    await screen.findByTestId('acopio-fixing');
    expect(await screen.findByText('El socio 5 no está activo en el proceso Café.')).toBeTruthy();
    expect(
      (screen.getByRole('textbox', { name: /^Clave de socio/ }) as HTMLInputElement).value,
    ).toBe('5');

    // Corrected: another member who is active in coffee.
    await chooseMember(ui, '6');
    await ui.click(screen.getByTestId('acopio-save'));
    await confirmSend(ui);
    await screen.findByText('Acopio 902 creado correctamente', {}, { timeout: 10_000 });
    expect(attempts).toBe(2);
    const rows = await outboxItems();
    expect(rows.filter((r) => r.status !== 'done')).toHaveLength(0);
    expect(rows.filter((r) => r.recordId === refused!.recordId)).toHaveLength(1);
  });
});
