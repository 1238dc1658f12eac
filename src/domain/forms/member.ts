/**
 * Member form (spec part 1 §3 and §5 "Member form"), used by the modal form and by
 * POST /socios/ and PUT /socios/{clave_socio}.json.
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
  isoDateField,
  optionalText,
  requiredText,
  todayFn,
  type SchemaContext,
} from '#domain/rules';

export function memberSchema(ctx: SchemaContext = {}) {
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
    fecha_ingr_yomol_atel: isoDateField({ kind: 'joining', notFuture: true, today }),
    fecha_ingr_programa: isoDateField({ kind: 'joining', today }),
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
