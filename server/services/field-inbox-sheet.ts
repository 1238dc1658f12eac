/**
 * The field inbox as a spreadsheet (`GET /api/bandejaXLSX`): the list as
 * filtered, typed cells (#domain/sheet) — times as date-times, delay and ids as integers, the
 * amount as money, kilos as a decimal — and the kind, state and refusal in the reader's words.
 */
import { kindLabelKey, type InboxRow } from '#domain/field-inbox';
import { DATETIME, DECIMAL, defineSheet, INTEGER, MONEY, TEXT } from '#domain/sheet';

type Translate = (key: string) => string;

export interface InboxSheetRow {
  recibido_en: string;
  capturado_en: string | null;
  retraso_min: number | null;
  tipo: string;
  promotor: string;
  region: number | null;
  clave_socio: number | null;
  nombre_socio: string | null;
  credito: number | null;
  monto: string | null;
  kilos: string | null;
  registro: string | null;
  estado: string;
  motivo_rechazo: string | null;
  desenlace: string | null;
  motivo_descarte: string | null;
  revisado_en: string | null;
  revisado_por: string | null;
}

type Column = keyof InboxSheetRow;
const ORDER: readonly Column[] = [
  'recibido_en',
  'capturado_en',
  'retraso_min',
  'tipo',
  'promotor',
  'region',
  'clave_socio',
  'nombre_socio',
  'credito',
  'monto',
  'kilos',
  'registro',
  'estado',
  'motivo_rechazo',
  'desenlace',
  'motivo_descarte',
  'revisado_en',
  'revisado_por',
];

export const INBOX_SHEET = defineSheet<Column>('bandeja', ORDER, {
  recibido_en: DATETIME,
  capturado_en: DATETIME,
  retraso_min: INTEGER,
  tipo: TEXT,
  promotor: TEXT,
  region: INTEGER,
  clave_socio: INTEGER,
  nombre_socio: TEXT,
  credito: INTEGER,
  monto: MONEY,
  kilos: DECIMAL,
  registro: TEXT,
  estado: TEXT,
  motivo_rechazo: TEXT,
  desenlace: TEXT,
  motivo_descarte: TEXT,
  revisado_en: DATETIME,
  revisado_por: TEXT,
});

export function inboxSheetRows(rows: readonly InboxRow[], t: Translate): InboxSheetRow[] {
  return rows.map((r) => ({
    recibido_en: r.recibido_en,
    capturado_en: r.capturado_en,
    retraso_min: r.retraso_min,
    tipo: t(kindLabelKey(r.kind)),
    promotor: r.promotor,
    region: r.region,
    clave_socio: r.clave_socio,
    nombre_socio: r.nombre_socio,
    credito: r.credito,
    monto: r.monto,
    kilos: r.kilos,
    registro: r.record_ref,
    estado: [
      t(r.revisado_en ? 'bandeja.state.reviewed' : 'bandeja.state.new'),
      ...(r.rechazo ? [t('bandeja.state.refused')] : []),
    ].join(', '),
    motivo_rechazo: r.rechazo?.motivo ?? null,
    desenlace: r.rechazo ? t(`bandeja.outcome.${r.rechazo.desenlace}`) : null,
    motivo_descarte: r.rechazo?.motivo_descarte ?? null,
    revisado_en: r.revisado_en,
    revisado_por: r.revisado_por,
  }));
}
