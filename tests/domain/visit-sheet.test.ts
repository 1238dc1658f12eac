/**
 * The visit sheet's figures (docs/community-visit.md) against hand-computed expectations.
 *
 * The loan: 10,000.00 at a fixed 2 % a month (late 3 %), 6 months from 2026-01-15, so due on
 * 2026-07-15; one payment on 2026-03-15 of 2,000.00 capital + 400.00 interest. Simple interest
 * on the original amount per completed month: after m months the ordinary interest is
 * 200.00 × m, minus the 400.00 paid; past the term, 300.00 per month past it.
 */
import { describe, expect, it } from 'vitest';
import type { DebtContractSource, DebtPaymentSource } from '#domain/credit-replica';
import {
  endOfMonth,
  loanSheet,
  memberDebtFigures,
  searchKey,
  sortVisitSheet,
  type LoanSheet,
} from '#domain/visit-sheet';

const loan: DebtContractSource & { id: number } = {
  id: 7,
  monto: '10000.00',
  tasa: '2.0000',
  tasa_moratoria: '3.0000',
  tipo_tasa: 'FI',
  plazo: 6,
  prorroga: 0,
  fecha_inicio: '2026-01-15',
  fecha_final: null,
  estatus_contrato: 'DP',
  estatus_ejecucion: 'CO',
};

const payment: DebtPaymentSource = {
  id: 1,
  fecha_pago: '2026-03-15',
  cantidad: '2400.00',
  abono_capital: '2000.00',
  interes_ord: '400.00',
  interes_mor: '0.00',
  deuda_prev_int_ord: '400.00',
  deuda_prev_int_mor: '0.00',
};

describe('loanSheet', () => {
  it('a loan due later this month: debt today, and its debt on the due date falls due', () => {
    // 5 months on 2026-07-10: 8,000 + (1,000 − 400) = 8,600.00; on 07-15, 6 months: 8,800.00.
    expect(loanSheet(loan, [payment], '2026-07-10')).toEqual<LoanSheet>({
      id: 7,
      estatus: 'VI',
      fecha_vencimiento: '2026-07-15',
      deuda: 860_000,
      dias_vencidos: 0,
      vence_este_mes: 880_000,
    });
  });

  it('a loan due in a later month: nothing falls due this month', () => {
    const sheet = loanSheet(loan, [payment], '2026-06-20');
    expect(sheet.deuda).toBe(860_000);
    expect(sheet.vence_este_mes).toBe(0);
    expect(sheet.dias_vencidos).toBe(0);
  });

  it('a loan past its due date: everything it owes today is due, days counted', () => {
    // 2026-07-20: 6 months, 8,000 + 800 = 8,800.00, 5 days late (no month past the term yet).
    expect(loanSheet(loan, [payment], '2026-07-20')).toMatchObject({
      estatus: 'VE',
      deuda: 880_000,
      dias_vencidos: 5,
      vence_este_mes: 880_000,
    });
    // 2026-09-16: 8 months → 8,000 + (1,600 − 400) + 2 months late × 300 = 9,800.00;
    // 16 days of July + 31 of August + 16 of September = 63 days.
    expect(loanSheet(loan, [payment], '2026-09-16')).toMatchObject({
      deuda: 980_000,
      dias_vencidos: 63,
      vence_este_mes: 980_000,
    });
  });

  it('a paid, a not started and a future loan owe nothing and fall due nothing', () => {
    const paid = loanSheet(
      { ...loan, estatus_contrato: 'PA', fecha_final: '2026-05-01' },
      [payment],
      '2026-07-20',
    );
    expect(paid).toMatchObject({ estatus: 'PA', deuda: null, dias_vencidos: 0, vence_este_mes: 0 });
    const notStarted = loanSheet({ ...loan, fecha_inicio: null }, [], '2026-07-20');
    expect(notStarted).toMatchObject({ deuda: null, fecha_vencimiento: null, vence_este_mes: 0 });
    const future = loanSheet({ ...loan, fecha_inicio: '2026-08-01' }, [], '2026-07-20');
    expect(future).toMatchObject({ deuda: null, vence_este_mes: 0 });
  });

  it('a pending payment captured on the phone lowers the debt at once', () => {
    const pending: DebtPaymentSource = {
      id: '0190-local',
      fecha_pago: '2026-07-10',
      cantidad: '1600.00',
      abono_capital: '1000.00',
      interes_ord: '600.00',
      interes_mor: '0.00',
      capturado_en: '2026-07-10T15:00:00Z',
    };
    // 8,600.00 − 1,600.00 = 7,000.00 today; on 07-15 one more month: 7,000 + 200 = 7,200.00.
    expect(loanSheet(loan, [payment, pending], '2026-07-10')).toMatchObject({
      deuda: 700_000,
      vence_este_mes: 720_000,
    });
  });
});

describe('the member and the list', () => {
  const lines = (deudas: [number | null, number, number][]): LoanSheet[] =>
    deudas.map(([deuda, vence, dias], i) => ({
      id: i,
      estatus: 'VI',
      fecha_vencimiento: null,
      deuda,
      dias_vencidos: dias,
      vence_este_mes: vence,
    }));

  it('sums the loans and keeps the worst days overdue', () => {
    expect(
      memberDebtFigures(
        lines([
          [150_000, 150_000, 40],
          [null, 0, 0],
          [99_999, 0, 0],
        ]),
      ),
    ).toEqual({ deuda: 249_999, vence_este_mes: 150_000, dias_vencidos: 40 });
  });

  it('sorts by name, by amount due and by days overdue; ties by name', () => {
    const row = (nombre: string, deuda: number, vence: number, dias: number) => ({
      nombre,
      figures: { deuda, vence_este_mes: vence, dias_vencidos: dias },
    });
    const rows = [
      row('Pérez Juana', 500, 0, 0),
      row('álvarez Pedro', 100, 100, 12),
      row('Gómez Ana', 900, 100, 3),
      row('Cruz Luis', 0, 0, 12),
    ];
    const names = (by: 'nombre' | 'adeudo' | 'vencidos') =>
      sortVisitSheet(rows, by).map((r) => r.nombre);
    expect(names('nombre')).toEqual(['álvarez Pedro', 'Cruz Luis', 'Gómez Ana', 'Pérez Juana']);
    expect(names('adeudo')).toEqual(['Gómez Ana', 'álvarez Pedro', 'Pérez Juana', 'Cruz Luis']);
    expect(names('vencidos')).toEqual(['álvarez Pedro', 'Cruz Luis', 'Gómez Ana', 'Pérez Juana']);
  });

  it('finds names without accents or case, and knows the month end', () => {
    expect(searchKey('  José ÁLVAREZ ')).toBe('jose alvarez');
    expect(endOfMonth('2028-02-10')).toBe('2028-02-29');
    expect(endOfMonth('2026-11-28')).toBe('2026-11-30');
  });
});
