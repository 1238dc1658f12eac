/**
 * The office reports: `GET /api/reportes/<report>/` (JSON),
 * `GET /api/reportes/<report>XLSX` (its spreadsheet) and `GET /api/reportes/filtros/` (the
 * regions and promoters to filter by). Computed live on the server: online only.
 */
import {
  REPORT_ANSWERS,
  reportFileName,
  reportFiltersSchema,
  type ReportAnswer,
  type ReportFilters,
  type ReportName,
} from '#domain/reports/shapes';
import { apiGet, type ApiOptions } from './client';
import { fetchServerXlsx, type FileFetchOptions } from './contratos-xlsx';

export interface ReportQuery {
  /** First and last month, 'YYYY-MM' (empty: the server's default, the last 24 months). */
  desde: string;
  hasta: string;
  /** A region id, or null for every region. */
  region: number | null;
  /** A promoter's user id, or null for everyone. */
  promotor: number | null;
}

function queryString(query: ReportQuery): string {
  const params = new URLSearchParams();
  if (query.desde) params.set('desde', query.desde);
  if (query.hasta) params.set('hasta', query.hasta);
  if (query.region !== null) params.set('region', String(query.region));
  if (query.promotor !== null) params.set('promotor', String(query.promotor));
  const text = params.toString();
  return text ? `?${text}` : '';
}

const pathOf = (report: ReportName, query: ReportQuery) =>
  `reportes/${report}/${queryString(query)}`;

type Fetcher<R extends ReportName> = (
  query: ReportQuery,
  options?: ApiOptions,
) => Promise<ReportAnswer<R>>;

/** Each report's JSON, checked against its answer schema. */
export const fetchReport: { [R in ReportName]: Fetcher<R> } = {
  'cartera-riesgo': (q, o) =>
    apiGet(pathOf('cartera-riesgo', q), REPORT_ANSWERS['cartera-riesgo'], o),
  colocacion: (q, o) => apiGet(pathOf('colocacion', q), REPORT_ANSWERS.colocacion, o),
  acopios: (q, o) => apiGet(pathOf('acopios', q), REPORT_ANSWERS.acopios, o),
  ahorro: (q, o) => apiGet(pathOf('ahorro', q), REPORT_ANSWERS.ahorro, o),
  embudo: (q, o) => apiGet(pathOf('embudo', q), REPORT_ANSWERS.embudo, o),
  cobertura: (q, o) => apiGet(pathOf('cobertura', q), REPORT_ANSWERS.cobertura, o),
};

export function fetchReportFilters(options?: ApiOptions): Promise<ReportFilters> {
  return apiGet('reportes/filtros/', reportFiltersSchema, options);
}

/** The report's spreadsheet and the name to save it under. */
export async function fetchReportXlsx(
  report: ReportName,
  query: ReportQuery & { desde: string; hasta: string },
  options?: FileFetchOptions,
): Promise<{ blob: Blob; filename: string }> {
  const blob = await fetchServerXlsx(`reportes/${report}XLSX${queryString(query)}`, options);
  return { blob, filename: reportFileName(report, query.desde, query.hasta) };
}
