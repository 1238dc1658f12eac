/**
 * Renegotiation: the promoter sends a request in negotiation (AP + NE)
 * back to evaluation with a comment, required here (≤100), which the server adds to the chat.
 */
import * as z from 'zod';
import { TEXTAREA_MAX } from '#domain/codes';
import { requiredText } from '#domain/rules';

export const renegotiationSchema = z.object({
  comentarios_promotor: requiredText({ max: TEXTAREA_MAX }),
});

/** PATCH /solic-creditos/{folio}.json's body for it: the decision (RV) and the comment. */
export const renegotiationBodySchema = renegotiationSchema.extend({
  estatus_evaluacion: z.literal('RV'),
});
export type RenegotiationBodySchema = typeof renegotiationBodySchema;

export type RenegotiationInput = z.input<typeof renegotiationSchema>;
export type RenegotiationValues = z.output<typeof renegotiationSchema>;
