/**
 * Manager's evaluation (docs/business-rules.md#credit-requests).
 * - AP: monto_aprobado 0.01–9999999 (→ cents), plazo_aprobado 1–240, tasa_aprobada and
 *   tasa_mor_aprobada 0.01–100 with at most 4 decimals (→ "x.xxxx"), all required;
 * - NE: comment required ("…para enviar a Negociación");
 * - CA: comment required (permanent rejection).
 * For NE and CA the approval figures are not used and come out as null.
 */
import * as z from 'zod';
import { msg } from '#domain/messages';
import { AMOUNT_MAX_CENTS, AMOUNT_MIN_CENTS, APPROVED_TERM_MAX, TEXTAREA_MAX } from '#domain/codes';
import {
  always,
  enumField,
  integerField,
  issueAt,
  moneyField,
  optionalText,
  rateField,
} from '#domain/rules';

export const EVALUATION_DECISIONS = ['AP', 'NE', 'CA'] as const;
export type EvaluationDecision = (typeof EVALUATION_DECISIONS)[number];

const APPROVAL_FIELDS = [
  'monto_aprobado',
  'plazo_aprobado',
  'tasa_aprobada',
  'tasa_mor_aprobada',
] as const;

export const evaluationSchema = z
  .object({
    estatus_evaluacion: enumField(EVALUATION_DECISIONS),
    monto_aprobado: moneyField({ min: AMOUNT_MIN_CENTS, max: AMOUNT_MAX_CENTS, required: false }),
    plazo_aprobado: integerField({ min: 1, max: APPROVED_TERM_MAX, required: false }),
    tasa_aprobada: rateField({ required: false }),
    tasa_mor_aprobada: rateField({ required: false }),
    comentarios_gerente: optionalText({ max: TEXTAREA_MAX }),
  })
  .superRefine(
    (v, ctx) => {
      if (v.estatus_evaluacion === 'AP') {
        for (const field of APPROVAL_FIELDS) {
          if (v[field] === null) issueAt(ctx, field, msg('validation.requiredNumber'));
        }
      }
      if (v.comentarios_gerente === null) {
        if (v.estatus_evaluacion === 'NE')
          issueAt(ctx, 'comentarios_gerente', msg('validation.negotiationNeedsComment'));
        if (v.estatus_evaluacion === 'CA')
          issueAt(ctx, 'comentarios_gerente', msg('validation.cancelNeedsComment'));
      }
    },
    { when: always },
  )
  .transform((v) =>
    v.estatus_evaluacion === 'AP'
      ? v
      : {
          ...v,
          monto_aprobado: null,
          plazo_aprobado: null,
          tasa_aprobada: null,
          tasa_mor_aprobada: null,
        },
  );

export type EvaluationInput = z.input<typeof evaluationSchema>;
export type EvaluationValues = z.output<typeof evaluationSchema>;
