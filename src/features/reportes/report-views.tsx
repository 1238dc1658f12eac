/**
 * The six reports on screen: each one's chart (ECharts, loaded on demand by #ui/chart) and
 * table columns. Every figure a chart draws is also in its table, so a phone that cannot draw
 * loses nothing. Money arrives in cents and is shown with #domain/format.
 */
import type { RowData } from '@tanstack/react-table';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { codeLabelKey, PROCESSES, type Lang } from '#domain/codes';
import { formatCurrency, formatKg, formatNumber } from '#domain/format';
import { todayIn } from '#domain/dates';
import { monthOf, monthsFromTo, type MonthKey } from '#domain/reports/months';
import type { ReportName, ReportRow } from '#domain/reports/shapes';
import { Chart, type ChartOption } from '#ui/chart.tsx';
import { DataTable } from '#ui/data-table.tsx';
import { createColumns, type DataTableColumn } from '#ui/data-table-features.ts';
import { useLang } from '#ui/use-lang.ts';
import { daysOrDash, monthLabel, percentOrDash, pesos } from './report-format.ts';

const END = { align: 'end' } as const;
const COLOURS = ['#1e6b8a', '#b3261e', '#1e7b3a', '#c77700', '#6a4c93'];

const money = (cents: number) => formatCurrency(cents);

/** The cell and alignment of a money column (cents, shown as "$1,000.00"). */
const MONEY_COLUMN = {
  cell: (c: { getValue: () => number }) => money(c.getValue()),
  meta: END,
};

/** Axis and tooltip of a chart over months. */
function monthAxis(months: string[], lang: Lang) {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 8, right: 8, top: 40, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: months.map((m) => monthLabel(m, lang)) },
  };
}

const pesosAxis = {
  type: 'value',
  axisLabel: { formatter: (v: number) => `$${formatNumber(v, 0)}` },
};

function parView(rows: ReportRow<'cartera-riesgo'>[], t: TFunction, lang: Lang) {
  const col = createColumns<ReportRow<'cartera-riesgo'>>();
  const columns = col.columns([
    col.accessor('mes', {
      header: t('reportes.col.mes'),
      cell: (c) => monthLabel(c.getValue(), lang),
    }),
    col.accessor('contratos', { header: t('reportes.col.contratos'), meta: END }),
    col.accessor('cartera', { header: t('reportes.col.cartera'), ...MONEY_COLUMN }),
    col.accessor('vencida_30', { header: t('reportes.col.vencida30'), ...MONEY_COLUMN }),
    col.accessor('par30', {
      header: t('reportes.col.par30'),
      cell: (c) => percentOrDash(c.getValue()),
      meta: END,
    }),
    col.accessor('vencida_90', { header: t('reportes.col.vencida90'), ...MONEY_COLUMN }),
    col.accessor('par90', {
      header: t('reportes.col.par90'),
      cell: (c) => percentOrDash(c.getValue()),
      meta: END,
    }),
  ]);
  const chart: ChartOption = {
    ...monthAxis(
      rows.map((r) => r.mes),
      lang,
    ),
    yAxis: [
      { type: 'value', axisLabel: { formatter: '{value} %' } },
      { ...pesosAxis, splitLine: { show: false } },
    ],
    series: [
      {
        name: t('reportes.col.cartera'),
        type: 'bar',
        yAxisIndex: 1,
        data: rows.map((r) => pesos(r.cartera)),
        itemStyle: { color: '#9fb8c8' },
      },
      {
        name: t('reportes.col.par30'),
        type: 'line',
        data: rows.map((r) => r.par30),
        itemStyle: { color: COLOURS[3] },
      },
      {
        name: t('reportes.col.par90'),
        type: 'line',
        data: rows.map((r) => r.par90),
        itemStyle: { color: COLOURS[1] },
      },
    ],
  };
  return { columns, chart };
}

