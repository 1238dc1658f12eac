/**
 * The requested amount against the member's yearly delivery income (chart
 * labels: Monto Solicitado, Café, Miel, Jabones, Salarios; MXN): one stacked bar per year and
 * process, the requested amount as a line across the years. ECharts loads only here (through
 * #ui/chart.tsx); the same figures are in the table under the chart.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { codeLabelKey, PROCESSES, type Process } from '#domain/codes';
import type { YearSum } from '#domain/deliveries';
import { formatCurrency } from '#domain/format';
import { Chart, type ChartOption } from '#ui/chart.tsx';
import { Currency } from '#ui/money.tsx';
import { ScrollRegion } from '#ui/scroll-region.tsx';

const COLUMN: Record<Process, keyof Omit<YearSum, 'fecha__year'>> = {
  CF: 'year_sum_cf',
  MI: 'year_sum_mi',
  JA: 'year_sum_ja',
  SL: 'year_sum_sl',
};

const COLOUR: Record<Process, string> = {
  CF: '#6b4226',
  MI: '#d19a00',
  JA: '#3f7fae',
  SL: '#5b8c3a',
};

const REQUESTED_COLOUR = '#b3261e';

/** Cents as pesos for the chart's axis (display only; the table shows exact figures). */
const pesos = (cents: number) => cents / 100;

export function EvaluacionChart({ years, requested }: { years: YearSum[]; requested: number }) {
  const { t } = useTranslation();
  const option = useMemo<ChartOption>(() => {
    const labels = years.map((y) => String(y.fecha__year));
    const requestedLabel = t('evaluacion.chart.requested');
    return {
      color: [...PROCESSES.map((p) => COLOUR[p]), REQUESTED_COLOUR],
      tooltip: {
        trigger: 'axis',
        valueFormatter: (value: unknown) =>
          typeof value === 'number' ? formatCurrency(Math.round(value * 100)) : String(value),
      },
      // Below the bars and wrapping, so every series (the requested amount too) stays visible.
      legend: { bottom: 0, type: 'plain' },
      // ECharts 6 keeps the axis labels inside the box by itself (outerBounds).
      grid: { left: 8, right: 8, bottom: 64, top: 32 },
      xAxis: { type: 'category', data: labels },
      yAxis: { type: 'value', name: t('evaluacion.chart.unit') },
      series: [
        ...PROCESSES.map((p) => ({
          name: t(codeLabelKey('processes', p)),
          type: 'bar',
          stack: 'entregas',
          data: years.map((y) => pesos(y[COLUMN[p]])),
        })),
        {
          name: requestedLabel,
          type: 'line',
          symbol: 'none',
          lineStyle: { width: 3, type: 'dashed' },
          data: years.map(() => pesos(requested)),
        },
      ],
    };
  }, [years, requested, t]);

  return (
    <section className="card review-card" aria-labelledby="evaluacion-chart-title">
      <h2 id="evaluacion-chart-title" className="review-card-title">
        {t('evaluacion.chart.title')}
      </h2>
      {years.length === 0 ? (
        <p className="review-note">{t('evaluacion.chart.empty')}</p>
      ) : (
        <>
          <Chart option={option} label={t('evaluacion.chart.title')} height={320} />
          <ScrollRegion className="review-table-wrap" label={t('evaluacion.chart.tableCaption')}>
            <table className="review-table" data-testid="evaluacion-years">
              <caption className="sr-only">{t('evaluacion.chart.tableCaption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('evaluacion.chart.year')}</th>
                  {PROCESSES.map((p) => (
                    <th key={p} scope="col" className="num">
                      {t(codeLabelKey('processes', p))}
                    </th>
                  ))}
                  <th scope="col" className="num">
                    {t('evaluacion.chart.total')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {years.map((y) => (
                  <tr key={y.fecha__year}>
                    <th scope="row">{y.fecha__year}</th>
                    {PROCESSES.map((p) => (
                      <td key={p} className="num">
                        <Currency cents={y[COLUMN[p]]} />
                      </td>
                    ))}
                    <td className="num">
                      <Currency cents={PROCESSES.reduce((sum, p) => sum + y[COLUMN[p]], 0)} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </>
      )}
    </section>
  );
}
