/**
 * The trip closings' spreadsheet (/cierres-viaje "Exportar a Excel"): one row per closing the
 * screen shows, the phone's declared cash beside what the server received, in pesos. Money
 * paid out (withdrawals) is negative, so a row's money columns of one side sum to its net
 * cash; `diferencia` is the declared net minus the received net (positive: cash missing).
 */
import { parseMoney } from '#domain/money';
import { DATETIME, defineSheet, INTEGER, MONEY, TEXT } from '#domain/sheet';
import type { ClosingRow } from './closing-figures.ts';

export const CIERRE_EXPORT_COLUMNS = [
  'id',
  'promotor',
  'nombre_promotor',
  'desde',
  'cerrado_en',
  'recibido_en',
  'declarado_pagos',
  'declarado_aportaciones',
  'declarado_retiros',
  'recibido_pagos',
  'recibido_aportaciones',
  'recibido_retiros',
  'diferencia',
  'capturas',
  'capturas_recibidas',
  'correcciones',
] as const;

export type CierreExportRow = Record<
  (typeof CIERRE_EXPORT_COLUMNS)[number],
  string | number | null
>;

export const CIERRE_EXPORT = { sheet: 'Cierres de viaje', file: 'cierres-viaje.xlsx' } as const;

export const CIERRE_SHEET = defineSheet(CIERRE_EXPORT.sheet, CIERRE_EXPORT_COLUMNS, {
  id: INTEGER,
  promotor: INTEGER,
  nombre_promotor: TEXT,
  desde: DATETIME,
  cerrado_en: DATETIME,
  recibido_en: DATETIME,
  declarado_pagos: MONEY,
  declarado_aportaciones: MONEY,
  declarado_retiros: MONEY,
  recibido_pagos: MONEY,
  recibido_aportaciones: MONEY,
  recibido_retiros: MONEY,
  diferencia: MONEY,
  capturas: INTEGER,
  capturas_recibidas: INTEGER,
  correcciones: INTEGER,
});

/** A decimal amount as pesos, negative when it is money going out (null: not an amount). */
function pesos(text: string, out = false): number | null {
  const cents = parseMoney(text);
  if (cents === null) return null;
  return (out && cents !== 0 ? -cents : cents) / 100;
}

export function cierreExportRow(row: ClosingRow): CierreExportRow {
  const c = row.closing;
  return {
    id: c.id,
    promotor: c.promotor,
    nombre_promotor: c.nombre_promotor,
    desde: c.desde,
    cerrado_en: c.cerrado_en,
    recibido_en: c.recibido_en,
    declarado_pagos: pesos(c.declarado.pagos),
    declarado_aportaciones: pesos(c.declarado.aportaciones),
    declarado_retiros: pesos(c.declarado.retiros, true),
    recibido_pagos: pesos(c.recibido.pagos),
    recibido_aportaciones: pesos(c.recibido.aportaciones),
    recibido_retiros: pesos(c.recibido.retiros, true),
    diferencia: row.difference / 100,
    capturas: c.capturas,
    capturas_recibidas: c.capturas_recibidas,
    correcciones: row.corrections,
  };
}
