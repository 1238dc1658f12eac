/**
 * Between the request form and the API: the form's input values (what the fields hold), the
 * API body a command sends (the form's output with the amount as the API's decimal text), and
 * the way back when a refused item or a rejected request is reopened in the form.
 */
import { centsToDecimalString } from '#domain/money';
import {
  CREDIT_REQUEST_DEFAULTS,
  type CreditRequestInput,
  type CreditRequestValues,
} from '#domain/forms/credit-request';
import type { SolicitudRecord } from './solicitud-record.ts';

/** POST /solic-creditos/ (and the resubmission's) body: amounts as "1500.00". */
export interface SolicitudBody extends Omit<CreditRequestValues, 'monto_solicitado'> {
  monto_solicitado: string;
}

export function toRequestBody(values: CreditRequestValues): SolicitudBody {
  return { ...values, monto_solicitado: centsToDecimalString(values.monto_solicitado) };
}

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
export function inputOfRecord(record: SolicitudRecord): CreditRequestInput {
  return { ...inputOf(record), comentarios_promotor: '' };
}
