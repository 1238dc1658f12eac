/**
 * Credits as the API answers them (docs/business-rules.md#contracts to #waiver, and #portfolios):
 * the contract row and detail, the debt at a date, the payment row and a new payment's answer, the
 * answers of an activation, an extension and a waiver, the portfolios, THE shaping of a portfolio
 * loan, and the spreadsheets' columns. The server declares these schemas as its response schemas;
 * the phone checks a write's answer with them and builds its offline portfolio and payments
 * spreadsheet with the same shaping and columns. The row types themselves, and their reading into
 * debt inputs, are in ./credit-replica.
 */
import * as z from 'zod';
import {
  CONTRACT_STATUSES,
  CREDIT_TYPES,
  EXECUTION_STATUSES,
  PROCESSES,
  RATE_TYPES,
  type ContractStatus,
} from './codes';
import type {
  ContractApiRow,
  ContractDebtToday,
  PaymentApiRow,
  PaymentReplicaRow,
} from './credit-replica';
import type { Cents } from './money';
import { receiptColumnsShape } from './receipts';
import type { PortfolioEntry } from './portfolio';
import { code, DATE, defineSheet, INTEGER, MONEY, PERCENT, TEXT } from './sheet';

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const id = z.number().int();
const status = z.enum(CONTRACT_STATUSES);

// ---------------------------------------------------------------- contracts

export const debtTodaySchema = z.object({
  interes_ordinario_deuda: z.number(),
  interes_moratorio_deuda: z.number(),
  capital_por_pagar: z.number(),
  total_deuda: z.number(),
}) satisfies z.ZodType<ContractDebtToday>;

/** A row of GET /contratos.json (and of the pull). */
export const contractRowSchema = z.object({
  id,
  solicitud: id.nullable(),
  clave_socio: id,
  nombres: z.string(),
  comunidad: id,
  nombre_comunidad: z.string(),
  region: id,
  nombre_region: z.string(),
  proceso: z.enum(PROCESSES),
  tipo_credito: z.enum(CREDIT_TYPES),
  fondo_comun: z.boolean(),
  monto: z.string(),
  plazo: id,
  prorroga: id,
  prorroga_justificacion: z.string().nullable(),
  plazo_disp: z.string(),
  tasa: z.string(),
  tasa_moratoria: z.string(),
  tipo_tasa: z.enum(RATE_TYPES).nullable(),
  fecha_inicio: date.nullable(),
  fecha_vencimiento: date.nullable(),
  fecha_final: date.nullable(),
  estatus: status,
  estatus_detail: status,
  estatus_contrato: status,
  estatus_ejecucion: z.enum(EXECUTION_STATUSES),
  fecha_banco: date.nullable(),
  referencia_banco: z.string().nullable(),
  pagado: z.number(),
  deuda_al_dia: debtTodaySchema.nullable(),
  dias_vida: id.nullable(),
  dias_cartera_vigente: id.nullable(),
  dias_vencidos: id.nullable(),
}) satisfies z.ZodType<ContractApiRow>;

/** GET /contratos/{id}.json: the row plus the interest over the term. */
export const contractDetailSchema = contractRowSchema.extend({
  /** Ordinary interest over term plus extension. */
  intereses: z.number(),
  /** monto + intereses. */
  total: z.number(),
});
export type ContractDetail = z.output<typeof contractDetailSchema>;

/** GET /contratos/{id}/deuda/: the debt at the date, or `{}` when there is none. */
export const debtAnswerSchema = z.union([
  z.object({
    fecha: date,
    estatus_detail: status,
    monto_original: z.number(),
    capital_abonado: z.number(),
    interes_ordinario_abonado: z.number(),
    interes_moratorio_abonado: z.number(),
    total_abonado: z.number(),
    capital_por_pagar: z.number(),
    interes_ordinario_deuda: z.number(),
    interes_moratorio_deuda: z.number(),
    total_deuda: z.number(),
  }),
  z.object({}).strict(),
]);

/** PATCH /contratos/{id}/ (activation). */
export const activationAnswerSchema = z.object({ id, nombres: z.string() });

/** PATCH /contratos/{id}/prorroga/. */
export const extensionAnswerSchema = z.object({
  id,
  prorroga: id,
  plazo_disp: z.string(),
  fecha_vencimiento: date,
});

/** POST /condonaciones/: the waiver as recorded. */
export const waiverAnswerSchema = z.object({
  id,
  credito: id,
  fecha: date,
  total: z.string(),
  interes_ord: z.string(),
  interes_mor: z.string(),
  estatus_previo: status,
  justificacion: z.string(),
});
export type WaiverAnswer = z.output<typeof waiverAnswerSchema>;

