/**
 * The community visit on the phone (docs/community-visit.md), from the replica only: the
 * figures per member against hand-computed ones, the three orders and the search; a mark
 * queued offline shows on its row at once, pending; "Cobrar" opens the payment form itself
 * with the loan chosen and the way back to the visit.
 *
 * Today is 2026-03-15 (fixToday). By hand:
 * - Juana (5): loan 12, 10,000.00 at 2.5 % (late 5 %) from 2025-01-15, 6 months → due
 *   2025-07-15; paid 500.00 capital + 500.00 interest. 14 months: capital 9,500.00 +
 *   ordinary 3,500 − 500 = 3,000.00 + late 8 months × 500 = 4,000.00 → 16,500.00, 243 days
 *   overdue, all of it due. Savings 300.00 + 200.00 − 50.00 = 450.00.
 * - Pedro (6): loan 40, 20,000.00 at 2 % from 2025-09-20, 6 months → due 2026-03-20. 5 months
 *   today: 20,000 + 2,000 = 22,000.00; on the due date 6 months: 22,400.00 due this month.
 *   One collection: coffee, 40 kg, 820.00.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '#i18n/setup';
import { getDb } from '#db/database';
import { useSpanish } from '#tests/helpers/i18n-test';
import { openAppAt } from './app-fixtures';
import { keepUnchanged, type VisitMember } from '#features/visita/visit-model.ts';
import { FIRST_ROWS } from '#features/visita/visita-screen.tsx';
import { acopio, MEMBERS, movimiento, pullOf } from './acopios-fixtures';
import { member } from './socios-fixtures';
import { fixToday } from './creditos-fixtures';
import { contract, payment } from './pagos-fixtures';
import { addRows, freshDevice, outboxRow, setOnline } from './sync-fixtures';
import { json, type Handler } from './api-fake-fetch';

const CONTRACTS = [
  contract(12),
  contract(40, {
    clave_socio: 6,
    nombres: 'Pedro López Cruz',
    monto: '20000.00',
    tasa: '2.0000',
    tasa_moratoria: '4.0000',
    fecha_inicio: '2025-09-20',
    fecha_vencimiento: '2026-03-20',
  }),
];
const PAYMENTS = [payment(31, 12)];

/** The acopios fixtures' cooperative plus contracts and payments in the same first page. */
function pull(members = MEMBERS): Handler {
  const base = pullOf({
    members,
    acopios: [acopio(90, 6, '2026-02-10', 'CF', '820.00', '40.00')],
    movimientos: [
      movimiento(70, 5, { monto: '300.00' }),
      movimiento(71, 5, { monto: '200.00' }),
      movimiento(72, 5, { monto: '50.00', aportacion: false }),
    ],
  });
  return async (request) => {
    const answer = await base(request);
    const body: unknown = await answer.clone().json();
    if (typeof body !== 'object' || body === null || !('changes' in body)) return answer;
    const changes = body.changes;
    if (typeof changes !== 'object' || changes === null || !('socios' in changes)) return answer;
    return json({ ...body, changes: { ...changes, contratos: CONTRACTS, pagos: PAYMENTS } });
  };
}

async function openVisit(path = '/visita?c=7', members = MEMBERS) {
  return openAppAt(
    'PR',
    path,
    { 'GET /api/sync/pull/': pull(members) },
    { heading: 'Visita a comunidad' },
  );
}

const names = () =>
  within(screen.getByTestId('visit-members'))
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent?.replace(/\s*\d+$/, ''));

beforeEach(async () => {
  fixToday();
  await useSpanish();
  await freshDevice();
});

