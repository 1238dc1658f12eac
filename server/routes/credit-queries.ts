/**
 * Query and path schemas of the credit routes (contratos, pagos, condonaciones); their answer
 * schemas are the domain's (#domain/credit-shapes), shared with the phone.
 */
import * as z from 'zod';
import { REGION_IDS } from '#domain/codes';
import { msg } from '#domain/messages';
import { isoDateField } from '#domain/rules';

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

/** The no-link answers: {count, results}. */
export const noLinkSchema = <T extends z.ZodType>(row: T) =>
  z.object({ count: z.number().int(), results: z.array(row) });