/** Columns of /contratosXLSX/: the list's, with the debt today spread into its figures. */
export const CONTRACT_XLSX_COLUMNS = [
  'id',
  'clave_socio',
  'nombres',
  'region',
  'nombre_region',
  'comunidad',
  'nombre_comunidad',
  'proceso',
  'tipo_credito',
  'fecha_inicio',
  'fecha_vencimiento',
  'plazo_disp',
  'tasa',
  'tasa_moratoria',
  'tipo_tasa',
  'estatus',
  'estatus_ejecucion',
  'monto',
  'pagado',
  'capital_por_pagar',
  'interes_ordinario_deuda',
  'interes_moratorio_deuda',
  'total_deuda',
  'dias_vida',
  'dias_cartera_vigente',
  'dias_vencidos',
  'fecha_banco',
  'referencia_banco',
] as const;

/** The contracts spreadsheet (GET /contratosXLSX/): each column's kind (#domain/sheet). */
export const CONTRACT_SHEET = defineSheet('Contratos', CONTRACT_XLSX_COLUMNS, {
  id: INTEGER,
  clave_socio: INTEGER,
  nombres: TEXT,
  region: INTEGER,
  nombre_region: TEXT,
  comunidad: INTEGER,
  nombre_comunidad: TEXT,
  proceso: code('processes'),
  tipo_credito: code('creditTypes'),
  fecha_inicio: DATE,
  fecha_vencimiento: DATE,
  plazo_disp: TEXT,
  tasa: PERCENT,
  tasa_moratoria: PERCENT,
  tipo_tasa: code('rateTypes'),
  estatus: code('contractStatuses'),
  estatus_ejecucion: code('executionStatuses'),
  monto: MONEY,
  pagado: MONEY,
  capital_por_pagar: MONEY,
  interes_ordinario_deuda: MONEY,
  interes_moratorio_deuda: MONEY,
  total_deuda: MONEY,
  dias_vida: INTEGER,
  dias_cartera_vigente: INTEGER,
  dias_vencidos: INTEGER,
  fecha_banco: DATE,
  referencia_banco: TEXT,
});

/** A contract row as the spreadsheet reads it: the debt today's figures beside the row's. */
export function contractXlsxRow(row: ContractApiRow) {
  return {
    ...row,
    capital_por_pagar: row.deuda_al_dia?.capital_por_pagar ?? null,
    interes_ordinario_deuda: row.deuda_al_dia?.interes_ordinario_deuda ?? null,
    interes_moratorio_deuda: row.deuda_al_dia?.interes_moratorio_deuda ?? null,
    total_deuda: row.deuda_al_dia?.total_deuda ?? null,
  };
}

// ---------------------------------------------------------------- payments

/** A payment of GET /pagos.json, /pagos/{id}.json and the pull. */
export const paymentRowSchema = z.object({
  id,
  credito: id,
  fecha_pago: date,
  cantidad: z.string(),
  abono_capital: z.string(),
  interes_ord: z.string(),
  interes_mor: z.string(),
  autor: id,
  nombre_autor: z.string(),
  fecha_banco: date.nullable(),
  referencia_banco: z.string().nullable(),
  estatus_previo: status,
  deuda_prev_total: z.string(),
  deuda_prev_capital: z.string(),
  deuda_prev_int_ord: z.string(),
  deuda_prev_int_mor: z.string(),
  capturado_en: z.string().nullable(),
  tipo: z.enum(CREDIT_TYPES),
  fondo_comun: z.boolean(),
  clave_socio: id,
  nombres: z.string(),
  region: id,
  nombre_region: z.string(),
  ...receiptColumnsShape,
}) satisfies z.ZodType<PaymentApiRow>;

/** POST /pagos/ answers the new payment and the contract's status after it. */
export interface PaymentCreatedAnswer extends PaymentApiRow {
  /** Status at fecha_pago after this payment (PA when it settled the contract). */
  estatus_nuevo: ContractStatus;
}

export const paymentCreatedSchema = paymentRowSchema.extend({
  estatus_nuevo: status,
}) satisfies z.ZodType<PaymentCreatedAnswer>;

