/** Community form: nombre_de_comunidad and region required; ermita optional. */
import * as z from 'zod';
import { SHORT_TEXT_MAX } from '#domain/codes';
import { idField, requiredText } from '#domain/rules';

export const communitySchema = z.object({
  nombre_de_comunidad: requiredText({ max: SHORT_TEXT_MAX }),
  region: idField(),
  ermita: idField({ required: false }),
});

export type CommunityInput = z.input<typeof communitySchema>;
export type CommunityValues = z.output<typeof communitySchema>;
