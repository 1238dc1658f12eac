import { describe, expect, it } from 'vitest';
import { amortizationTable } from '#domain/amortization';
import type { DebtContract } from '#domain/debt';
import { addDays } from '#domain/dates';
import {
  portfolioAt,
  portfolioByRegion,
  regionColour,
  type PortfolioInput,
} from '#domain/portfolio';

function contract(over: Partial<DebtContract> = {}): DebtContract {
  return {
    monto: 100_000,
    tasa: '2',
    tasa_moratoria: '3',
    tipo_tasa: 'FI',
    plazo: 1,
    prorroga: 0,
    fecha_inicio: '2026-01-01',
    estatus: 'DP',
    estatus_ejecucion: 'CO',
    fecha_final: null,
    ...over,
  };
}

function item(
  id: number,
  over: Partial<DebtContract> = {},
  extra: Partial<PortfolioInput> = {},
): PortfolioInput {
  return { id, region: 1, fondo_comun: false, contract: contract(over), payments: [], ...extra };
}

// Due date of the default contract: 2026-02-01.
const DUE = '2026-02-01';

describe('portfolio at a date', () => {
  it('puts a contract in the overdue bands by days past due: 30 | 31 | 180 | 181', () => {
    for (const [days, band] of [
      [30, 'vencidosLT30'],
      [31, 'vencidos30to6M'],
      [180, 'vencidos30to6M'],
      [181, 'vencidosGT6M'],
    ] as const) {
      const p = portfolioAt([item(1)], addDays(DUE, days));
      expect(p.vencidos_count, `${days} days`).toBe(1);
      expect(p[band], `${days} days`).toEqual({ count: 1, total: 100_000 });
      expect(p.vencidos[0]).toMatchObject({ id: 1, dias_vencidos: days, estatus: 'VE' });
    }
  });

  it('counts a contract current up to its due date', () => {
    const p = portfolioAt([item(1)], DUE);
    expect(p).toMatchObject({ vigentes_count: 1, vigentes_total: 100_000, vencidos_count: 0 });
    expect(p.vigentes).toEqual([
      { id: 1, region: 1, estatus: 'VI', capital: 100_000, dias_vencidos: 0 },
    ]);
  });

  it('sums pending capital, not debt with interest', () => {
    const paid = item(
      1,
      {},
      {
        payments: [
          {
            fecha_pago: '2026-01-20',
            cantidad: 40_000,
            abono_capital: 40_000,
            interes_ord: 0,
            interes_mor: 0,
            deuda_prev_int_ord: 0,
            deuda_prev_int_mor: 0,
            orden: 1,
          },
        ],
      },
    );
    expect(portfolioAt([paid], '2026-01-25').vigentes_total).toBe(60_000);
  });

  it('leaves out contracts not started, not disbursed, started later or settled before the date', () => {
    const p = portfolioAt(
      [
        item(1, { fecha_inicio: null }),
        item(2, { estatus_ejecucion: 'PC' }),
        item(3, { fecha_inicio: '2026-03-01' }),
        item(4, { estatus: 'PA', fecha_final: '2026-01-10' }),
        item(5, { estatus: 'CN', fecha_final: '2026-01-10' }),
      ],
      '2026-01-20',
    );
    expect(p.vigentes_count + p.vencidos_count).toBe(0);
  });

  it('counts a contract settled after the date as pending at that date', () => {
    const p = portfolioAt([item(1, { estatus: 'PA', fecha_final: '2026-06-01' })], '2026-01-20');
    expect(p.vigentes_count).toBe(1);
  });

  it('keeps shared funds apart', () => {
    const items = [item(1), item(2, {}, { fondo_comun: true })];
    expect(portfolioAt(items, '2026-01-20').vigentes.map((e) => e.id)).toEqual([1]);
    expect(
      portfolioAt(items, '2026-01-20', { fondocomun: true }).vigentes.map((e) => e.id),
    ).toEqual([2]);
  });

  it('splits per region, every region present', () => {
    const rows = portfolioByRegion(
      [item(1), item(2, {}, { region: 3 }), item(3, { fecha_inicio: '2025-06-01' }, { region: 3 })],
      '2026-01-20',
      [1, 2, 3],
    );
    expect(rows.map((r) => [r.region, r.vigentes_count, r.vencidos_count])).toEqual([
      [1, 1, 0],
      [2, 0, 0],
      [3, 1, 1],
    ]);
  });
});

describe('region colour', () => {
  const base = { vigentes_count: 0, vencidos_count: 0, vigentes_total: 0, vencidos_total: 0 };
  it('grey without loans', () => expect(regionColour(base)).toBe('grey'));
  it('green with current loans and none overdue', () =>
    expect(regionColour({ ...base, vigentes_count: 2, vigentes_total: 500 })).toBe('green'));
  it('yellow when overdue does not exceed current (equal is yellow)', () =>
    expect(
      regionColour({
        vigentes_count: 1,
        vigentes_total: 500,
        vencidos_count: 1,
        vencidos_total: 500,
      }),
    ).toBe('yellow'));
  it('red when overdue exceeds current by a cent', () =>
    expect(
      regionColour({
        vigentes_count: 1,
        vigentes_total: 500,
        vencidos_count: 1,
        vencidos_total: 501,
      }),
    ).toBe('red'));
  it('red with only overdue loans', () =>
    expect(regionColour({ ...base, vencidos_count: 1, vencidos_total: 1 })).toBe('red'));
});

describe('amortisation table', () => {
  // $10,000.00 at 2 % a month (200 a month), late 3 % (300 a month), 6 months + 2 extension.
  const table = amortizationTable({
    monto: 1_000_000,
    tasa: '2',
    tasa_moratoria: '3',
    plazo: 6,
    prorroga: 2,
    fecha_inicio: '2026-01-31',
  });

  it('runs from month 1 to twice the term plus extension', () => {
    expect(table.rows.map((r) => r.mes)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    expect(table.rows[0]!.fecha).toBe('2026-02-28');
  });

  it('is simple interest on the amount; months past the term add the late rate', () => {
    expect(table.rows[7]).toMatchObject({
      mes: 8,
      interes_ordinario: 160_000,
      interes_moratorio: 0,
      total: 1_160_000,
    });
    expect(table.rows[8]).toMatchObject({
      mes: 9,
      interes_ordinario: 180_000,
      interes_moratorio: 30_000,
      total: 1_210_000,
    });
    expect(table.rows[15]).toMatchObject({
      mes: 16,
      interes_ordinario: 320_000,
      interes_moratorio: 240_000,
    });
  });

  it('totals the interest over term plus extension', () => {
    expect(table.interes_total).toBe(160_000);
    expect(table.total_a_pagar).toBe(1_160_000);
  });
});