/** Columns of the payments list and of its spreadsheet (GET /pagosXLSX/ and the phone's). */
export const PAYMENT_LIST_COLUMNS = [
  'id',
  'credito',
  'tipo',
  'clave_socio',
  'nombres',
  'region',
  'nombre_region',
  'fecha_pago',
  'cantidad',
  'abono_capital',
  'interes_ord',
  'interes_mor',
  'estatus_previo',
  'deuda_prev_total',
  'deuda_prev_capital',
  'deuda_prev_int_ord',
  'deuda_prev_int_mor',
  'fecha_banco',
  'referencia_banco',
  'nombre_autor',
  'recibo',
  'recibo_codigo',
] as const satisfies readonly (keyof PaymentReplicaRow)[];

export const PAYMENT_EXPORT = { sheet: 'Pagos', file: 'pagos.xlsx' } as const;

/** The payments spreadsheet: each column's kind (#domain/sheet). */
export const PAYMENT_SHEET = defineSheet(PAYMENT_EXPORT.sheet, PAYMENT_LIST_COLUMNS, {
  id: INTEGER,
  credito: INTEGER,
  tipo: code('creditTypes'),
  clave_socio: INTEGER,
  nombres: TEXT,
  region: INTEGER,
  nombre_region: TEXT,
  fecha_pago: DATE,
  cantidad: MONEY,
  abono_capital: MONEY,
  interes_ord: MONEY,
  interes_mor: MONEY,
  estatus_previo: code('contractStatuses'),
  deuda_prev_total: MONEY,
  deuda_prev_capital: MONEY,
  deuda_prev_int_ord: MONEY,
  deuda_prev_int_mor: MONEY,
  fecha_banco: DATE,
  referencia_banco: TEXT,
  nombre_autor: TEXT,
  recibo: TEXT,
  recibo_codigo: TEXT,
});

// ---------------------------------------------------------------- portfolios

const band = z.object({ count: id, total: z.number() });

/** The portfolio's totals in pesos (GET /contratos/carteras/ and per region). */
export const portfolioTotalsSchema = z.object({
  vigentes_total: z.number(),
  vigentes_count: id,
  vencidos_total: z.number(),
  vencidos_count: id,
  vencidosLT30: band,
  vencidos30to6M: band,
  vencidosGT6M: band,
});
export type PortfolioTotalsAnswer = z.output<typeof portfolioTotalsSchema>;

/** A loan of the detailed portfolio: the table columns of /carteras plus its figures. */
export const portfolioLoanSchema = z.object({
  id,
  clave_socio: id,
  nombres: z.string(),
  region: id,
  nombre_region: z.string(),
  fecha_inicio: date.nullable(),
  estatus: z.enum(['VI', 'VE']),
  estatus_ejecucion: z.string(),
  monto: z.string(),
  fecha_banco: date.nullable(),
  referencia_banco: z.string().nullable(),
  /** Pending capital at the date (pesos). */
  capital: z.number(),
  dias_vencidos: id,
});
export type PortfolioLoanAnswer = z.output<typeof portfolioLoanSchema>;

export const portfolioAnswerSchema = portfolioTotalsSchema.extend({
  fecha: date,
  vigentes: z.array(portfolioLoanSchema).optional(),
  vencidos: z.array(portfolioLoanSchema).optional(),
});
export type PortfolioAnswer = z.output<typeof portfolioAnswerSchema>;

export const regionPortfolioSchema = z.array(
  portfolioTotalsSchema.extend({ region: id, nombre_region: z.string() }),
);
export type RegionPortfolioAnswer = z.output<typeof regionPortfolioSchema>[number];

/** The contract fields a portfolio loan shows. */
export type PortfolioLoanSource = Pick<
  ContractApiRow,
  | 'id'
  | 'clave_socio'
  | 'nombres'
  | 'region'
  | 'nombre_region'
  | 'fecha_inicio'
  | 'estatus_ejecucion'
  | 'monto'
  | 'fecha_banco'
  | 'referencia_banco'
>;

/** A loan of the portfolio at a date, its pending capital in cents. */
export interface PortfolioLoan extends PortfolioLoanSource {
  estatus: PortfolioEntry['estatus'];
  capital: Cents;
  dias_vencidos: number;
}

/** THE shaping of a portfolio loan from its contract and its place in the portfolio. */
export function portfolioLoanOf(entry: PortfolioEntry, c: PortfolioLoanSource): PortfolioLoan {
  return {
    id: c.id,
    clave_socio: c.clave_socio,
    nombres: c.nombres,
    region: c.region,
    nombre_region: c.nombre_region,
    fecha_inicio: c.fecha_inicio,
    estatus: entry.estatus,
    estatus_ejecucion: c.estatus_ejecucion,
    monto: c.monto,
    fecha_banco: c.fecha_banco,
    referencia_banco: c.referencia_banco,
    capital: entry.capital,
    dias_vencidos: entry.dias_vencidos,
  };
}
