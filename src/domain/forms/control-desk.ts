/**
 * Coordinator's control desk (docs/business-rules.md#credit-requests): approving (estatus_solicitud
 * AP) needs the four questions ticked; rejecting (RE) needs a coordinator comment. irregularidades
 * and the comment: at most 100 characters each.
 */
import * as z from 'zod';
import { msg } from '#domain/messages';
import { TEXTAREA_MAX } from '#domain/codes';
import { always, enumField, issueAt, nullableBooleanField, optionalText } from '#domain/rules';

/** The two decisions of the desk. */
export const CONTROL_DESK_DECISIONS = ['AP', 'RE'] as const;
export type ControlDeskDecision = (typeof CONTROL_DESK_DECISIONS)[number];

export const CONTROL_DESK_QUESTIONS = [
  'pregunta_1',
  'pregunta_2',
  'pregunta_3',
  'pregunta_4',
] as const;

export const controlDeskSchema = z
  .object({
    estatus_solicitud: enumField(CONTROL_DESK_DECISIONS),
    pregunta_1: nullableBooleanField(),
    pregunta_2: nullableBooleanField(),
    pregunta_3: nullableBooleanField(),
    pregunta_4: nullableBooleanField(),
    irregularidades: optionalText({ max: TEXTAREA_MAX }),
    comentarios_coordinador: optionalText({ max: TEXTAREA_MAX }),
  })
  .superRefine(
    (v, ctx) => {
      if (v.estatus_solicitud === 'AP') {
        for (const q of CONTROL_DESK_QUESTIONS) {
          if (v[q] !== true) issueAt(ctx, q, msg('validation.approveNeedsAllQuestions'));
        }
      }
      if (v.estatus_solicitud === 'RE' && v.comentarios_coordinador === null) {
        issueAt(ctx, 'comentarios_coordinador', msg('validation.rejectNeedsComment'));
      }
    },
    { when: always },
  );

export type ControlDeskInput = z.input<typeof controlDeskSchema>;
export type ControlDeskValues = z.output<typeof controlDeskSchema>;
