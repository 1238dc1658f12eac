/**
 * Replicated delivery rows as the pure calculators read them: exact kilos and income from the
 * API's decimal strings, unreadable rows left out, and the yearly sums in the units
 * GET /acopios/year_sum/ answers (pesos or kg).
 */
import { describe, expect, it } from 'vitest';
import { balanceOf } from '#domain/balance';
import { yearSums } from '#domain/deliveries';
import {
  acopioForSum,
  acopiosForSum,
  movementForBalance,
  yearSumsInAnswerUnits,
} from '#domain/delivery-rows';

const row = (fecha: string, tipo: 'CF' | 'MI' | 'JA', ingreso: string, kilos: string | null) => ({
  fecha,
  tipo_de_producto: tipo,
  ingreso,
  kilos_de_producto: kilos,
});

describe('delivery rows', () => {
  it('reads income in cents and kilos in grams, exactly', () => {
    expect(acopioForSum(row('2024-01-02', 'CF', '1040.50', '12.35'))).toEqual({
      fecha: '2024-01-02',
      tipo_de_producto: 'CF',
      ingreso: 104050,
      kilos_milli: 12350,
    });
    expect(acopioForSum(row('2024-01-02', 'JA', '10.00', null))?.kilos_milli).toBeNull();
    expect(acopioForSum(row('2024-01-02', 'CF', 'abc', '1.00'))).toBeNull();
    expect(
      acopiosForSum([row('2024-01-02', 'CF', 'x', null), row('2024-01-02', 'CF', '1', null)]),
    ).toHaveLength(1);
  });

  it('sums in the units of the API: pesos and kg, no float drift on cents', () => {
    const rows = acopiosForSum([
      row('2023-05-01', 'CF', '0.10', '0.10'),
      row('2023-06-01', 'CF', '0.20', '0.20'),
      row('2024-01-01', 'MI', '1100.00', '20.10'),
    ]);
    const processes = ['CF', 'MI'] as const;
    expect(yearSumsInAnswerUnits(yearSums(rows, { kg: false, processes }), false)).toEqual([
      { fecha__year: 2023, year_sum_cf: 0.3, year_sum_mi: 0, year_sum_ja: 0, year_sum_sl: 0 },
      { fecha__year: 2024, year_sum_cf: 0, year_sum_mi: 1100, year_sum_ja: 0, year_sum_sl: 0 },
    ]);
    expect(yearSumsInAnswerUnits(yearSums(rows, { kg: true, processes }), true)).toEqual([
      { fecha__year: 2023, year_sum_cf: 0.3, year_sum_mi: 0, year_sum_ja: 0, year_sum_sl: 0 },
      { fecha__year: 2024, year_sum_cf: 0, year_sum_mi: 20.1, year_sum_ja: 0, year_sum_sl: 0 },
    ]);
  });

  it('reads a movement for the balance', () => {
    const movements = [
      movementForBalance({ monto: '1000.00', aportacion: true }),
      movementForBalance({ monto: '200.50', aportacion: false }),
    ];
    expect(movementForBalance({ monto: '', aportacion: true })).toBeNull();
    expect(balanceOf(movements.filter((m) => m !== null))).toEqual({
      saldo: 79950,
      aportaciones: 100000,
      retiros: 20050,
    });
  });
});
