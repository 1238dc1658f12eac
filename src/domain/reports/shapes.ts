/**
 * The reports' answers (GET /api/reportes/<report>/) and spreadsheets, shared by the server
 * and the screen. Money travels as integer cents (computed figures, exact); percentages as
 * numbers 0–100 with two decimals; kilos as numbers with two decimals.
 */
import * as z from 'zod';
import { PROCESSES } from '#domain/codes';
import {
  code,
  DATE,
  DECIMAL,
  defineSheet,
  INTEGER,
  MONTH,
  MONEY,
  PERCENT,
  TEXT,
  type SheetSpec,
} from '#domain/sheet';
import type { CollectionRow } from './collections';
import type { CoverageRow } from './coverage';
import type { CreditFlowRow } from './credit-flows';
import { FUNNEL_STEPS, type FunnelRow } from './funnel';
import type { PortfolioAtRiskRow } from './portfolio-at-risk';
import type { SavingsRow } from './savings';

export const REPORTS = [
  'cartera-riesgo',
  'colocacion',
  'acopios',
  'ahorro',
  'embudo',
  'cobertura',
] as const;
export type ReportName = (typeof REPORTS)[number];

const month = z.string().regex(/^\d{4}-\d{2}$/);
const cents = z.number().int();
const count = z.number().int();
const percent = z.number().nullable();

export const parRowSchema = z.object({
  mes: month,
  fecha: z.string(),
  contratos: count,
  cartera: cents,
  contratos_30: count,
  vencida_30: cents,
  contratos_90: count,
  vencida_90: cents,
  par30: percent,
  par90: percent,
}) satisfies z.ZodType<PortfolioAtRiskRow>;

export const creditFlowRowSchema = z.object({
  mes: month,
  desembolsos: count,
  desembolsado: cents,
  pagos: count,
  capital: cents,
  interes_ordinario: cents,
  interes_moratorio: cents,
  recuperado: cents,
}) satisfies z.ZodType<CreditFlowRow>;

/** A collections row with its region's name and its kilos as a number (two decimals). */
export interface CollectionAnswerRow extends Omit<CollectionRow, 'centikilos'> {
  nombre_region: string;
  kilos: number;
}

export const collectionRowSchema = z.object({
  mes: month,
  producto: z.enum(PROCESSES),
  region: count,
  nombre_region: z.string(),
  entregas: count,
  kilos: z.number(),
  ingreso: cents,
}) satisfies z.ZodType<CollectionAnswerRow>;

export const savingsRowSchema = z.object({
  mes: month,
  n_aportaciones: count,
  aportaciones: cents,
  n_retiros: count,
  retiros: cents,
  neto: cents,
}) satisfies z.ZodType<SavingsRow>;

export const funnelRowSchema = z.object({
  paso: z.enum(FUNNEL_STEPS),
  solicitudes: count,
  porcentaje: percent,
  mediana_dias: z.number().nullable(),
}) satisfies z.ZodType<FunnelRow>;

export const coverageRowSchema = z.object({
  mes: month,
  promotor: count,
  nombre_promotor: z.string(),
  comunidades: count,
  visitas: count,
  socios_vistos: count,
  ausentes: count,
  cobrado: cents,
  por_cobrar: cents,
  cobertura: percent,
  promesas: count,
  cumplidas: count,
  incumplidas: count,
  pendientes: count,
}) satisfies z.ZodType<CoverageRow>;

/** Every report answers its period (months, both included) and its rows. */
const answerOf = <T extends z.ZodType>(row: T) =>
  z.object({ desde: month, hasta: month, filas: z.array(row) });

export const REPORT_ANSWERS = {
  'cartera-riesgo': answerOf(parRowSchema),
  colocacion: answerOf(creditFlowRowSchema),
  acopios: answerOf(collectionRowSchema),
  ahorro: answerOf(savingsRowSchema),
  embudo: answerOf(funnelRowSchema),
  cobertura: answerOf(coverageRowSchema),
} as const satisfies Record<ReportName, z.ZodType>;

export type ReportAnswer<R extends ReportName> = z.infer<(typeof REPORT_ANSWERS)[R]>;
export type ReportRow<R extends ReportName> = ReportAnswer<R>['filas'][number];

/** The filters' choices: regions and promoters (users with the promoter role). */
export const reportFiltersSchema = z.object({
  regiones: z.array(z.object({ id: count, nombre: z.string() })),
  promotores: z.array(z.object({ id: count, nombre: z.string() })),
});
export type ReportFilters = z.infer<typeof reportFiltersSchema>;

// ---------------------------------------------------------------- spreadsheets

const pesos = (value: number): number => value / 100;

