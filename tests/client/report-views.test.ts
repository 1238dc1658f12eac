/**
 * The collections chart over the report's period: a month without deliveries is drawn empty
 * (a zero bar), never left out of the axis, and the axis stops at the current month.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, useSpanish } from '#tests/helpers/i18n-test';
import { collectionView, periodMonths } from '#features/reportes/report-views.tsx';

afterEach(() => {
  vi.useRealTimers();
});

const row = (mes: string, producto: 'CF' | 'MI', ingreso: number) => ({
  mes,
  producto,
  region: 1,
  nombre_region: 'Región 1',
  entregas: 1,
  kilos: 10,
  ingreso,
});

interface Series {
  name: string;
  data: number[];
}

describe('collections chart', () => {
  it('draws every month of the period, the empty ones at zero, up to the current month', async () => {
    await useSpanish();
    // 15 May 2026 in Chiapas: June and July of the period have not begun.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-05-15T18:00:00Z'));
    const months = periodMonths('2026-01', '2026-07');
    expect(months).toEqual(['2026-01', '2026-02', '2026-03', '2026-04', '2026-05']);

    // Coffee in January and March, honey in March only: February, April and May had none.
    const rows = [
      row('2026-01', 'CF', 150_000),
      row('2026-03', 'CF', 20_050),
      row('2026-03', 'MI', 9_900),
    ];
    const { chart } = collectionView(rows, months, i18n.t, 'es');
    const axis = chart.xAxis as { data: string[] };
    expect(axis.data).toEqual(['ene 2026', 'feb 2026', 'mar 2026', 'abr 2026', 'may 2026']);
    const series = chart.series as Series[];
    expect(series.map((s) => [s.name, s.data])).toEqual([
      ['Café', [1500, 0, 200.5, 0, 0]],
      ['Miel', [0, 0, 99, 0, 0]],
    ]);
  });
});
