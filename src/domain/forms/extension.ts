/**
 * Extension (PATCH /contratos/{id}/prorroga/): months required,
 * numeric, 1 to 14; justification required, ≤100.
 */
import * as z from 'zod';
import { EXTENSION_MONTHS_MAX, TEXTAREA_MAX } from '#domain/codes';
import { integerField, requiredText } from '#domain/rules';

export const extensionSchema = z
  .object({
    prorroga: integerField({ min: 1, max: EXTENSION_MONTHS_MAX }),
    prorroga_justificacion: requiredText({ max: TEXTAREA_MAX }),
  })
  .strict();

export type ExtensionInput = z.input<typeof extensionSchema>;
export type ExtensionValues = z.output<typeof extensionSchema>;
