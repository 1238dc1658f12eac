/** Interest waiver: the credit and a justification, required, ≤100. */
import * as z from 'zod';
import { TEXTAREA_MAX } from '#domain/codes';
import { integerField, requiredText } from '#domain/rules';

export const waiverSchema = z
  .object({
    credito: integerField({ min: 1 }),
    justificacion: requiredText({ max: TEXTAREA_MAX }),
  })
  .strict();

export type WaiverInput = z.input<typeof waiverSchema>;
export type WaiverValues = z.output<typeof waiverSchema>;
