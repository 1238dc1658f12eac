/**
 * The requests' spreadsheet (/solicitudes "Exportar a Excel"): the requests the list shows
 * (recent or all, newest first), built on the device from the replica. Requests the server has
 * not numbered yet are left out, as in the other exports: the office's file lists what it
 * knows. Codes are followed by their labels, amounts are pesos, rates percentages.
 */
import type { CreditRequestAnswer } from '#domain/credit-request-shape';
import {
  code,
  DATE,
  DATETIME,
  defineSheet,
  flag,
  INTEGER,
  MONEY,
  PERCENT,
  TEXT,
} from '#domain/sheet';
import type { SolicitudRow } from '#db/replica-rows';

export const SOLICITUD_EXPORT_COLUMNS = [
  'folio_solicitud',
  'fecha_solicitud',
  'clave_socio',
  'nombre_socio',
  'region',
  'nombre_region',
  'comunidad',
  'nombre_comunidad',
  'proceso',
  'tipo_credito',
  'act_productiva',
  'mot_credito',
  'emergencia_medica',
  'monto_solicitado',
  'plazo_de_pago_solicitado',
  'estatus_solicitud',
  'estatus_evaluacion',
  'monto_aprobado',
  'plazo_aprobado',
  'tasa_aprobada',
  'tasa_mor_aprobada',
  'contrato',
  'promotor_nombre',
  'capturado_en',
] as const satisfies readonly (keyof CreditRequestAnswer)[];

export const SOLICITUD_EXPORT = { sheet: 'Solicitudes', file: 'solicitudes.xlsx' } as const;

export const SOLICITUD_SHEET = defineSheet(SOLICITUD_EXPORT.sheet, SOLICITUD_EXPORT_COLUMNS, {
  folio_solicitud: INTEGER,
  fecha_solicitud: DATE,
  clave_socio: INTEGER,
  nombre_socio: TEXT,
  region: INTEGER,
  nombre_region: TEXT,
  comunidad: INTEGER,
  nombre_comunidad: TEXT,
  proceso: code('processes'),
  tipo_credito: code('creditTypes'),
  act_productiva: code('productiveActivities'),
  mot_credito: code('creditReasons'),
  emergencia_medica: flag('yesNo', 'SI', 'NO'),
  monto_solicitado: MONEY,
  plazo_de_pago_solicitado: INTEGER,
  estatus_solicitud: code('requestStatuses'),
  estatus_evaluacion: code('evaluationStatuses'),
  monto_aprobado: MONEY,
  plazo_aprobado: INTEGER,
  tasa_aprobada: PERCENT,
  tasa_mor_aprobada: PERCENT,
  contrato: INTEGER,
  promotor_nombre: TEXT,
  capturado_en: DATETIME,
});

export type SolicitudExportRow = Pick<
  CreditRequestAnswer,
  (typeof SOLICITUD_EXPORT_COLUMNS)[number]
>;

/** The sheet's rows: the numbered requests of `shown`, in its order, as plain objects. */
export function solicitudExportRows(shown: readonly SolicitudRow[]): SolicitudExportRow[] {
  const rows: SolicitudExportRow[] = [];
  for (const r of shown) {
    const folio = r.folio_solicitud;
    if (typeof folio !== 'number') continue;
    rows.push({
      folio_solicitud: folio,
      fecha_solicitud: r.fecha_solicitud,
      clave_socio: r.clave_socio,
      nombre_socio: r.nombre_socio,
      region: r.region,
      nombre_region: r.nombre_region,
      comunidad: r.comunidad,
      nombre_comunidad: r.nombre_comunidad,
      proceso: r.proceso,
      tipo_credito: r.tipo_credito,
      act_productiva: r.act_productiva,
      mot_credito: r.mot_credito,
      emergencia_medica: r.emergencia_medica,
      monto_solicitado: r.monto_solicitado,
      plazo_de_pago_solicitado: r.plazo_de_pago_solicitado,
      estatus_solicitud: r.estatus_solicitud,
      estatus_evaluacion: r.estatus_evaluacion,
      monto_aprobado: r.monto_aprobado,
      plazo_aprobado: r.plazo_aprobado,
      tasa_aprobada: r.tasa_aprobada,
      tasa_mor_aprobada: r.tasa_mor_aprobada,
      contrato: r.contrato,
      promotor_nombre: r.promotor_nombre,
      capturado_en: r.capturado_en,
    });
  }
  return rows;
}
