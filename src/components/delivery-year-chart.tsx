/**
 * Yearly delivery sums (docs/business-rules.md#collections): one bar series per process,
 * labelled Café, Miel, Jabones, Salarios, in kg or MXN, drawn with the on-demand `Chart`; and
 * the same figures as a table, so every number of the chart is readable without it. Takes the
 * rows of `yearSums` (#domain/deliveries): income in cents, kilos in kg.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { codeLabelKey, type Process } from '#domain/codes';
import type { YearSum } from '#domain/deliveries';
import { formatCurrency, formatKg } from '#domain/format';
import { Chart, type ChartOption } from '#ui/chart.tsx';
import './delivery.css';

export const PROCESS_COLUMN: Readonly<Record<Process, keyof Omit<YearSum, 'fecha__year'>>> = {
  CF: 'year_sum_cf',
  MI: 'year_sum_mi',
  JA: 'year_sum_ja',
  SL: 'year_sum_sl',
};

/** One colour per process, the same on every chart. */
export const PROCESS_COLOR: Readonly<Record<Process, string>> = {
  CF: '#6f4e37',
  MI: '#c98a00',
  JA: '#2f7d9a',
  SL: '#1f5130',
};

export interface DeliveryYearProps {
  /** Rows of `yearSums`: income in cents, kilos in kg. */
  rows: readonly YearSum[];
  processes: readonly Process[];
  kg: boolean;
}

/** A figure as the table and tooltip show it. */
function figure(value: number, kg: boolean): string {
  return kg ? formatKg(value) : formatCurrency(Math.round(value));
}

export function deliveryChartOption(
  { rows, processes, kg }: DeliveryYearProps,
  label: (process: Process) => string,
  unit: string,
): ChartOption {
  return {
    // No growing bars: cheap phones redraw at once, and what is shown is the final figure.
    animation: false,
    color: processes.map((p) => PROCESS_COLOR[p]),
    legend: { top: 0, data: processes.map(label) },
    grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (value: unknown) =>
        typeof value === 'number' ? figure(kg ? value : value * 100, kg) : String(value),
    },
    xAxis: { type: 'category', data: rows.map((r) => String(r.fecha__year)) },
    yAxis: { type: 'value', name: unit },
    series: processes.map((p) => ({
      type: 'bar',
      name: label(p),
      // Income travels in cents; the axis reads pesos, like the API's year_sum.
      data: rows.map((r) => (kg ? r[PROCESS_COLUMN[p]] : r[PROCESS_COLUMN[p]] / 100)),
    })),
  };
}

export function DeliveryYearChart(
  props: DeliveryYearProps & {
    /** Accessible name of the chart (already translated). */
    label: string;
    /** Name of the value axis, "kg" or "MXN" (already translated). */
    unit: string;
    height?: number;
  },
) {
  const { t } = useTranslation();
  const { rows, processes, kg, unit } = props;
  const option = useMemo(
    () =>
      deliveryChartOption({ rows, processes, kg }, (p) => t(codeLabelKey('processes', p)), unit),
    [rows, processes, kg, t, unit],
  );
  return <Chart option={option} label={props.label} height={props.height ?? 280} />;
}

export function DeliveryYearTable({
  rows,
  processes,
  kg,
  caption,
  yearLabel,
}: DeliveryYearProps & {
  caption: string;
  /** Header of the year column (already translated). */
  yearLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="delivery-table-wrap">
      <table className="delivery-table" data-testid="delivery-year-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{yearLabel}</th>
            {processes.map((p) => (
              <th key={p} scope="col" className="is-end">
                {t(codeLabelKey('processes', p))}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.fecha__year}>
              <th scope="row">{row.fecha__year}</th>
              {processes.map((p) => (
                <td key={p} className="is-end num" data-process={p}>
                  {figure(row[PROCESS_COLUMN[p]], kg)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
