import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '#i18n/setup';
import type { ContractReplicaRow, PaymentReplicaRow } from '#domain/credit-replica';
import { useSpanish } from '#tests/helpers/i18n-test';
import { carteraAt } from '#features/carteras/cartera-figures.ts';
import { json } from './api-fake-fetch';
import { freshDevice, pulledBefore } from './sync-fixtures';
import { contract, openApp, payment } from './pagos-fixtures';

beforeEach(async () => {
  await useSpanish();
  await freshDevice();
});

afterEach(async () => {
  await freshDevice();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const DATE = '2026-01-10';

/** A started fixed-rate loan of `plazo` months from `inicio`. */
const loan = (id: number, inicio: string, plazo: number, monto: string, patch = {}) =>
  contract(id, {
    nombres: `Socio ${id}`,
    fecha_inicio: inicio,
    plazo,
    plazo_disp: String(plazo),
    monto,
    ...patch,
  });

const capitalPaid = (id: number, credito: number, fecha: string, capital: string) =>
  payment(id, credito, {
    fecha_pago: fecha,
    cantidad: capital,
    abono_capital: capital,
    interes_ord: '0.00',
    interes_mor: '0.00',
  });

// On 2026-01-10 (days past due in brackets):
const LOANS: ContractReplicaRow[] = [
  loan(1, '2025-06-01', 12, '5000.00'), // current, 1,000 of capital paid → 4,000
  loan(2, '2025-06-20', 6, '2000.00'), // due 2025-12-20 [21] → ≤30
  loan(3, '2025-06-11', 6, '1000.00'), // due 2025-12-11 [30] → ≤30
  loan(4, '2025-06-10', 6, '1500.00'), // due 2025-12-10 [31] → 31–180
  loan(5, '2025-01-14', 6, '3000.00'), // due 2025-07-14 [180] → 31–180
  loan(6, '2025-01-13', 6, '4000.00'), // due 2025-07-13 [181] → >180, 500 paid → 3,500
  loan(7, '2025-06-01', 12, '9000.00', { fondo_comun: true, tipo_credito: 'FC' }), // shared fund
  loan(8, '2025-03-01', 6, '700.00', {
    estatus: 'PA',
    estatus_contrato: 'PA',
    fecha_final: '2025-12-01',
  }), // settled before the date
  loan(9, '2025-09-01', 12, '800.00', {
    estatus: 'PA',
    estatus_contrato: 'PA',
    fecha_final: '2026-02-01',
  }), // settled after the date: still current then, 800
  loan(10, '2025-06-01', 6, '600.00', { estatus_ejecucion: 'PC' }), // never disbursed
  loan(11, '2026-02-01', 6, '650.00'), // starts after the date
];

const LOAN_PAYMENTS: PaymentReplicaRow[] = [
  capitalPaid(101, 1, '2025-08-01', '1000.00'),
  capitalPaid(102, 6, '2025-03-01', '500.00'),
  capitalPaid(103, 9, '2026-02-01', '800.00'),
];

describe('portfolio figures from the replica', () => {
  it('splits a hand-made cooperative into current and overdue with the 30 / 180 day bands', () => {
    const p = carteraAt(LOANS, LOAN_PAYMENTS, DATE);
    expect(p.totals).toEqual({
      vigentes_total: 480000,
      vigentes_count: 2,
      vencidos_total: 1100000,
      vencidos_count: 5,
      vencidosLT30: { count: 2, total: 300000 },
      vencidos30to6M: { count: 2, total: 450000 },
      vencidosGT6M: { count: 1, total: 350000 },
    });
    expect(p.vigentes.map((l) => l.id).sort()).toEqual([1, 9]);
    expect(p.vencidos.map((l) => [l.id, l.dias_vencidos])).toEqual([
      [2, 21],
      [3, 30],
      [4, 31],
      [5, 180],
      [6, 181],
    ]);
  });
});

describe('portfolios screen', { timeout: 30_000 }, () => {
  it('shows totals, bands and both tables for the chosen date; a loan opens its payments', async () => {
    const ui = userEvent.setup();
    await openApp('CO', '/carteras', {
      heading: 'Carteras',
      contratos: LOANS,
      pagos: LOAN_PAYMENTS,
    });
    const date = screen.getByLabelText('Fecha');
    fireEvent.change(date, { target: { value: DATE } });
    await ui.click(screen.getByTestId('cartera-search'));
    expect(screen.getByTestId('cartera-fecha').textContent).toBe('Cartera al 10 ene 2026');

    await vi.waitFor(
      () => expect(screen.getByTestId('cartera-vigente-amount').textContent).toBe('$4,800.00'),
      { timeout: 5000 },
    );
    expect(screen.getByTestId('cartera-vigente-count').textContent).toBe('2 créditos');
    expect(screen.getByTestId('cartera-vencida-amount').textContent).toBe('$11,000.00');
    expect(screen.getByTestId('cartera-vencida-count').textContent).toBe('5 créditos');
    const band = (id: string) =>
      within(screen.getByTestId(`cartera-band-${id}`))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(band('lt30')).toEqual(['2', '$3,000.00']);
    expect(band('to6m')).toEqual(['2', '$4,500.00']);
    expect(band('gt6m')).toEqual(['1', '$3,500.00']);
    expect(screen.getByRole('img', { name: 'Cartera vigente contra vencida' })).toBeTruthy();

    const overdue = screen.getByRole('table', { name: 'Créditos vencidos' });
    const firstCells = within(overdue)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[0]!.textContent);
    expect(firstCells).toEqual(['2', '3', '4', '5', '6']);

    const current = screen.getByRole('table', { name: 'Créditos vigentes' });
    await ui.click(within(current).getByText('Socio 1'));
    const dialog = await screen.findByRole('dialog', { name: 'Crédito 1' });
    const history = within(dialog).getByTestId('cartera-history');
    const cells = within(history)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(0, 4)
          .map((c) => c.textContent),
      );
    expect(cells).toEqual([['101', '1 ago 2025', '$1,000.00', '$1,000.00']]);
  });

  it('N/D and empty tables when the phone has no credits to compute from', async () => {
    // A phone that has pulled before, and a server that never answers the pull now: the replica
    // stays empty. (A phone that never pulled says what the first download still brings.)
    await openApp('CO', '/carteras', {
      heading: 'Carteras',
      beforeRender: pulledBefore,
      extra: { 'GET /api/sync/pull/': () => json({ detail: 'caído' }, 500) },
    });

    expect((await screen.findByTestId('cartera-unavailable')).textContent).toContain(
      'No se pueden calcular las carteras',
    );
    expect(screen.getByTestId('cartera-vigente-amount').textContent).toBe('N/D');
    expect(screen.getByTestId('cartera-vencida-amount').textContent).toBe('N/D');
    expect(screen.getByTestId('cartera-vigente-count').textContent).toBe('N/D');
    for (const name of ['Créditos vigentes', 'Créditos vencidos']) {
      const table = screen.getByRole('table', { name });
      expect(within(table).getByText('No hay créditos que mostrar.')).toBeTruthy();
    }
    expect(screen.queryByRole('img', { name: 'Cartera vigente contra vencida' })).toBeNull();
  });
});
