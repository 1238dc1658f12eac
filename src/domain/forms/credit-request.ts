/**
 * New credit request (docs/business-rules.md#credit-requests), used by
 * /solicitud-formato and POST /solic-creditos/.
 *
 * Conditional rules, applied on top of the field checks and reported together with them:
 * - tipo_credito CP hides the reason: mot_credito is forced to TR and mot_credito_otro to null;
 * - mot_credito OT requires mot_credito_otro (else it is null);
 * - mot_credito SA shows emergencia_medica (else it is false);
 * - mot_credito TR requires act_productiva (else it is null);
 * - act_productiva OT requires act_productiva_otro (else it is null);
 * - empty tipo_credito / mot_credito take the defaults MC / TR;
 * - aval must differ from clave_socio (docs/business-rules.md#credit-requests; the server checks it
 * too).
 */
import * as z from 'zod';
import { msg } from '#domain/messages';
import {
  AMOUNT_MAX_CENTS,
  AMOUNT_MIN_CENTS,
  CREDIT_REASONS,
  CREDIT_TYPES,
  DEFAULT_CREDIT_REASON,
  DEFAULT_CREDIT_TYPE,
  PROCESSES,
  PRODUCTIVE_ACTIVITIES,
  REQUEST_TERM_MAX,
  SHORT_TEXT_MAX,
  TEXTAREA_MAX,
} from '#domain/codes';
import {
  always,
  booleanField,
  enumField,
  integerField,
  isoDateField,
  issueAt,
  moneyField,
  optionalText,
  requiredText,
  todayFn,
  type SchemaContext,
} from '#domain/rules';

/** Initial values of a new request form (the spec's defaults). */
export const CREDIT_REQUEST_DEFAULTS = {
  tipo_credito: DEFAULT_CREDIT_TYPE,
  mot_credito: DEFAULT_CREDIT_REASON,
  emergencia_medica: false,
} as const;

/** Which conditional fields the form shows for the current choices. */
export function creditRequestVisibility(values: {
  tipo_credito?: unknown;
  mot_credito?: unknown;
  act_productiva?: unknown;
}) {
  const reason = values.tipo_credito === 'CP' ? 'TR' : values.mot_credito;
  return {
    mot_credito: values.tipo_credito !== 'CP',
    mot_credito_otro: values.tipo_credito !== 'CP' && reason === 'OT',
    emergencia_medica: values.tipo_credito !== 'CP' && reason === 'SA',
    act_productiva: reason === 'TR',
    act_productiva_otro: reason === 'TR' && values.act_productiva === 'OT',
  };
}

/** The guarantor is someone other than the applicant (false when both are the same key). */
export function avalDiffersFromMember(values: { aval?: unknown; clave_socio?: unknown }): boolean {
  return (
    values.aval == null ||
    values.clave_socio == null ||
    String(values.aval) !== String(values.clave_socio)
  );
}

export function creditRequestSchema(ctx: SchemaContext = {}) {
  const today = todayFn(ctx.today);
  return z
    .object({
      fecha_solicitud: isoDateField({ kind: 'capture', today }),
      clave_socio: integerField({ min: 1 }),
      proceso: enumField(PROCESSES),
      tipo_credito: enumField(CREDIT_TYPES, { required: false }),
      mot_credito: enumField(CREDIT_REASONS, { required: false }),
      mot_credito_otro: optionalText({ max: TEXTAREA_MAX }),
      emergencia_medica: booleanField(),
      act_productiva: enumField(PRODUCTIVE_ACTIVITIES, { required: false }),
      act_productiva_otro: optionalText({ max: TEXTAREA_MAX }),
      monto_solicitado: moneyField({ min: AMOUNT_MIN_CENTS, max: AMOUNT_MAX_CENTS }),
      plazo_de_pago_solicitado: integerField({ min: 1, max: REQUEST_TERM_MAX }),
      justificacion_credito: requiredText({ max: TEXTAREA_MAX }),
      aval: integerField(),
      familiar_responsable: requiredText({ max: SHORT_TEXT_MAX }),
      /** The promoter's comment, sent as the request's first chat entry. */
      comentarios_promotor: optionalText({ max: TEXTAREA_MAX }),
    })
    .superRefine(
      (v, rc) => {
        const show = creditRequestVisibility({
          tipo_credito: v.tipo_credito ?? DEFAULT_CREDIT_TYPE,
          mot_credito: v.mot_credito ?? DEFAULT_CREDIT_REASON,
          act_productiva: v.act_productiva,
        });
        if (show.mot_credito_otro && v.mot_credito_otro === null)
          issueAt(rc, 'mot_credito_otro', msg('validation.required'));
        if (show.act_productiva && v.act_productiva === null)
          issueAt(rc, 'act_productiva', msg('validation.required'));
        if (show.act_productiva_otro && v.act_productiva_otro === null) {
          issueAt(rc, 'act_productiva_otro', msg('validation.required'));
        }
        if (typeof v.aval === 'number' && !avalDiffersFromMember(v))
          issueAt(rc, 'aval', msg('validation.avalSameAsMember'));
      },
      { when: always },
    )
    .transform((v) => {
      const tipo_credito = v.tipo_credito ?? DEFAULT_CREDIT_TYPE;
      const mot_credito = tipo_credito === 'CP' ? 'TR' : (v.mot_credito ?? DEFAULT_CREDIT_REASON);
      const show = creditRequestVisibility({
        tipo_credito,
        mot_credito,
        act_productiva: v.act_productiva,
      });
      return {
        ...v,
        tipo_credito,
        mot_credito,
        mot_credito_otro: show.mot_credito_otro ? v.mot_credito_otro : null,
        emergencia_medica: show.emergencia_medica ? v.emergencia_medica : false,
        act_productiva: show.act_productiva ? v.act_productiva : null,
        act_productiva_otro: show.act_productiva_otro ? v.act_productiva_otro : null,
      };
    });
}

export type CreditRequestSchema = ReturnType<typeof creditRequestSchema>;
export type CreditRequestInput = z.input<CreditRequestSchema>;
export type CreditRequestValues = z.output<CreditRequestSchema>;
