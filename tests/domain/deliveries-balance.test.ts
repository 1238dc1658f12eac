import { describe, expect, it } from 'vitest';
import { balanceOf, withdrawalFits } from '#domain/balance';
import { yearSums, type AcopioForSum } from '#domain/deliveries';

const acopios: AcopioForSum[] = [
  { fecha: '2025-03-01', tipo_de_producto: 'CF', ingreso: 150_050, kilos_milli: 120_500 },
  { fecha: '2025-11-30', tipo_de_producto: 'CF', ingreso: 49_950, kilos_milli: 79_500 },
  { fecha: '2025-06-01', tipo_de_producto: 'MI', ingreso: 80_000, kilos_milli: 30_250 },
  { fecha: '2024-12-31', tipo_de_producto: 'JA', ingreso: 12_000, kilos_milli: null },
  { fecha: '2026-01-01', tipo_de_producto: 'SL', ingreso: 300_000, kilos_milli: null },
];

describe('yearly delivery sums', () => {
  it('sums income per year and process, oldest year first', () => {
    expect(yearSums(acopios, { kg: false, processes: ['CF', 'MI', 'JA', 'SL'] })).toEqual([
      { fecha__year: 2024, year_sum_cf: 0, year_sum_mi: 0, year_sum_ja: 12_000, year_sum_sl: 0 },
      {
        fecha__year: 2025,
        year_sum_cf: 200_000,
        year_sum_mi: 80_000,
        year_sum_ja: 0,
        year_sum_sl: 0,
      },
      { fecha__year: 2026, year_sum_cf: 0, year_sum_mi: 0, year_sum_ja: 0, year_sum_sl: 300_000 },
    ]);
  });

  it('sums kilos exactly with kg, and only the processes asked for', () => {
    expect(yearSums(acopios, { kg: true, processes: ['CF'] })).toEqual([
      { fecha__year: 2025, year_sum_cf: 200, year_sum_mi: 0, year_sum_ja: 0, year_sum_sl: 0 },
    ]);
    expect(yearSums(acopios, { kg: true, processes: ['MI'] })[0]?.year_sum_mi).toBe(30.25);
    expect(yearSums(acopios, { kg: false, processes: [] })).toEqual([]);
  });
});

describe('contribution balance', () => {
  it('is contributions minus withdrawals; null without movements', () => {
    expect(
      balanceOf([
        { monto: 50_000, aportacion: true },
        { monto: 20_001, aportacion: true },
        { monto: 30_000, aportacion: false },
      ]),
    ).toEqual({ saldo: 40_001, aportaciones: 70_001, retiros: 30_000 });
    expect(balanceOf([])).toBeNull();
  });

  it('a withdrawal fits up to the balance, never above it', () => {
    const b = balanceOf([{ monto: 10_000, aportacion: true }]);
    expect(withdrawalFits(b, 10_000)).toBe(true);
    expect(withdrawalFits(b, 10_001)).toBe(false);
    expect(withdrawalFits(null, 1)).toBe(false);
  });
});
