/**
 * Between the request form and the outbox: the form's input values (what the fields hold),
 * the payloads its commands queue (#commands/solicitudes: the API body and the names the
 * optimistic record shows), and the way back when a refused item or a rejected request is
 * reopened in the form.
 */
import {
  CREDIT_REQUEST_DEFAULTS,
  type CreditRequestInput,
  type CreditRequestValues,
} from '#domain/forms/credit-request';
import {
  toRequestBody,
  type SolicitudBody,
  type SolicitudCreatePayload,
  type SolicitudDisplay,
  type SolicitudResubmitPayload,
} from '#commands/solicitudes';
import type { SolicitudRow } from '#db/replica-rows';
import type { SolicitudMember } from './use-solicitudes-data.ts';

/** A new request: today, the spec's defaults (MC, TR) and everything else empty. */
export function newRequestInput(today: string): CreditRequestInput {
  return {
    fecha_solicitud: today,
    clave_socio: '',
    proceso: '',
    tipo_credito: CREDIT_REQUEST_DEFAULTS.tipo_credito,
    mot_credito: CREDIT_REQUEST_DEFAULTS.mot_credito,
    mot_credito_otro: '',
    emergencia_medica: CREDIT_REQUEST_DEFAULTS.emergencia_medica,
    act_productiva: '',
    act_productiva_otro: '',
    monto_solicitado: '',
    plazo_de_pago_solicitado: '',
    justificacion_credito: '',
    aval: '',
    familiar_responsable: '',
    comentarios_promotor: '',
  };
}

type FormFields = Omit<SolicitudBody, 'comentarios_promotor'> & {
  comentarios_promotor?: string | null;
};

/** The form's values for a body or a stored request (null → empty field). */
export function inputOf(source: FormFields): CreditRequestInput {
  return {
    fecha_solicitud: source.fecha_solicitud,
    clave_socio: source.clave_socio,
    proceso: source.proceso,
    tipo_credito: source.tipo_credito,
    mot_credito: source.mot_credito,
    mot_credito_otro: source.mot_credito_otro ?? '',
    emergencia_medica: source.emergencia_medica,
    act_productiva: source.act_productiva ?? '',
    act_productiva_otro: source.act_productiva_otro ?? '',
    monto_solicitado: source.monto_solicitado,
    plazo_de_pago_solicitado: source.plazo_de_pago_solicitado,
    justificacion_credito: source.justificacion_credito,
    aval: source.aval,
    familiar_responsable: source.familiar_responsable,
    comentarios_promotor: source.comentarios_promotor ?? '',
  };
}

/** A rejected request reopened to be corrected: its data, and a new (required) comment. */
export function inputOfRecord(record: SolicitudRow): CreditRequestInput {
  return { ...inputOf(record), comentarios_promotor: '' };
}

/** The record as the server last sent it, without the phone's own marks. */
export function storedRequest(record: SolicitudRow | null): SolicitudRow | null {
  if (!record) return null;
  const { _localId: _l, _pending: _p, ...rest } = record;
  return rest;
}

/** Who captures: the user the optimistic record names as promoter. */
export interface Capturer {
  userId: number | null;
  name: string;
}

/**
 * The names the optimistic record shows until the server answers: the chosen members' from
 * the replica, else the rejected request's own (a member no longer on the phone).
 */
export function displayOf(
  values: CreditRequestValues,
  members: readonly SolicitudMember[],
  before: SolicitudRow | null,
  capturer: Capturer,
): SolicitudDisplay {
  const applicant = members.find((m) => m.clave_socio === values.clave_socio);
  const guarantor = members.find((m) => m.clave_socio === values.aval);
  return {
    nombre_socio: applicant?.full_name ?? before?.nombre_socio ?? '',
    comunidad: applicant?.comunidad ?? before?.comunidad ?? 0,
    nombre_comunidad: applicant?.nombre_comunidad ?? before?.nombre_comunidad ?? '',
    region: applicant?.region ?? before?.region ?? 0,
    nombre_region: applicant?.nombre_region ?? before?.nombre_region ?? '',
    aval_nombre: guarantor?.full_name ?? before?.aval_nombre ?? '',
    promotor: before?.promotor ?? capturer.userId ?? 0,
    promotor_nombre: before?.promotor_nombre ?? capturer.name,
  };
}

export interface RequestContext {
  members: readonly SolicitudMember[];
  capturer: Capturer;
}

/** A new request's payload. */
export function createPayloadOf(
  values: CreditRequestValues,
  { members, capturer }: RequestContext,
): SolicitudCreatePayload {
  return { request: toRequestBody(values), display: displayOf(values, members, null, capturer) };
}

/** The corrected request `folio`, resent to the coordinator; `record` is undone if discarded. */
export function resubmitPayloadOf(
  values: CreditRequestValues,
  folio: number,
  record: SolicitudRow | null,
  { members, capturer }: RequestContext,
): SolicitudResubmitPayload {
  return {
    folio,
    request: toRequestBody(values),
    display: displayOf(values, members, record, capturer),
    before: storedRequest(record),
  };
}
