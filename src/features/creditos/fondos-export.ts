/**
 * The shared funds' spreadsheet (/fondos-comunes "Exportar a Excel"): the rows the list shows,
 * with the columns and cells of the contracts spreadsheet (GET /contratosXLSX/, the file of
 * /creditos) in a sheet of their own. Built on the device from the list's figures of
 * today, so it also works offline. Amounts are pesos (the list holds cents).
 */
import { CONTRACT_SHEET, type CONTRACT_XLSX_COLUMNS } from '#domain/credit-shapes';
import type { Cents } from '#domain/money';
import type { SheetSpec } from '#domain/sheet';
import type { CreditRow } from './contract-figures.ts';

type Column = (typeof CONTRACT_XLSX_COLUMNS)[number];

export const FONDOS_EXPORT = { sheet: 'Fondos comunes', file: 'fondos-comunes.xlsx' } as const;

export const FONDOS_SHEET: SheetSpec<Column> = { ...CONTRACT_SHEET, sheet: FONDOS_EXPORT.sheet };

export type FondoExportRow = Record<Column, string | number | null>;

const pesos = (cents: Cents | null): number | null => (cents === null ? null : cents / 100);

/** A list row as the sheet reads it: a plain object (no getters), money in pesos. */
export function fondoExportRow(row: CreditRow): FondoExportRow {
  const r = row.record;
  return {
    id: r.id,
    clave_socio: r.clave_socio,
    nombres: r.nombres,
    region: r.region,
    nombre_region: r.nombre_region,
    comunidad: r.comunidad,
    nombre_comunidad: r.nombre_comunidad,
    proceso: r.proceso,
    tipo_credito: r.tipo_credito,
    fecha_inicio: r.fecha_inicio,
    fecha_vencimiento: row.fecha_vencimiento,
    plazo_disp: row.plazo_disp,
    tasa: r.tasa,
    tasa_moratoria: r.tasa_moratoria,
    tipo_tasa: r.tipo_tasa,
    estatus: row.estatus,
    estatus_ejecucion: r.estatus_ejecucion,
    monto: pesos(row.monto),
    pagado: pesos(row.pagado),
    capital_por_pagar: pesos(row.capital_por_pagar),
    interes_ordinario_deuda: pesos(row.interes_ordinario_deuda),
    interes_moratorio_deuda: pesos(row.interes_moratorio_deuda),
    total_deuda: pesos(row.total_deuda),
    dias_vida: row.dias_vida,
    dias_cartera_vigente: row.dias_cartera_vigente,
    dias_vencidos: row.dias_vencidos,
    fecha_banco: r.fecha_banco,
    referencia_banco: r.referencia_banco,
  };
}
