/**
 * Reports (/reportes, CO, GE, VI): portfolio at risk, disbursements and
 * recoveries, collections, savings and the requests funnel, each computed on the server over a
 * period of months, a region and a promoter, shown as a chart and a table and downloadable as
 * a spreadsheet. Live from the server, so online only.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { todayIn } from '#domain/dates';
import { addMonthsToKey, MAX_REPORT_MONTHS, monthOf, type MonthKey } from '#domain/reports/months';
import { REPORTS, type ReportFilters, type ReportName } from '#domain/reports/shapes';
import { isApiError, isNetworkError } from '#api/errors';
import { fetchReport, fetchReportFilters, fetchReportXlsx, type ReportQuery } from '#api/reportes';
import { Button } from '#ui/button.tsx';
import { DownloadStatus, useFileDownload } from '#ui/file-download.tsx';
import { saveBlob } from '#ui/save-blob.ts';
import { Spinner } from '#ui/spinner.tsx';
import { onTabListKeyDown } from '#ui/tab-keys.ts';
import { useLang } from '#ui/use-lang.ts';
import { useOnline } from '#ui/use-online.ts';
import { monthLabel } from './report-format.ts';
import { ReportContent, type LoadedReport } from './report-views.tsx';
import './reports.css';

type Load =
  | { state: 'loading' }
  | { state: 'ready'; loaded: LoadedReport }
  | { state: 'failed'; message: string | null; offline: boolean };

async function load(report: ReportName, query: ReportQuery): Promise<LoadedReport> {
  switch (report) {
    case 'cartera-riesgo':
      return { report, ...(await fetchReport[report](query)) };
    case 'colocacion':
      return { report, ...(await fetchReport[report](query)) };
    case 'acopios':
      return { report, ...(await fetchReport[report](query)) };
    case 'ahorro':
      return { report, ...(await fetchReport[report](query)) };
    case 'embudo':
      return { report, ...(await fetchReport[report](query)) };
    case 'cobertura':
      return { report, ...(await fetchReport[report](query)) };
  }
}

/** The server's 400 messages (a bad period), one line. */
function refusalText(error: unknown): string | null {
  if (!isApiError(error) || error.status !== 400) return null;
  const body: unknown = error.body;
  if (typeof body !== 'object' || body === null) return null;
  const messages = Object.values(body).flatMap((v: unknown) =>
    Array.isArray(v) ? v.filter((m): m is string => typeof m === 'string') : [],
  );
  return messages.length > 0 ? messages.join(' ') : null;
}

/** The last 24 months, as the server's default. */
function defaultQuery(): ReportQuery {
  const hasta = monthOf(todayIn());
  return { desde: addMonthsToKey(hasta, -23), hasta, region: null, promotor: null };
}

/**
 * The months a report can start or end on, newest first, named in the interface language (a
 * native month input shows the browser's own language and format instead).
 */
function reportMonths(): MonthKey[] {
  const last = monthOf(todayIn());
  return Array.from({ length: MAX_REPORT_MONTHS }, (_, i) => addMonthsToKey(last, -i));
}

function MonthSelect(props: {
  id: string;
  label: string;
  value: MonthKey;
  testId: string;
  onChange: (month: MonthKey) => void;
}) {
  const lang = useLang();
  const months = reportMonths();
  // A period chosen earlier (kept in the address) may be older than the list.
  const options = months.includes(props.value) ? months : [...months, props.value];
  return (
    <label className="report-filter" htmlFor={props.id}>
      <span>{props.label}</span>
      <select
        id={props.id}
        className="input"
        value={props.value}
        data-testid={props.testId}
        onChange={(e) => props.onChange(e.target.value)}
      >
        {options.map((m) => (
          <option key={m} value={m}>
            {monthLabel(m, lang)}
          </option>
        ))}
      </select>
    </label>
  );
}

