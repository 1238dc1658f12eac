/**
 * Office reports: portfolio at risk, disbursements and recoveries,
 * collections, savings and the requests funnel, each as JSON (`GET /reportes/<report>/`) and
 * as a spreadsheet (`GET /reportes/<report>XLSX`), over a period of months (`desde`, `hasta`,
 * 'YYYY-MM', by default the last 24 months) and optionally one region and one promoter. Read
 * by the office (CO, GE, VI) as the other office reports and exports.
 */
import * as z from 'zod';
import { todayIn } from '#domain/dates';
import { msg } from '#domain/messages';
import {
  addMonthsToKey,
  isMonthKey,
  MAX_REPORT_MONTHS,
  monthOf,
  monthsFromTo,
} from '#domain/reports/months';
import {
  REPORT_ANSWERS,
  REPORT_SHEETS,
  reportFileName,
  reportFiltersSchema,
  REPORTS,
  type ReportName,
} from '#domain/reports/shapes';
import { RuleError } from '#domain/rule-errors';
import { always, integerField, issueAt } from '#domain/rules';
import { currentUser } from '#server/auth/authenticate';
import { area } from '#server/http/area';
import { defineRoute } from '#server/http/route';
import { KeptAnswers } from '#server/services/kept-answers';
import { DB_INT_MAX } from '#server/services/references';
import {
  isPromoter,
  reportAnswer,
  reportFilters,
  type ReportContext,
  type ReportQuery,
} from '#server/services/reports';
import { sheetOptionsFor } from '#server/xlsx/sheet-options';
import { buildXlsxOffThread } from '#server/xlsx/off-thread';
import { asXlsxDownload, XLSX_FILE, xlsxAnswer } from '#server/xlsx/workbook';
import { requirePermission } from './access.ts';
import { regionQuery } from './credit-queries.ts';

/** How many months a report covers when no period is asked for. */
const DEFAULT_MONTHS = 24;

/** An optional month 'YYYY-MM'. */
const monthField = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === '') return null;
    if (!isMonthKey(v)) {
      ctx.addIssue({ code: 'custom', message: msg('server.reports.monthInvalid'), input: v });
      return z.NEVER;
    }
    return v;
  });

/**
 * The query of every report: the period (missing ends: the current month, and 24 months back
 * from the end), the region and the promoter. A period backwards or longer than ten years is
 * a 400 on `hasta`.
 */
function reportQuerySchema(today: () => string) {
  return z
    .object({
      desde: monthField,
      hasta: monthField,
      region: regionQuery,
      promotor: integerField({ min: 1, max: DB_INT_MAX, required: false }),
    })
    .superRefine(
      (q, ctx) => {
        if (q.desde && q.hasta && q.desde > q.hasta)
          issueAt(ctx, 'hasta', msg('server.reports.periodBackwards'));
        else if (q.desde && q.hasta && monthsFromTo(q.desde, q.hasta).length > MAX_REPORT_MONTHS)
          issueAt(ctx, 'hasta', msg('server.reports.periodTooLong', { max: MAX_REPORT_MONTHS }));
      },
      { when: always },
    )
    .transform((q): ReportQuery => {
      const hasta =
        q.hasta ?? (q.desde ? addMonthsToKey(q.desde, DEFAULT_MONTHS - 1) : monthOf(today()));
      const desde = q.desde ?? addMonthsToKey(hasta, -(DEFAULT_MONTHS - 1));
      return { desde, hasta, region: q.region, promotor: q.promotor };
    });
}

export const reporteRoutes = area('reportes', (app) => {
  const { db } = app;
  const today = () => todayIn(app.config.timezone);
  const query = reportQuerySchema(today);

  /** The filters after the query's own checks: the promoter must be one. */
  const checked = async (q: ReportQuery): Promise<ReportQuery> => {
    if (q.promotor !== null && !(await isPromoter(db, q.promotor)))
      throw new RuleError({ promotor: [msg('server.reports.promoterUnknown')] });
    return q;
  };
  const contextOf = (request: Parameters<typeof currentUser>[0]): ReportContext => ({
    db,
    reader: currentUser(request),
    today: today(),
    timeZone: app.config.timezone,
  });

  defineRoute(app, {
    method: 'GET',
    url: '/filtros',
    preHandler: [requirePermission('reportes', 'read')],
    response: reportFiltersSchema,
    handler: () => reportFilters(db),
  });

  const routesOf = <R extends ReportName>(report: R) => {
    // Kept until the data change (#server/services/kept-answers): the same answer for the same
    // filters, reader scope and day.
    const kept = new KeptAnswers<Awaited<ReturnType<typeof reportAnswer<R>>>>();
    const answerFor = (ctx: ReportContext, q: ReportQuery) =>
      kept.answer(
        db,
        JSON.stringify([q, ctx.reader.role, ctx.reader.region, ctx.today, ctx.timeZone]),
        () => reportAnswer(report, ctx, q),
      );

    defineRoute(app, {
      method: 'GET',
      url: `/${report}`,
      query,
      preHandler: [requirePermission('reportes', 'read')],
      response: REPORT_ANSWERS[report],
      handler: async ({ request, query: q }) => answerFor(contextOf(request), await checked(q)),
    });

    defineRoute(app, {
      method: 'GET',
      url: `/${report}XLSX`,
      query,
      preHandler: [requirePermission('xlsx', 'read')],
      response: xlsxAnswer,
      file: XLSX_FILE,
      handler: async ({ request, reply, query: q }) => {
        const answer = await answerFor(contextOf(request), await checked(q));
        const sheet = REPORT_SHEETS[report];
        asXlsxDownload(reply, reportFileName(report, answer.desde, answer.hasta));
        return buildXlsxOffThread(
          sheet.spec,
          answer.filas.map((row) => sheet.row(row)),
          sheetOptionsFor(app, request),
        );
      },
    });
  };
  for (const report of REPORTS) routesOf(report);
});
