/**
 * Member form, used by the modal form and by
 * POST /socios/ and PUT /socios/{clave_socio}.json.
 *
 * The joining dates' plausible range is checked apart (`joiningDatesCheck`), against what is
 * stored: an imported member who joined before 1990 keeps that date through every later save,
 * and only a date the office changes must fall in the range.
 */
import * as z from 'zod';
import {
  CURP_LENGTH,
  GENDERS,
  MEMBER_STATUSES,
  PHONE_MIN,
  PREVIOUS_KEY_MAX,
  SHORT_TEXT_MAX,
} from '#domain/codes';
import {
  booleanField,
  enumField,
  idField,
  idListField,
  integerField,
  dateRangeMessage,
  isoDateField,
  issueAt,
  optionalText,
  requiredText,
  always,
  todayFn,
  type DateRules,
  type SchemaContext,
} from '#domain/rules';
import { isIsoDate, type IsoDate } from '#domain/dates';
import type { FieldErrors } from '#domain/entities';
import { isRecord } from '#domain/guards';

/** The joining dates and the rules a new or changed value must meet. */
const JOINING_RULES = {
  fecha_ingr_yomol_atel: { kind: 'joining', notFuture: true },
  fecha_ingr_programa: { kind: 'joining' },
} as const satisfies Record<string, Pick<DateRules<boolean>, 'kind' | 'notFuture'>>;

export type JoiningField = keyof typeof JOINING_RULES;
/** A member's joining dates as stored (null: a new member, or nothing stored to compare). */
export type StoredJoining = Record<JoiningField, IsoDate | null>;

/**
 * Field errors of the joining dates in `values` that are new or changed from `stored` and fall
 * outside their range; a date equal to the stored one is kept as it is.
 */
export function joiningDateErrors(
  values: unknown,
  stored: StoredJoining | null,
  ctx: SchemaContext = {},
): FieldErrors {
  const today = todayFn(ctx.today);
  const errors: FieldErrors = {};
  if (!isRecord(values)) return errors;
  for (const field of Object.keys(JOINING_RULES) as JoiningField[]) {
    const value = values[field];
    // Empty or malformed dates are the field's own errors.
    if (typeof value !== 'string' || !isIsoDate(value) || value === stored?.[field]) continue;
    const message = dateRangeMessage(value, JOINING_RULES[field], today);
    if (message !== null) errors[field] = [message];
  }
  return errors;
}

/** `joiningDateErrors` as a refinement of the member schema (use with `{ when: always }`). */
export function joiningDatesCheck(stored: StoredJoining | null, ctx: SchemaContext = {}) {
  return (values: unknown, rc: z.RefinementCtx): void => {
    for (const [field, messages] of Object.entries(joiningDateErrors(values, stored, ctx)))
      for (const message of messages ?? []) issueAt(rc, field, message);
  };
}

export interface MemberSchemaContext extends SchemaContext {
  /** The member's joining dates as stored (an edit); absent or null for a new member. */
  stored?: StoredJoining | null;
}

/**
 * The member form: its fields, and the joining dates' range for a date new or changed from
 * `ctx.stored`.
 */
export function memberSchema(ctx: MemberSchemaContext = {}) {
  return memberFieldsSchema(ctx).superRefine(joiningDatesCheck(ctx.stored ?? null, ctx), {
    when: always,
  });
}

/**
 * The fields alone, joining dates checked as dates only: to extend (the server's body adds the
 * display fields a client may send back), then refine with `joiningDatesCheck`.
 */
export function memberFieldsSchema(ctx: SchemaContext = {}) {
  const today = todayFn(ctx.today);
  const status = () => enumField(MEMBER_STATUSES);
  return z.object({
    /** null for a new member (shown as NUEVO); the server assigns it. */
    clave_socio: integerField({ min: 1, required: false }),
    region: idField({ required: false }),
    nombres: requiredText({ max: SHORT_TEXT_MAX }),
    apellido_paterno: requiredText({ max: SHORT_TEXT_MAX }),
    apellido_materno: optionalText({ max: SHORT_TEXT_MAX }),
    curp: optionalText({ min: CURP_LENGTH, max: CURP_LENGTH, alnum: true, upper: true }),
    telefono: optionalText({ min: PHONE_MIN, max: 20, digits: true }),
    fecha_nacimiento: isoDateField({ kind: 'birth', today }),
    /** Their range: `joiningDatesCheck`, against the stored dates. */
    fecha_ingr_yomol_atel: isoDateField({ today }),
    fecha_ingr_programa: isoDateField({ today }),
    clave_anterior: optionalText({ max: PREVIOUS_KEY_MAX }),
    genero: enumField(GENDERS),
    estatus_cafe: status(),
    estatus_miel: status(),
    estatus_yip: status(),
    estatus_trabajador: status(),
    estatus_comonSit: status(),
    comunidad: idField(),
    cargo: idField(),
    /** Several cooperative posts allowed; at least one. */
    cargo_coop: idListField({ min: 1 }),
    empresa: idField({ required: false }),
    puesto: idField({ required: false }),
    fuente: idField({ required: false }),
    doc_curp: booleanField(),
    doc_domicilio: booleanField(),
    doc_act_nac: booleanField(),
    doc_ine: booleanField(),
    doc_rfc: booleanField(),
  });
}

export type MemberSchema = ReturnType<typeof memberSchema>;
export type MemberInput = z.input<MemberSchema>;
export type MemberValues = z.output<MemberSchema>;