function Filters(props: {
  query: ReportQuery;
  choices: ReportFilters | null;
  onChange: (query: ReportQuery) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { query, choices, onChange } = props;
  const idOf = (value: string) => (value === '' ? null : Number(value));
  return (
    <form
      className="report-filters"
      aria-label={t('reportes.filters')}
      onSubmit={(event) => event.preventDefault()}
    >
      <MonthSelect
        id={`${id}-desde`}
        label={t('reportes.desde')}
        value={query.desde}
        testId="report-desde"
        onChange={(desde) => onChange({ ...query, desde })}
      />
      <MonthSelect
        id={`${id}-hasta`}
        label={t('reportes.hasta')}
        value={query.hasta}
        testId="report-hasta"
        onChange={(hasta) => onChange({ ...query, hasta })}
      />
      <label className="report-filter" htmlFor={`${id}-region`}>
        <span>{t('reportes.region')}</span>
        <select
          id={`${id}-region`}
          className="input"
          value={query.region ?? ''}
          data-testid="report-region"
          onChange={(e) => onChange({ ...query, region: idOf(e.target.value) })}
        >
          <option value="">{t('reportes.allRegions')}</option>
          {choices?.regiones.map((r) => (
            <option key={r.id} value={r.id}>
              {r.nombre}
            </option>
          ))}
        </select>
      </label>
      <label className="report-filter" htmlFor={`${id}-promotor`}>
        <span>{t('reportes.promotor')}</span>
        <select
          id={`${id}-promotor`}
          className="input"
          value={query.promotor ?? ''}
          data-testid="report-promotor"
          onChange={(e) => onChange({ ...query, promotor: idOf(e.target.value) })}
        >
          <option value="">{t('reportes.allPromoters')}</option>
          {choices?.promotores.map((p) => (
            <option key={p.id} value={p.id}>
              {p.nombre}
            </option>
          ))}
        </select>
      </label>
    </form>
  );
}

function ExportButton({ report, query }: { report: ReportName; query: ReportQuery }) {
  const { t } = useTranslation();
  const online = useOnline();
  const { busy, progress, run } = useFileDownload(async (onProgress) => {
    const { blob, filename } = await fetchReportXlsx(report, query, { onProgress });
    saveBlob(blob, filename);
  });
  return (
    <>
      <Button onClick={run} busy={busy} disabled={!online} data-testid="report-export">
        {t('reportes.export')}
      </Button>
      <DownloadStatus progress={progress} />
    </>
  );
}

export function ReportsScreen({ titleKey = 'routes.reportes' }: { titleKey?: string }) {
  const { t } = useTranslation();
  const online = useOnline();
  const [report, setReport] = useState<ReportName>('cartera-riesgo');
  const [query, setQuery] = useState<ReportQuery>(defaultQuery);
  const [choices, setChoices] = useState<ReportFilters | null>(null);
  const [state, setState] = useState<Load>({ state: 'loading' });

  // State changes only when an answer arrives; a later request wins over an earlier one.
  const fetchNow = useCallback((name: ReportName, q: ReportQuery, isCurrent: () => boolean) => {
    load(name, q)
      .then((loaded) => {
        if (isCurrent()) setState({ state: 'ready', loaded });
      })
      .catch((error: unknown) => {
        if (isCurrent())
          setState({
            state: 'failed',
            message: refusalText(error),
            offline: isNetworkError(error),
          });
      });
  }, []);

  useEffect(() => {
    if (!online) return undefined;
    let current = true;
    fetchNow(report, query, () => current);
    return () => {
      current = false;
    };
  }, [online, report, query, fetchNow]);

  useEffect(() => {
    if (!online || choices) return;
    fetchReportFilters()
      .then(setChoices)
      .catch(() => undefined); // the reports still work unfiltered
  }, [online, choices]);

  const change = (next: Partial<{ report: ReportName; query: ReportQuery }>) => {
    setState({ state: 'loading' });
    if (next.report) setReport(next.report);
    if (next.query) setQuery(next.query);
  };

  const title = t(`reportes.tabs.${report}`);
  let body;
  if (!online) body = <p className="report-note">{t('reportes.offline')}</p>;
  else if (state.state === 'loading') body = <Spinner />;
  else if (state.state === 'failed')
    body = (
      <p className="report-note" role="alert">
        {state.message ?? (state.offline ? t('reportes.offline') : t('reportes.failed'))}
      </p>
    );
  else
    body = (
      <ReportContent
        loaded={state.loaded}
        title={title}
        toolbar={<ExportButton report={report} query={query} />}
      />
    );

  return (
    <section className="screen reports-screen" data-testid="reports">
      <h1 className="screen-title">{t(titleKey)}</h1>
      <Filters query={query} choices={choices} onChange={(q) => change({ query: q })} />
      <div
        className="report-tabs"
        role="tablist"
        aria-label={t('reportes.tabsLabel')}
        onKeyDown={onTabListKeyDown}
      >
        {REPORTS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`report-tab-${name}`}
            aria-selected={report === name}
            aria-controls="report-panel"
            tabIndex={report === name ? 0 : -1}
            className={`btn ${report === name ? 'btn-primary' : 'btn-ghost'}`}
            onClick={() => name !== report && change({ report: name })}
            data-testid={`report-tab-${name}`}
          >
            {t(`reportes.tabs.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="report-panel" aria-labelledby={`report-tab-${report}`}>
        <p className="report-note">{t(`reportes.notes.${report}`)}</p>
        {body}
      </div>
    </section>
  );
}
