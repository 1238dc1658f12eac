/**
 * The member form's values from and to the replica's member (`SocioRow` of #db/replica-rows:
 * the shape of GET /socios/{id}.json, or an optimistic record keyed by its client UUID).
 */
import { NEW_MEMBER_DEFAULTS } from '#domain/codes';
import type { MemberInput } from '#domain/forms/member';
import { isLocalKey, type SocioRow } from '#db/replica-rows';

/** A member the server has numbered (one captured here is keyed by its client UUID until then). */
export type NumberedSocio = SocioRow & { clave_socio: number };

/** Whether the server has numbered the member (else it is shown as NUEVO). */
export function isNumbered(record: SocioRow): record is NumberedSocio {
  return !isLocalKey(record.clave_socio);
}

/** The form's values for a new member: the spec's defaults (NUEVO, region 1, MA, all NP). */
export function newMemberInput(): MemberInput {
  return {
    ...NEW_MEMBER_DEFAULTS,
    nombres: '',
    apellido_paterno: '',
    apellido_materno: '',
    curp: '',
    telefono: '',
    fecha_nacimiento: '',
    fecha_ingr_yomol_atel: '',
    fecha_ingr_programa: '',
    clave_anterior: '',
    comunidad: '',
    cargo: '',
    cargo_coop: [],
    empresa: '',
    puesto: '',
    fuente: '',
    doc_curp: false,
    doc_domicilio: false,
    doc_act_nac: false,
    doc_ine: false,
    doc_rfc: false,
  };
}

/** The form's values for an existing member (empty strings where the record has null). */
export function memberInputOf(record: SocioRow): MemberInput {
  return {
    clave_socio: typeof record.clave_socio === 'number' ? record.clave_socio : null,
    region: record.region,
    nombres: record.nombres,
    apellido_paterno: record.apellido_paterno,
    apellido_materno: record.apellido_materno,
    curp: record.curp ?? '',
    telefono: record.telefono ?? '',
    // Empty on a member imported incomplete: the form then asks for them.
    fecha_nacimiento: record.fecha_nacimiento ?? '',
    fecha_ingr_yomol_atel: record.fecha_ingr_yomol_atel ?? '',
    fecha_ingr_programa: record.fecha_ingr_programa ?? '',
    clave_anterior: record.clave_anterior ?? '',
    genero: record.genero,
    estatus_cafe: record.estatus_cafe,
    estatus_miel: record.estatus_miel,
    estatus_yip: record.estatus_yip,
    estatus_trabajador: record.estatus_trabajador,
    estatus_comonSit: record.estatus_comonSit,
    comunidad: record.comunidad,
    cargo: record.cargo ?? '',
    cargo_coop: [...record.cargo_coop],
    empresa: record.empresa ?? '',
    puesto: record.puesto ?? '',
    fuente: record.fuente ?? '',
    doc_curp: record.doc_curp,
    doc_domicilio: record.doc_domicilio,
    doc_act_nac: record.doc_act_nac,
    doc_ine: record.doc_ine,
    doc_rfc: record.doc_rfc,
  };
}
