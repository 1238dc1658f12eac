/**
 * Date-range search of banks and sub-accounts: both dates optional; when both
 * are given the final date may not precede the initial one. Names are the API query's.
 */
import * as z from 'zod';
import { msg } from '#domain/messages';
import { always, isoDateField, issueAt } from '#domain/rules';

export const dateRangeSchema = z
  .object({
    initialDate: isoDateField({ required: false }),
    finalDate: isoDateField({ required: false }),
  })
  .superRefine(
    (v, ctx) => {
      if (
        typeof v.initialDate === 'string' &&
        typeof v.finalDate === 'string' &&
        v.finalDate < v.initialDate
      ) {
        issueAt(ctx, 'finalDate', msg('validation.dateRangeOrder'));
      }
    },
    { when: always },
  );

export type DateRangeInput = z.input<typeof dateRangeSchema>;
export type DateRangeValues = z.output<typeof dateRangeSchema>;