afterEach(async () => {
  await freshDevice();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the community visit', () => {
  it('shows each member’s debt, overdue days, due this month and savings', async () => {
    await openVisit();
    const juana = await screen.findByTestId('visit-member-5', {}, { timeout: 10_000 });
    await waitFor(() => expect(screen.getByTestId('visit-debt-5').textContent).toBe('$16,500.00'));
    expect(within(juana).getByTestId('visit-loan-12').textContent).toContain('243 días vencido');
    expect(within(juana).getByTestId('visit-loan-12').textContent).toContain('vence 15 jul 2025');
    expect(screen.getByTestId('visit-savings-5').textContent).toContain('$450.00');
    const pedro = screen.getByTestId('visit-member-6');
    expect(screen.getByTestId('visit-debt-6').textContent).toBe('$22,000.00');
    expect(within(pedro).getByTestId('visit-totals-6').textContent).toContain('$22,400.00');
    expect(within(pedro).getByText(/Últimos acopios/).parentElement?.textContent).toContain(
      '40.00 kg $820.00',
    );
    // Marta lives in Sitalá, which was not chosen.
    expect(screen.queryByTestId('visit-member-7')).toBeNull();
    expect(screen.getByTestId('visit-count').textContent).toBe('2 socios');
  }, 30_000);

  it('sorts by name, amount due and days overdue, and finds by name', async () => {
    const ui = userEvent.setup();
    await openVisit();
    await screen.findByTestId('visit-member-6', {}, { timeout: 10_000 });
    expect(names()).toEqual(['Juana Gómez Cruz', 'Pedro López Cruz']);
    await ui.selectOptions(screen.getByTestId('visit-order'), 'adeudo');
    await waitFor(() => expect(names()).toEqual(['Pedro López Cruz', 'Juana Gómez Cruz']));
    await ui.selectOptions(screen.getByTestId('visit-order'), 'vencidos');
    await waitFor(() => expect(names()).toEqual(['Juana Gómez Cruz', 'Pedro López Cruz']));
    await ui.type(screen.getByTestId('visit-search'), 'lopez');
    await waitFor(() => expect(names()).toEqual(['Pedro López Cruz']));
  }, 30_000);

  it('queues a mark offline and shows it on the row at once, pending', async () => {
    const ui = userEvent.setup();
    await openVisit();
    await screen.findByTestId('visit-member-5', {}, { timeout: 10_000 });
    setOnline(false);
    await ui.click(screen.getByTestId('visit-ausente-5'));
    await waitFor(() =>
      expect(screen.getByTestId('visit-mark-5').textContent).toBe('No vino Pendiente de enviar'),
    );
    await ui.click(screen.getByTestId('visit-promesa-6'));
    const date = screen.getByTestId('visit-promise-date-6');
    await ui.clear(date);
    await ui.type(date, '2026-03-27');
    await ui.click(screen.getByTestId('visit-promise-save-6'));
    await waitFor(() =>
      expect(screen.getByTestId('visit-mark-6').textContent).toBe(
        'Pagará el 27 mar 2026 Pendiente de enviar',
      ),
    );
    const rows = await getDb().outbox.where('kind').equals('visita.marca').sortBy('seq');
    expect(rows.map((r) => r.payload)).toEqual([
      {
        body: { clave_socio: 5, fecha: '2026-03-15', tipo: 'ausente', fecha_promesa: null },
        nombre: 'Juana Gómez Cruz',
      },
      {
        body: { clave_socio: 6, fecha: '2026-03-15', tipo: 'promesa', fecha_promesa: '2026-03-27' },
        nombre: 'Pedro López Cruz',
      },
    ]);
  }, 30_000);

  it('refuses a promise dated before the visit, with the server’s message', async () => {
    const ui = userEvent.setup();
    await openVisit();
    await screen.findByTestId('visit-member-6', {}, { timeout: 10_000 });
    await ui.click(screen.getByTestId('visit-promesa-6'));
    const date = screen.getByTestId('visit-promise-date-6');
    await ui.clear(date);
    await ui.type(date, '2026-03-01');
    await ui.click(screen.getByTestId('visit-promise-save-6'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'La fecha de pago prometida no puede ser anterior a la visita (2026-03-15)',
    );
    expect(await getDb().outbox.where('kind').equals('visita.marca').count()).toBe(0);
  }, 30_000);

  it('“Cobrar” opens the payment form with the loan, and the way back to the visit', async () => {
    const ui = userEvent.setup();
    const { router } = await openVisit('/visita?c=7&orden=vencidos');
    await screen.findByTestId('visit-cobrar-12', {}, { timeout: 10_000 });
    await ui.click(screen.getByTestId('visit-cobrar-12'));
    await screen.findByRole('heading', { level: 1, name: 'Registrar pago' }, { timeout: 10_000 });
    expect(router.state.location.pathname).toBe('/pago-formato');
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('contrato')).toBe('12');
    expect(params.get('volver')).toBe('/visita?c=7&orden=vencidos');
    await waitFor(() => expect(screen.getByDisplayValue('12')).toBeTruthy());
    await ui.click(screen.getByRole('button', { name: 'Cancelar' }));
    await screen.findByRole('heading', { level: 1, name: 'Visita a comunidad' });
    expect(router.state.location.search).toBe('?c=7&orden=vencidos');
  }, 30_000);
  it('sums the day’s captures per kind and lists the marks in the summary', async () => {
    const ui = userEvent.setup();
    await openVisit();
    await screen.findByTestId('visit-member-5', {}, { timeout: 10_000 });
    setOnline(false);
    const pago = (credito: number, cantidad: string) => ({
      body: {
        credito,
        fecha_pago: '2026-03-15',
        cantidad,
        abono_capital: cantidad,
        interes_ord: '0.00',
        interes_mor: '0.00',
        fecha_banco: null,
        referencia_banco: null,
      },
      author: { autor: 3, nombre_autor: 'Ana López' },
    });
    const aportacion = (monto: string, fecha: string) => ({
      movimiento: { ...movimiento(0, 5, { monto, fecha_entrega: fecha }), id: undefined },
      display: {},
    });
    // By hand: payments 500.00 (pending) — the refused 999.00 and the one of another
    // community's member (Marta, 7) do not count; contributions 150.00 (sent) — yesterday's
    // 80.00 does not; one collection of 820.50 (pending). Two captures still on the phone.
    await addRows(
      outboxRow({
        id: 's1',
        chainKey: 's1',
        recordId: 's1',
        kind: 'pago.create',
        payload: pago(40, '500.00'),
      }),
      outboxRow({
        id: 's2',
        chainKey: 's2',
        recordId: 's2',
        kind: 'pago.create',
        status: 'rejected',
        payload: pago(12, '999.00'),
      }),
      outboxRow({
        id: 's3',
        chainKey: 's3',
        recordId: 's3',
        kind: 'movimiento.create',
        status: 'done',
        payload: aportacion('150.00', '2026-03-15'),
      }),
      outboxRow({
        id: 's4',
        chainKey: 's4',
        recordId: 's4',
        kind: 'movimiento.create',
        status: 'done',
        payload: aportacion('80.00', '2026-03-14'),
      }),
      outboxRow({
        id: 's5',
        chainKey: 's5',
        recordId: 's5',
        kind: 'acopio.create',
        payload: {
          acopio: {
            clave_socio: 6,
            fecha: '2026-03-15',
            tipo_de_producto: 'CF',
            kilos_de_producto: '10.00',
            ingreso: '820.50',
          },
          display: {},
        },
      }),
      outboxRow({
        id: 's6',
        chainKey: 's6',
        recordId: 's6',
        kind: 'acopio.create',
        payload: {
          acopio: {
            clave_socio: 7,
            fecha: '2026-03-15',
            tipo_de_producto: 'JA',
            kilos_de_producto: null,
            ingreso: '40.00',
          },
          display: {},
        },
      }),
    );
    await ui.click(screen.getByTestId('visit-ausente-5'));
    await screen.findByTestId('visit-mark-5');
    await ui.click(within(screen.getByTestId('visit-summary')).getByText('Resumen de la visita'));
    const line = (kind: string) => screen.getByTestId(`visit-summary-${kind}`).textContent;
    await waitFor(() => expect(line('pago')).toBe('Pagos1$500.00'));
    expect(line('aportacion')).toBe('Aportaciones1$150.00');
    expect(line('retiro')).toBe('Retiros0$0.00');
    expect(line('acopio')).toBe('Acopios1$820.50');
    expect(screen.getByText('2 capturas aún en el teléfono')).toBeTruthy();
    expect(screen.getByTestId('visit-summary-absent').textContent).toBe(
      'No vino (1): Juana Gómez Cruz',
    );
    expect(screen.getByTestId('visit-summary-promises').textContent).toBe('Promesas de pago (0): ');
  }, 30_000);

  it('draws a long sheet a screenful first, then every member: the order and search cover all', async () => {
    const ui = userEvent.setup();
    // Thirty more members of Chamizal (7) beside Juana and Pedro: Abril 01 … Abril 29, Zoila.
    const more = Array.from({ length: 30 }, (_, i) =>
      member(100 + i, {
        nombres: i === 29 ? 'Zoila' : 'Abril',
        apellido_paterno: i === 29 ? 'Zárate' : `Ruiz ${String(i + 1).padStart(2, '0')}`,
        apellido_materno: '',
      }),
    );
    expect(more.length).toBeGreaterThan(FIRST_ROWS * 2);
    await openVisit('/visita?c=7', [...MEMBERS, ...more]);
    await screen.findByTestId('visit-member-5', {}, { timeout: 10_000 });
    expect(screen.getByTestId('visit-count').textContent).toBe('32 socios');
    // The rest is drawn after the first screenful: all 32, the last by name included.
    await waitFor(() => expect(names()).toHaveLength(32), { timeout: 10_000 });
    expect(names()[0]).toBe('Abril Ruiz 01');
    expect(names()[31]).toBe('Zoila Zárate');
    expect(screen.getByTestId('visit-members').getAttribute('aria-busy')).toBe('false');
    // Ordered by amount due, the two members who owe come first, then everyone else.
    await ui.selectOptions(screen.getByTestId('visit-order'), 'adeudo');
    await waitFor(() =>
      expect(names().slice(0, 2)).toEqual(['Pedro López Cruz', 'Juana Gómez Cruz']),
    );
    await waitFor(() => expect(names()).toHaveLength(32), { timeout: 10_000 });
    // The search finds a member far down the sheet.
    await ui.type(screen.getByTestId('visit-search'), 'zarate');
    await waitFor(() => expect(names()).toEqual(['Zoila Zárate']));
  }, 30_000);
});

describe('the sheet read again after a capture', () => {
  const row = (clave: number, saldo: number | null): VisitMember => ({
    clave,
    nombre: `Socio ${clave}`,
    comunidad: 'Chamizal',
    search: `socio ${clave}`,
    loans: [],
    figures: { deuda: 0, vence_este_mes: 0, dias_vencidos: 0 },
    saldo,
    savingPending: false,
    collections: [],
    requests: [],
    refused: [],
    mark: null,
  });

  it('keeps each unchanged member’s object and takes the changed one', () => {
    const before = [row(1, 100), row(2, 200), row(3, null)];
    const after = keepUnchanged(before, [row(1, 100), row(2, 250), row(3, null), row(4, 5)]);
    expect(after[0]).toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
    expect(after[1]!.saldo).toBe(250);
    expect(after[2]).toBe(before[2]);
    expect(after[3]!.clave).toBe(4);
  });
});
