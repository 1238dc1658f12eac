/**
 * The portfolio's spreadsheet (/carteras "Exportar a Excel"): both tables in one sheet, current
 * loans first, each loan's status (Vigente / Vencido) beside its code, so the office can filter
 * either side. Amounts are pesos with the currency format (the screen holds cents).
 */
import { code, DATE, defineSheet, INTEGER, MONEY, TEXT } from '#domain/sheet';
import type { CarteraFigures, CarteraLoan } from './cartera-figures.ts';

export const CARTERA_EXPORT_COLUMNS = [
  'id',
  'clave_socio',
  'nombres',
  'region',
  'nombre_region',
  'fecha_inicio',
  'estatus',
  'estatus_ejecucion',
  'monto',
  'capital',
  'dias_vencidos',
  'fecha_banco',
  'referencia_banco',
] as const;

export type CarteraExportRow = Pick<
  CarteraLoan,
  Exclude<(typeof CARTERA_EXPORT_COLUMNS)[number], 'monto' | 'capital'>
> & {
  /** The amount lent, in pesos. */
  monto: number;
  /** The pending capital the loan adds to its side at the date, in pesos. */
  capital: number;
};

export const CARTERA_SHEET = defineSheet('Cartera', CARTERA_EXPORT_COLUMNS, {
  id: INTEGER,
  clave_socio: INTEGER,
  nombres: TEXT,
  region: INTEGER,
  nombre_region: TEXT,
  fecha_inicio: DATE,
  estatus: code('contractStatuses'),
  estatus_ejecucion: code('executionStatuses'),
  monto: MONEY,
  capital: MONEY,
  dias_vencidos: INTEGER,
  fecha_banco: DATE,
  referencia_banco: TEXT,
});

export function carteraExportFilename(fecha: string): string {
  return `cartera-${fecha}.xlsx`;
}

function exportRow(loan: CarteraLoan): CarteraExportRow {
  return {
    id: loan.id,
    clave_socio: loan.clave_socio,
    nombres: loan.nombres,
    region: loan.region,
    nombre_region: loan.nombre_region,
    fecha_inicio: loan.fecha_inicio,
    estatus: loan.estatus,
    estatus_ejecucion: loan.estatus_ejecucion,
    monto: loan.monto / 100,
    capital: loan.capital / 100,
    dias_vencidos: loan.dias_vencidos,
    fecha_banco: loan.fecha_banco,
    referencia_banco: loan.referencia_banco,
  };
}

/** The sheet's rows: the current loans, then the overdue ones, each in the table's order. */
export function carteraExportRows(figures: CarteraFigures): CarteraExportRow[] {
  return [...figures.vigentes, ...figures.vencidos].map(exportRow);
}