function flowView(rows: ReportRow<'colocacion'>[], t: TFunction, lang: Lang) {
  const col = createColumns<ReportRow<'colocacion'>>();
  const columns = col.columns([
    col.accessor('mes', {
      header: t('reportes.col.mes'),
      cell: (c) => monthLabel(c.getValue(), lang),
    }),
    col.accessor('desembolsos', { header: t('reportes.col.desembolsos'), meta: END }),
    col.accessor('desembolsado', { header: t('reportes.col.desembolsado'), ...MONEY_COLUMN }),
    col.accessor('pagos', { header: t('reportes.col.pagos'), meta: END }),
    col.accessor('capital', { header: t('reportes.col.capital'), ...MONEY_COLUMN }),
    col.accessor('interes_ordinario', {
      header: t('reportes.col.interesOrdinario'),
      ...MONEY_COLUMN,
    }),
    col.accessor('interes_moratorio', {
      header: t('reportes.col.interesMoratorio'),
      ...MONEY_COLUMN,
    }),
    col.accessor('recuperado', { header: t('reportes.col.recuperado'), ...MONEY_COLUMN }),
  ]);
  const chart: ChartOption = {
    ...monthAxis(
      rows.map((r) => r.mes),
      lang,
    ),
    yAxis: pesosAxis,
    series: [
      {
        name: t('reportes.col.desembolsado'),
        type: 'bar',
        data: rows.map((r) => pesos(r.desembolsado)),
        itemStyle: { color: COLOURS[0] },
      },
      {
        name: t('reportes.col.capital'),
        type: 'bar',
        stack: 'in',
        data: rows.map((r) => pesos(r.capital)),
        itemStyle: { color: COLOURS[2] },
      },
      {
        name: t('reportes.col.interesOrdinario'),
        type: 'bar',
        stack: 'in',
        data: rows.map((r) => pesos(r.interes_ordinario)),
        itemStyle: { color: COLOURS[3] },
      },
      {
        name: t('reportes.col.interesMoratorio'),
        type: 'bar',
        stack: 'in',
        data: rows.map((r) => pesos(r.interes_moratorio)),
        itemStyle: { color: COLOURS[1] },
      },
    ],
  };
  return { columns, chart };
}

/**
 * The months a chart over the period draws: every month from `desde` up to `hasta` or the
 * current month, whichever comes first — a month with nothing is drawn empty, not left out.
 */
export function periodMonths(desde: MonthKey, hasta: MonthKey): MonthKey[] {
  const now = monthOf(todayIn());
  return monthsFromTo(desde, hasta < now ? hasta : now);
}

export function collectionView(
  rows: ReportRow<'acopios'>[],
  months: MonthKey[],
  t: TFunction,
  lang: Lang,
) {
  const col = createColumns<ReportRow<'acopios'>>();
  const product = (code: (typeof PROCESSES)[number]) => t(codeLabelKey('processes', code));
  const columns = col.columns([
    col.accessor('mes', {
      header: t('reportes.col.mes'),
      cell: (c) => monthLabel(c.getValue(), lang),
    }),
    col.accessor((r) => product(r.producto), {
      id: 'producto',
      header: t('reportes.col.producto'),
    }),
    col.accessor('nombre_region', { header: t('reportes.col.region') }),
    col.accessor('entregas', { header: t('reportes.col.entregas'), meta: END }),
    col.accessor('kilos', {
      header: t('reportes.col.kilos'),
      cell: (c) => formatKg(c.getValue()),
      meta: END,
    }),
    col.accessor('ingreso', { header: t('reportes.col.ingreso'), ...MONEY_COLUMN }),
  ]);
  const income = (p: string, m: string) =>
    pesos(rows.filter((r) => r.producto === p && r.mes === m).reduce((s, r) => s + r.ingreso, 0));
  const chart: ChartOption = {
    ...monthAxis(months, lang),
    yAxis: pesosAxis,
    series: PROCESSES.filter((p) => rows.some((r) => r.producto === p)).map((p, i) => ({
      name: product(p),
      type: 'bar',
      stack: 'ingreso',
      data: months.map((m) => income(p, m)),
      itemStyle: { color: COLOURS[i % COLOURS.length] },
    })),
  };
  return { columns, chart };
}

