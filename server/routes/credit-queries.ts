/**
 * Query and path schemas of the credit routes (contratos, pagos, condonaciones); their answer
 * schemas are the domain's (#domain/credit-shapes), shared with the phone.
 */
import * as z from 'zod';
import { REGION_IDS } from '#domain/codes';
import { msg } from '#domain/messages';
import { isoDateField } from '#domain/rules';
import { CONTRACT_ORDERINGS } from '#server/services/contracts';

/** A query flag: "true", "True", "1" are on; anything else (or absent) is off. */
export const flag = z
  .unknown()
  .optional()
  .transform((v) => typeof v === 'string' && ['true', 'True', '1'].includes(v));

/** `region`: absent or ALL = every region; else 1–10. */
export const regionQuery = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === '' || v.toUpperCase() === 'ALL') return null;
    const n = /^\d{1,2}$/.test(v) ? Number(v) : Number.NaN;
    if (!(REGION_IDS as readonly number[]).includes(n)) {
      ctx.addIssue({ code: 'custom', message: msg('server.credits.regionInvalid'), input: v });
      return z.NEVER;
    }
    return n;
  });

export const contractListQuery = z.object({
  all: flag,
  region: regionQuery,
  fondocomun: flag,
});

/** The largest page GET /contratos.json?limit= hands out. */
export const CONTRACT_PAGE_MAX = 5000;

const wholeNumber = (v: string, digits: number) =>
  new RegExp(`^\\d{1,${digits}}$`).test(v) ? Number(v) : Number.NaN;

/**
 * GET /contratos.json paging: without `limit` the whole list (the spec's array); with it, one
 * page from `offset` (0 by default) in `ordering` (a column, `-` before it for descending; the
 * list's own order by default), answered with the whole list's count and totals.
 */
export const contractPageQuery = contractListQuery
  .extend({
    limit: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined) return null;
        const n = wholeNumber(v, 5);
        if (!(n >= 1 && n <= CONTRACT_PAGE_MAX)) {
          ctx.addIssue({
            code: 'custom',
            message: msg('server.credits.pageLimitInvalid', { max: CONTRACT_PAGE_MAX }),
            input: v,
          });
          return z.NEVER;
        }
        return n;
      }),
    offset: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined) return null;
        const n = wholeNumber(v, 9);
        if (Number.isNaN(n)) {
          ctx.addIssue({
            code: 'custom',
            message: msg('server.credits.pageOffsetInvalid'),
            input: v,
          });
          return z.NEVER;
        }
        return n;
      }),
    ordering: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined) return null;
        const descending = v.startsWith('-');
        const by = CONTRACT_ORDERINGS.find((o) => o === (descending ? v.slice(1) : v));
        if (by === undefined) {
          ctx.addIssue({
            code: 'custom',
            message: msg('server.credits.orderingInvalid', {
              campos: CONTRACT_ORDERINGS.join(', '),
            }),
            input: v,
          });
          return z.NEVER;
        }
        return { by, descending };
      }),
  })
  .superRefine((q, ctx) => {
    if (q.limit !== null) return;
    for (const key of ['offset', 'ordering'] as const)
      if (q[key] !== null)
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: msg('server.credits.pageWithoutLimit'),
          input: q[key],
        });
  });

export const fondocomunQuery = z.object({ fondocomun: flag });

export const debtQuery = z.object({
  fecha: isoDateField({ required: false }),
  fondocomun: flag,
});

export const portfolioQuery = z.object({
  date: isoDateField({ required: false }),
  detail: flag,
  fondocomun: flag,
});

/** The largest page GET /pagos.json?limit= hands out. */
export const PAYMENT_PAGE_MAX = 5000;

/**
 * GET /pagos.json paging: without `limit` the whole list (the spec's array); with it, one page
 * and the cursor of the next (`after`, opaque, from the page before).
 */
export const paymentPageQuery = z
  .object({
    limit: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined) return null;
        const n = /^\d{1,5}$/.test(v) ? Number(v) : 0;
        if (n < 1 || n > PAYMENT_PAGE_MAX) {
          ctx.addIssue({
            code: 'custom',
            message: msg('server.credits.pageLimitInvalid', { max: PAYMENT_PAGE_MAX }),
            input: v,
          });
          return z.NEVER;
        }
        return n;
      }),
    after: z.string().max(64).optional(),
  })
  .superRefine((q, ctx) => {
    if (q.after !== undefined && q.limit === null)
      ctx.addIssue({
        code: 'custom',
        path: ['after'],
        message: msg('server.credits.pageCursorWithoutLimit'),
        input: q.after,
      });
  });

export const idParams = z.object({ id: z.string() });

/** A page of GET /contratos.json: the whole list's count and totals in pesos, one page of rows. */
export const contractPageSchema = <T extends z.ZodType>(row: T) =>
  z.object({
    count: z.number().int(),
    results: z.array(row),
    totals: z.object({
      monto: z.number(),
      pagado: z.number(),
      capital_por_pagar: z.number(),
    }),
  });

/** The no-link answers: {count, results}. */
export const noLinkSchema = <T extends z.ZodType>(row: T) =>
  z.object({ count: z.number().int(), results: z.array(row) });
