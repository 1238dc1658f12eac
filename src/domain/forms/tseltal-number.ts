/** Tseltal number translator on the home screen: an integer 0 to 60800000. */
import * as z from 'zod';
import { TSELTAL_NUMBER_MAX } from '#domain/codes';
import { integerField } from '#domain/rules';

export const tseltalNumberSchema = z.object({
  numero: integerField({ min: 0, max: TSELTAL_NUMBER_MAX }),
});

export type TseltalNumberInput = z.input<typeof tseltalNumberSchema>;
export type TseltalNumberValues = z.output<typeof tseltalNumberSchema>;