function savingsView(rows: ReportRow<'ahorro'>[], t: TFunction, lang: Lang) {
  const col = createColumns<ReportRow<'ahorro'>>();
  const columns = col.columns([
    col.accessor('mes', {
      header: t('reportes.col.mes'),
      cell: (c) => monthLabel(c.getValue(), lang),
    }),
    col.accessor('n_aportaciones', { header: t('reportes.col.nAportaciones'), meta: END }),
    col.accessor('aportaciones', { header: t('reportes.col.aportaciones'), ...MONEY_COLUMN }),
    col.accessor('n_retiros', { header: t('reportes.col.nRetiros'), meta: END }),
    col.accessor('retiros', { header: t('reportes.col.retiros'), ...MONEY_COLUMN }),
    col.accessor('neto', { header: t('reportes.col.neto'), ...MONEY_COLUMN }),
  ]);
  const chart: ChartOption = {
    ...monthAxis(
      rows.map((r) => r.mes),
      lang,
    ),
    yAxis: pesosAxis,
    series: [
      {
        name: t('reportes.col.aportaciones'),
        type: 'bar',
        data: rows.map((r) => pesos(r.aportaciones)),
        itemStyle: { color: COLOURS[2] },
      },
      {
        name: t('reportes.col.retiros'),
        type: 'bar',
        data: rows.map((r) => pesos(r.retiros)),
        itemStyle: { color: COLOURS[1] },
      },
      {
        name: t('reportes.col.neto'),
        type: 'line',
        data: rows.map((r) => pesos(r.neto)),
        itemStyle: { color: COLOURS[0] },
      },
    ],
  };
  return { columns, chart };
}

function funnelView(rows: ReportRow<'embudo'>[], t: TFunction) {
  const col = createColumns<ReportRow<'embudo'>>();
  const step = (paso: string) => t(`reportes.steps.${paso}`);
  const columns = col.columns([
    col.accessor((r) => step(r.paso), { id: 'paso', header: t('reportes.col.paso') }),
    col.accessor('solicitudes', { header: t('reportes.col.solicitudes'), meta: END }),
    col.accessor('porcentaje', {
      header: t('reportes.col.porcentaje'),
      cell: (c) => percentOrDash(c.getValue()),
      meta: END,
    }),
    col.accessor('mediana_dias', {
      header: t('reportes.col.medianaDias'),
      cell: (c) => daysOrDash(c.getValue()),
      meta: END,
    }),
  ]);
  const ordered = [...rows].reverse();
  const chart: ChartOption = {
    tooltip: { trigger: 'axis' },
    grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: 'value' },
    yAxis: { type: 'category', data: ordered.map((r) => step(r.paso)) },
    series: [
      {
        name: t('reportes.col.solicitudes'),
        type: 'bar',
        data: ordered.map((r) => r.solicitudes),
        label: { show: true, position: 'right' },
        itemStyle: { color: COLOURS[0] },
      },
    ],
  };
  return { columns, chart };
}

