/**
 * /movimientos after a real login against a scripted server: the member tab (search by key or
 * popup, balance, active processes, movements with the A/R marker, the empty-movements message)
 * with the offline balance including pending movements, the group tab (exactly one filter,
 * export for the office) and the detail whose bank data is editable while the bank date is
 * empty ('Movimiento {id} actualizado correctamente').
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '#i18n/setup';
import type { Role } from '#domain/roles';
import { getDb } from '#db/database';
import { enqueue, getCommand } from '#sync/commands';
import { outboxItems } from '#sync/queries';
import { useSpanish } from '#tests/helpers/i18n-test';
import { json, type SeenRequest } from './api-fake-fetch';
import { confirmSend, movimiento, openApp, type Ui } from './acopios-fixtures';
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
  movimiento(33, 7, { monto: '50.00', proceso: 'JA', fecha_entrega: '2025-03-01' }),
  movimiento(34, 12, { monto: '70.00', fecha_entrega: '2025-03-02' }),
];

async function openMovimientos(role: Role = 'CO', extra = {}, path = '/movimientos') {
  const opened = await openApp(
    role,
    path,
    'Aportaciones y retiros',
    { movimientos: MOVEMENTS },
    extra,
  );
  await vi.waitFor(async () => expect(await getDb().movimientos.count()).toBe(4), {
    timeout: 10_000,
  });
  await vi.waitFor(async () => expect(await getDb().socios.count()).toBe(4));
  await screen.findByTestId('movement-member-tab', {}, { timeout: 10_000 });
  return opened;
}

async function searchMember(ui: Ui, clave: string) {
  const key = screen.getByRole('textbox', { name: /^Clave de socio/ });
  await ui.clear(key);
  await ui.type(key, clave);
  await ui.click(screen.getByTestId('movement-member-search'));
}

describe('member tab', { timeout: 30_000 }, () => {
  it('shows balance, active processes and the movements with the A/R marker', async () => {
    await openMovimientos();
    const ui = userEvent.setup();
    await searchMember(ui, '5');
    const card = within(await screen.findByTestId('movement-member', {}, { timeout: 10_000 }));
    expect(card.getByText('Juana Gómez Cruz')).toBeTruthy();
    expect(card.getByTestId('member-saldo').textContent).toBe('$800.00');
    expect(card.getByText('$1,000.00')).toBeTruthy();
    expect(card.getByText('$200.00')).toBeTruthy();
    // Only coffee: honey NP, soap BA, salaries NP.
    expect(
      within(card.getByTestId('member-processes'))
        .getAllByRole('img')
        .map((img) => img.getAttribute('aria-label')),
    ).toEqual(['Café: Disponible']);
    const rows = within(screen.getByRole('table', { name: 'Movimientos del socio 5' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('img', { name: 'Retiro' }).textContent).toBe('R');
    expect(within(rows[1]!).getByRole('img', { name: 'Aportación' }).textContent).toBe('A');
    expect(screen.getByTestId('movement-new')).toBeTruthy();
  });

  it('a member with no movements gets the empty-movements message', async () => {
    await openMovimientos();
    const ui = userEvent.setup();
    await searchMember(ui, '6');
    const empty = await screen.findByTestId('movement-empty', {}, { timeout: 10_000 });
    expect(empty.textContent).toContain('No hay información disponible');
    expect(screen.queryByRole('table', { name: /Movimientos del socio/ })).toBeNull();
  });

  it('the popup finds a member by name', async () => {
    await openMovimientos();
    const ui = userEvent.setup();
    await ui.click(screen.getByTestId('member-search'));
    const dialog = within(await screen.findByRole('dialog', { name: 'Buscar socio' }));
    await ui.type(dialog.getByRole('searchbox'), 'marta');
    await ui.click(dialog.getByRole('button', { name: /Marta Pérez Cruz/ }));
    const card = within(await screen.findByTestId('movement-member', {}, { timeout: 10_000 }));
    expect(card.getByTestId('member-saldo').textContent).toBe('$50.00');
  });

  it('offline, the balance includes the movements still waiting to be sent, marked as pending', async () => {
    await openMovimientos('PR', {}, '/movimientos?socio=5');
    setOnline(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    await screen.findByTestId('movement-member', {}, { timeout: 10_000 });
    await enqueue('movimiento.create', {
      movimiento: {
        clave_socio: 5,
        fecha_entrega: '2025-04-01',
        monto: '500.00',
        proceso: 'CF',
        aportacion: true,
        ordinario: true,
        tipo_de_movimiento: 'EF',
        fecha_banco: null,
        referencia_banco: null,
        responsable_entrega: null,
      },
      display: {
        nombre_socio: 'Juana Gómez Cruz',
        region: 1,
        nombre_region: 'Región 1',
        comunidad: 7,
        nombre_comunidad: 'Bachajón',
      },
    });
    await waitFor(() =>
      expect(screen.getByTestId('member-saldo').textContent).toContain('$1,300.00'),
    );
    expect(screen.getByTestId('member-saldo').textContent).toContain('pendiente de enviar');
    expect(screen.getByTestId('member-pending-note').textContent).toBe(
      'Incluye 1 movimiento pendiente de enviar: $500.00',
    );
    const rows = within(screen.getByRole('table', { name: 'Movimientos del socio 5' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('pendiente de enviar')).toBeTruthy();
  });
});

describe('group tab', { timeout: 30_000 }, () => {
  it('filters by exactly one of community, region, company, source, process', async () => {
    await openMovimientos('CO');
    const ui = userEvent.setup();
    await ui.click(screen.getByTestId('movement-tab-grupo'));
    expect(await screen.findByText('Elige un filtro para ver los movimientos.')).toBeTruthy();
    const kind = screen.getByTestId('movement-group-kind');
    const value = () => screen.getByTestId('movement-group-value');
    const names = () =>
      within(screen.getByRole('table', { name: 'Movimientos del grupo' }))
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[3]!.textContent);

    await ui.selectOptions(value(), '7');
    expect(names()).toEqual(['Juana Gómez Cruz', 'Juana Gómez Cruz']);
    await ui.selectOptions(kind, 'region');
    await ui.selectOptions(value(), '1');
    expect(names()).toEqual(['Marta Pérez Cruz', 'Juana Gómez Cruz', 'Juana Gómez Cruz']);
    await ui.selectOptions(kind, 'empresa');
    await ui.selectOptions(value(), '1');
    expect(names()).toEqual(['Marta Pérez Cruz']);
    await ui.selectOptions(kind, 'fuente');
    await ui.selectOptions(value(), '1');
    expect(names()).toEqual(['Marta Pérez Cruz']);
    await ui.selectOptions(kind, 'proceso');
    await ui.selectOptions(value(), 'CF');
    expect(names()).toEqual(['Rosa Álvarez Cruz', 'Juana Gómez Cruz', 'Juana Gómez Cruz']);
    expect(screen.getByTestId('movimientos-export')).toBeTruthy();
  });

  it('a promoter gets no export', async () => {
    await openMovimientos('PR');
    const ui = userEvent.setup();
    await ui.click(screen.getByTestId('movement-tab-grupo'));
    await ui.selectOptions(screen.getByTestId('movement-group-kind'), 'proceso');
    await ui.selectOptions(screen.getByTestId('movement-group-value'), 'CF');
    await screen.findByRole('table', { name: 'Movimientos del grupo' });
    expect(screen.queryByTestId('movimientos-export')).toBeNull();
  });
});

describe('movement detail and bank data', { timeout: 30_000 }, () => {
  it("bank data editable while the bank date is empty: 'Movimiento {id} actualizado correctamente'", async () => {
    const patched: SeenRequest[] = [];
    await openMovimientos('CO', {
      'PATCH /api/movimientos/31.json': (request: SeenRequest) => {
        patched.push(request);
        return json(
          movimiento(31, 5, {
            monto: '1000.00',
            fecha_entrega: '2025-01-05',
            tipo_de_movimiento: 'BA',
            fecha_banco: '2025-01-06',
            referencia_banco: 'DEP-9',
          }),
        );
      },
    });
    const ui = userEvent.setup();
    await searchMember(ui, '5');
    const table = await screen.findByRole('table', { name: 'Movimientos del socio 5' });
    // Movement 32 already has its bank date: read only.
    await ui.click(within(table).getByRole('cell', { name: '32' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Movimiento 32' }));
    expect(dialog.queryByTestId('movement-bank-edit')).toBeNull();
    expect(
      dialog.getByText('Los datos bancarios ya se capturaron; no se pueden editar.'),
    ).toBeTruthy();
    await ui.click(dialog.getAllByRole('button', { name: 'Cerrar' }).at(-1)!);

    await ui.click(within(table).getByRole('cell', { name: '31' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Movimiento 31' }));
    await ui.click(dialog.getByTestId('movement-bank-edit'));
    await ui.selectOptions(dialog.getByRole('combobox', { name: /^Tipo de movimiento/ }), 'BA');
    await ui.click(dialog.getByTestId('movement-bank-save'));
    await vi.waitFor(() => expect(dialog.getAllByText('Campo requerido')).toHaveLength(2));
    await ui.type(dialog.getByLabelText(/^Fecha de banco/), '2025-01-06');
    await ui.type(dialog.getByRole('textbox', { name: /^Referencia bancaria/ }), 'DEP-9');
    await ui.click(dialog.getByTestId('movement-bank-save'));
    await confirmSend(ui);
    const alert = await screen.findByTestId('movimientos-alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toContain('Movimiento 31 actualizado correctamente');
    expect(patched).toHaveLength(1);
    expect(patched[0]!.body).toEqual({
      tipo_de_movimiento: 'BA',
      fecha_banco: '2025-01-06',
      referencia_banco: 'DEP-9',
    });
    expect(await getDb().movimientos.get(31)).toMatchObject({ referencia_banco: 'DEP-9' });
    const [sent] = await outboxItems();
    expect(sent).toMatchObject({ kind: 'movimiento.bank', recordId: 'movimiento-31' });
  });

  it('a refused bank edit reopens from the sync center with the reason under its field', async () => {
    const { router } = await openMovimientos('CO', {
      'PATCH /api/movimientos/31.json': () =>
        json(
          {
            fecha_banco: [
              'Los datos bancarios del movimiento 31 ya se capturaron (2025-01-07); ya no se pueden editar.',
            ],
          },
          400,
        ),
    });
    const ui = userEvent.setup();
    await searchMember(ui, '5');
    const table = await screen.findByRole('table', { name: 'Movimientos del socio 5' });
    await ui.click(within(table).getByRole('cell', { name: '31' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Movimiento 31' }));
    await ui.click(dialog.getByTestId('movement-bank-edit'));
    await ui.selectOptions(dialog.getByRole('combobox', { name: /^Tipo de movimiento/ }), 'TR');
    await ui.type(dialog.getByLabelText(/^Fecha de banco/), '2025-01-06');
    await ui.type(dialog.getByRole('textbox', { name: /^Referencia bancaria/ }), 'TR-1');
    await ui.click(dialog.getByTestId('movement-bank-save'));
    await confirmSend(ui);
    const reason =
      'Los datos bancarios del movimiento 31 ya se capturaron (2025-01-07); ya no se pueden editar.';
    await dialog.findByText(reason, {}, { timeout: 10_000 });
    await ui.click(dialog.getByRole('button', { name: 'Cancelar' }));
    await ui.click(dialog.getAllByRole('button', { name: 'Cerrar' }).at(-1)!);
    expect(screen.queryByRole('dialog')).toBeNull();

    const [refused] = await outboxItems({ statuses: ['rejected'] });
    expect(refused).toMatchObject({ kind: 'movimiento.bank', recordId: 'movimiento-31' });
    expect(getCommand('movimiento.bank')!.editRoute!(refused!)).toBe(
      `/movimientos?socio=5&corregir=${refused!.id}`,
    );
    await router.navigate(`/movimientos?socio=5&corregir=${refused!.id}`);
    dialog = within(await screen.findByRole('dialog', { name: 'Movimiento 31' }));
    expect(await dialog.findByText(reason)).toBeTruthy();
    expect(
      (dialog.getByRole('textbox', { name: /^Referencia bancaria/ }) as HTMLInputElement).value,
    ).toBe('TR-1');
    // The member's list behind it marks the movement whose edit needs attention.
    const list = screen.getByRole('table', { name: 'Movimientos del socio 5' });
    const row = within(list).getByRole('cell', { name: /^31/ }).closest('tr')!;
    expect(within(row).getByText('requiere revisión')).toBeTruthy();
  });
});
