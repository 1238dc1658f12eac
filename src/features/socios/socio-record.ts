/**
 * A member as the phone's replica keeps it: the shape of GET /socios/{id}.json (`Socio` plus
 * `nombre_productor`), or — while a new member waits for the server — an optimistic record
 * whose key is its client UUID (`_localId`), marked with the mutation id it waits for.
 */
import { NEW_MEMBER_DEFAULTS } from '#domain/codes';
import type { Community, Socio } from '#domain/entities';
import type { MemberInput, MemberValues } from '#domain/forms/member';

export interface SocioRecord extends Omit<Socio, 'clave_socio'> {
  /** The server's key, or the client UUID of a member the server has not numbered yet. */
  clave_socio: number | string;
  nombre_productor?: string;
  _localId?: string;
  _pending?: string;
}

/** A member the server has not numbered yet (shown as NUEVO). */
export function isLocalOnly(record: Pick<SocioRecord, 'clave_socio'>): boolean {
  return typeof record.clave_socio !== 'number';
}

const joinName = (parts: (string | null)[]) =>
  parts
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ');

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
export function memberInputOf(record: SocioRecord): MemberInput {
  return {
    clave_socio: typeof record.clave_socio === 'number' ? record.clave_socio : null,
    region: record.region,
    nombres: record.nombres,
    apellido_paterno: record.apellido_paterno,
    apellido_materno: record.apellido_materno,
    curp: record.curp ?? '',
    telefono: record.telefono ?? '',
    fecha_nacimiento: record.fecha_nacimiento,
    fecha_ingr_yomol_atel: record.fecha_ingr_yomol_atel,
    fecha_ingr_programa: record.fecha_ingr_programa,
    clave_anterior: record.clave_anterior ?? '',
    genero: record.genero,
    estatus_cafe: record.estatus_cafe,
    estatus_miel: record.estatus_miel,
    estatus_yip: record.estatus_yip,
    estatus_trabajador: record.estatus_trabajador,
    estatus_comonSit: record.estatus_comonSit,
    comunidad: record.comunidad,
    cargo: record.cargo,
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

/** Display names of the member's community, carried so the optimistic record reads right. */
export interface SocioDisplay {
  /** The community's region (a member's region is its community's). */
  region: number | null;
  nombre_comunidad: string;
  nombre_region: string;
}

export function displayOf(community: Community | undefined): SocioDisplay {
  return {
    region: community?.region ?? null,
    nombre_comunidad: community?.nombre_de_comunidad ?? '',
    nombre_region: community?.nombre_region ?? '',
  };
}

/**
 * The optimistic record of a save: the validated values, the community's names, and what only
 * the server knows (rfc) kept from the record before the edit.
 */
export function optimisticRecord(
  key: number | string,
  values: MemberValues,
  display: SocioDisplay,
  before: SocioRecord | null,
): SocioRecord {
  return {
    ...values,
    clave_socio: key,
    region: display.region ?? values.region ?? before?.region ?? 1,
    apellido_materno: values.apellido_materno ?? '',
    rfc: before?.rfc ?? null,
    nombre_comunidad: display.nombre_comunidad,
    nombre_region: display.nombre_region,
    full_name: joinName([values.nombres, values.apellido_paterno, values.apellido_materno]),
    nombre_productor: joinName([values.apellido_paterno, values.apellido_materno, values.nombres]),
  };
}