function coverageView(rows: ReportRow<'cobertura'>[], t: TFunction, lang: Lang) {
  const col = createColumns<ReportRow<'cobertura'>>();
  const count = (key: 'comunidades' | 'visitas' | 'socios_vistos' | 'ausentes') =>
    col.accessor(key, { header: t(`reportes.col.${key}`), meta: END });
  const columns = col.columns([
    col.accessor('mes', {
      header: t('reportes.col.mes'),
      cell: (c) => monthLabel(c.getValue(), lang),
    }),
    col.accessor('nombre_promotor', { header: t('reportes.col.promotor') }),
    count('comunidades'),
    count('visitas'),
    count('socios_vistos'),
    count('ausentes'),
    col.accessor('cobrado', { header: t('reportes.col.cobrado'), ...MONEY_COLUMN }),
    col.accessor('por_cobrar', { header: t('reportes.col.por_cobrar'), ...MONEY_COLUMN }),
    col.accessor('cobertura', {
      header: t('reportes.col.cobertura'),
      cell: (c) => percentOrDash(c.getValue()),
      meta: END,
    }),
    col.accessor('promesas', { header: t('reportes.col.promesas'), meta: END }),
    col.accessor('cumplidas', { header: t('reportes.col.cumplidas'), meta: END }),
    col.accessor('incumplidas', { header: t('reportes.col.incumplidas'), meta: END }),
    col.accessor('pendientes', { header: t('reportes.col.pendientes'), meta: END }),
  ]);
  // The chart adds the promoters of each month; the table keeps them apart.
  const months = [...new Set(rows.map((r) => r.mes))].sort();
  const sum = (m: string, pick: (r: ReportRow<'cobertura'>) => number) =>
    rows.filter((r) => r.mes === m).reduce((s, r) => s + pick(r), 0);
  const chart: ChartOption = {
    ...monthAxis(months, lang),
    yAxis: [pesosAxis, { type: 'value', minInterval: 1, splitLine: { show: false } }],
    series: [
      {
        name: t('reportes.col.por_cobrar'),
        type: 'bar',
        data: months.map((m) => pesos(sum(m, (r) => r.por_cobrar))),
        itemStyle: { color: '#9fb8c8' },
      },
      {
        name: t('reportes.col.cobrado'),
        type: 'bar',
        data: months.map((m) => pesos(sum(m, (r) => r.cobrado))),
        itemStyle: { color: COLOURS[2] },
      },
      {
        name: t('reportes.col.cumplidas'),
        type: 'line',
        yAxisIndex: 1,
        data: months.map((m) => sum(m, (r) => r.cumplidas)),
        itemStyle: { color: COLOURS[0] },
      },
      {
        name: t('reportes.col.incumplidas'),
        type: 'line',
        yAxisIndex: 1,
        data: months.map((m) => sum(m, (r) => r.incumplidas)),
        itemStyle: { color: COLOURS[1] },
      },
    ],
  };
  return { columns, chart };
}

/** A report's answer with its name, so the view can tell which rows it holds. */
export type LoadedReport = {
  [R in ReportName]: { report: R; filas: ReportRow<R>[]; desde: MonthKey; hasta: MonthKey };
}[ReportName];

interface PanelProps<Row extends RowData> {
  id: string;
  title: string;
  view: { columns: DataTableColumn<Row>[]; chart: ChartOption };
  rows: readonly Row[];
  toolbar: ReactNode;
}

/** Chart above (or beside, on a wide screen) the table with its export. */
function ReportPanel<Row extends RowData>({ id, title, view, rows, toolbar }: PanelProps<Row>) {
  const { t } = useTranslation();
  return (
    <div className="report-body">
      <Chart option={view.chart} label={title} height={300} className="report-chart" />
      <div className="report-table">
        <DataTable
          id={`report-${id}`}
          data={rows}
          columns={view.columns}
          caption={title}
          hideSearch
          toolbar={toolbar}
          emptyText={t('reportes.empty')}
        />
      </div>
    </div>
  );
}

/** The loaded report's chart and table, in the current language. */
export function ReportContent(props: { loaded: LoadedReport; title: string; toolbar: ReactNode }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { loaded, title, toolbar } = props;
  // One memo per answer: the views are rebuilt only when the rows or the language change.
  const view = useMemo(() => {
    const shared = { id: loaded.report, title, toolbar };
    switch (loaded.report) {
      case 'cartera-riesgo':
        return (
          <ReportPanel {...shared} view={parView(loaded.filas, t, lang)} rows={loaded.filas} />
        );
      case 'colocacion':
        return (
          <ReportPanel {...shared} view={flowView(loaded.filas, t, lang)} rows={loaded.filas} />
        );
      case 'acopios':
        return (
          <ReportPanel
            {...shared}
            view={collectionView(loaded.filas, periodMonths(loaded.desde, loaded.hasta), t, lang)}
            rows={loaded.filas}
          />
        );
      case 'ahorro':
        return (
          <ReportPanel {...shared} view={savingsView(loaded.filas, t, lang)} rows={loaded.filas} />
        );
      case 'embudo':
        return <ReportPanel {...shared} view={funnelView(loaded.filas, t)} rows={loaded.filas} />;
      case 'cobertura':
        return (
          <ReportPanel {...shared} view={coverageView(loaded.filas, t, lang)} rows={loaded.filas} />
        );
    }
  }, [loaded, t, lang, title, toolbar]);
  return view;
}
