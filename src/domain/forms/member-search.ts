/** Member search by key (contributions tab, request form): key required, numeric. */
import * as z from 'zod';
import { integerField } from '#domain/rules';

export const memberSearchSchema = z.object({
  clave_socio: integerField({ min: 1 }),
});

export type MemberSearchInput = z.input<typeof memberSearchSchema>;
export type MemberSearchValues = z.output<typeof memberSearchSchema>;
