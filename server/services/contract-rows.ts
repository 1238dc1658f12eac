/**
 * The JSON shapes of contracts (docs/business-rules.md#contracts): the list row
 * with its debt today, and the detail (row + interest over the term). Stored decimals answer as
 * text ("1040.00"), computed figures as numbers (docs/architecture.md#api-conventions). Every
 * figure comes from `#domain/contract-figures` and `#domain/amortization`, the code the phone runs
 * offline.
 */
import type { ContractApiRow, ContractDebtToday } from '#domain/credit-replica';
import type { ContractDetail } from '#domain/credit-shapes';
import { contractFigures } from '#domain/contract-figures';
import type { IsoDate } from '#domain/dates';
import type { Debt, DebtPayment } from '#domain/debt';
import { amortizationTable } from '#domain/amortization';
import { centsNumber, type ContractRecord } from './credit-records.ts';

/** `deuda_al_dia` of a row: the four debt figures today. */
export type DebtToday = ContractDebtToday;

/** The list row of a contract: the one shape the phone's replica reads too. */
export type ContractRow = ContractApiRow;

export type { ContractDetail } from '#domain/credit-shapes';

export function debtToday(debt: Debt | null): DebtToday | null {
  if (!debt) return null;
  return {
    interes_ordinario_deuda: centsNumber(debt.interes_ordinario_deuda),
    interes_moratorio_deuda: centsNumber(debt.interes_moratorio_deuda),
    capital_por_pagar: centsNumber(debt.capital_por_pagar),
    total_deuda: centsNumber(debt.total_deuda),
  };
}

/** The list row of a contract given ALL its payments, as of `today`. */
export function toContractRow(
  c: ContractRecord,
  payments: readonly DebtPayment[],
  today: IsoDate,
): ContractRow {
  const figures = contractFigures(c.debt, payments, today);
  return {
    id: c.id,
    solicitud: c.solicitud,
    clave_socio: c.clave_socio,
    nombres: c.nombres,
    comunidad: c.comunidad,
    nombre_comunidad: c.nombre_comunidad,
    region: c.region,
    nombre_region: c.nombre_region,
    proceso: c.proceso,
    tipo_credito: c.tipo_credito,
    fondo_comun: c.fondo_comun,
    monto: c.monto_text,
    plazo: c.debt.plazo,
    prorroga: c.debt.prorroga,
    prorroga_justificacion: c.prorroga_justificacion,
    plazo_disp: figures.plazo_disp,
    tasa: String(c.debt.tasa),
    tasa_moratoria: String(c.debt.tasa_moratoria),
    tipo_tasa: c.debt.tipo_tasa,
    fecha_inicio: c.debt.fecha_inicio,
    fecha_vencimiento: figures.fecha_vencimiento,
    fecha_final: c.debt.fecha_final,
    estatus: figures.estatus,
    estatus_detail: figures.estatus,
    estatus_contrato: c.debt.estatus,
    estatus_ejecucion: c.debt.estatus_ejecucion,
    fecha_banco: c.fecha_banco,
    referencia_banco: c.referencia_banco,
    pagado: centsNumber(figures.pagado),
    deuda_al_dia: debtToday(figures.deuda),
    dias_vida: figures.dias_vida,
    dias_cartera_vigente: figures.dias_cartera_vigente,
    dias_vencidos: figures.dias_vencidos,
  };
}

/** The detail: the row plus the interest over the whole term (and extension). */
export function toContractDetail(
  c: ContractRecord,
  payments: readonly DebtPayment[],
  today: IsoDate,
): ContractDetail {
  const table = amortizationTable(c.debt);
  return {
    ...toContractRow(c, payments, today),
    intereses: centsNumber(table.interes_total),
    total: centsNumber(table.total_a_pagar),
  };
}

/** Rows for many contracts from their grouped payments (one pass, no query). */
export function toContractRows(
  contracts: readonly ContractRecord[],
  payments: ReadonlyMap<number, readonly DebtPayment[]>,
  today: IsoDate,
): ContractRow[] {
  return contracts.map((c) => toContractRow(c, payments.get(c.id) ?? [], today));
}