export const PAR_SHEET = defineSheet(
  'Cartera en riesgo',
  [
    'mes',
    'fecha',
    'contratos',
    'cartera',
    'contratos_30',
    'vencida_30',
    'par30',
    'contratos_90',
    'vencida_90',
    'par90',
  ],
  {
    mes: MONTH,
    fecha: DATE,
    contratos: INTEGER,
    cartera: MONEY,
    contratos_30: INTEGER,
    vencida_30: MONEY,
    par30: PERCENT,
    contratos_90: INTEGER,
    vencida_90: MONEY,
    par90: PERCENT,
  },
);

export const CREDIT_FLOW_SHEET = defineSheet(
  'Colocación y recuperación',
  [
    'mes',
    'desembolsos',
    'desembolsado',
    'pagos',
    'capital',
    'interes_ordinario',
    'interes_moratorio',
    'recuperado',
  ],
  {
    mes: MONTH,
    desembolsos: INTEGER,
    desembolsado: MONEY,
    pagos: INTEGER,
    capital: MONEY,
    interes_ordinario: MONEY,
    interes_moratorio: MONEY,
    recuperado: MONEY,
  },
);

export const COLLECTION_SHEET = defineSheet(
  'Acopios',
  ['mes', 'producto', 'region', 'nombre_region', 'entregas', 'kilos', 'ingreso'],
  {
    mes: MONTH,
    producto: code('processes'),
    region: INTEGER,
    nombre_region: TEXT,
    entregas: INTEGER,
    kilos: DECIMAL,
    ingreso: MONEY,
  },
);

export const SAVINGS_SHEET = defineSheet(
  'Aportaciones y retiros',
  ['mes', 'n_aportaciones', 'aportaciones', 'n_retiros', 'retiros', 'neto'],
  {
    mes: MONTH,
    n_aportaciones: INTEGER,
    aportaciones: MONEY,
    n_retiros: INTEGER,
    retiros: MONEY,
    neto: MONEY,
  },
);

export const FUNNEL_SHEET = defineSheet(
  'Embudo de solicitudes',
  ['paso', 'solicitudes', 'porcentaje', 'mediana_dias'],
  { paso: code('funnelSteps'), solicitudes: INTEGER, porcentaje: PERCENT, mediana_dias: DECIMAL },
);

export const COVERAGE_SHEET = defineSheet(
  'Cobertura de visitas',
  [
    'mes',
    'promotor',
    'nombre_promotor',
    'comunidades',
    'visitas',
    'socios_vistos',
    'ausentes',
    'cobrado',
    'por_cobrar',
    'cobertura',
    'promesas',
    'cumplidas',
    'incumplidas',
    'pendientes',
  ],
  {
    mes: MONTH,
    promotor: INTEGER,
    nombre_promotor: TEXT,
    comunidades: INTEGER,
    visitas: INTEGER,
    socios_vistos: INTEGER,
    ausentes: INTEGER,
    cobrado: MONEY,
    por_cobrar: MONEY,
    cobertura: PERCENT,
    promesas: INTEGER,
    cumplidas: INTEGER,
    incumplidas: INTEGER,
    pendientes: INTEGER,
  },
);

/** A report's sheet and how one of its answer rows becomes a sheet row (cents → pesos). */
export interface ReportSheet<R extends ReportName, K extends string> {
  spec: SheetSpec<K>;
  row: (row: ReportRow<R>) => Record<K, unknown>;
}

export const REPORT_SHEETS: {
  [R in ReportName]: ReportSheet<R, string>;
} = {
  'cartera-riesgo': {
    spec: PAR_SHEET,
    row: (r) => ({
      ...r,
      cartera: pesos(r.cartera),
      vencida_30: pesos(r.vencida_30),
      vencida_90: pesos(r.vencida_90),
    }),
  },
  colocacion: {
    spec: CREDIT_FLOW_SHEET,
    row: (r) => ({
      ...r,
      desembolsado: pesos(r.desembolsado),
      capital: pesos(r.capital),
      interes_ordinario: pesos(r.interes_ordinario),
      interes_moratorio: pesos(r.interes_moratorio),
      recuperado: pesos(r.recuperado),
    }),
  },
  acopios: { spec: COLLECTION_SHEET, row: (r) => ({ ...r, ingreso: pesos(r.ingreso) }) },
  ahorro: {
    spec: SAVINGS_SHEET,
    row: (r) => ({
      ...r,
      aportaciones: pesos(r.aportaciones),
      retiros: pesos(r.retiros),
      neto: pesos(r.neto),
    }),
  },
  embudo: { spec: FUNNEL_SHEET, row: (r) => ({ ...r }) },
  cobertura: {
    spec: COVERAGE_SHEET,
    row: (r) => ({ ...r, cobrado: pesos(r.cobrado), por_cobrar: pesos(r.por_cobrar) }),
  },
};

/** The downloaded file's name: the report and its period. */
export function reportFileName(report: ReportName, desde: string, hasta: string): string {
  return `reporte-${report}-${desde}-${hasta}.xlsx`;
}
