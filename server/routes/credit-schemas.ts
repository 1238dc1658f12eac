/**
 * Answer and query schemas of the credit routes (contratos, pagos, condonaciones), checked
 * against the service shapes at compile time (`satisfies`).
 */
import * as z from 'zod';
import {
  CONTRACT_STATUSES,
  CREDIT_TYPES,
  EXECUTION_STATUSES,
  PROCESSES,
  RATE_TYPES,
  REGION_IDS,
} from '#domain/codes';
import { msg } from '#domain/messages';
import { isoDateField } from '#domain/rules';
import type { ContractDetail, ContractRow, DebtToday } from '#server/services/contract-rows';
import type {
  PortfolioAnswer,
  PortfolioLoan,
  RegionPortfolioAnswer,
  TotalsAnswer,
} from '#server/services/portfolios';
import type { WaiverAnswer } from '#server/services/waivers';

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const status = z.enum(CONTRACT_STATUSES);

// ---------------------------------------------------------------- queries

/** A query flag: "true", "True", "1" are on; anything else (or absent) is off. */
export const flag = z
  .unknown()
  .optional()
  .transform((v) => typeof v === 'string' && ['true', 'True', '1'].includes(v));

/** `region`: absent or ALL = every region; else 1–10. */
export const regionQuery = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === '' || v.toUpperCase() === 'ALL') return null;
    const n = /^\d{1,2}$/.test(v) ? Number(v) : Number.NaN;
    if (!(REGION_IDS as readonly number[]).includes(n)) {
      ctx.addIssue({ code: 'custom', message: msg('server.credits.regionInvalid'), input: v });
      return z.NEVER;
    }
    return n;
  });

export const contractListQuery = z.object({
  all: flag,
  region: regionQuery,
  fondocomun: flag,
});

export const fondocomunQuery = z.object({ fondocomun: flag });

export const debtQuery = z.object({
  fecha: isoDateField({ required: false }),
  fondocomun: flag,
});

export const portfolioQuery = z.object({
  date: isoDateField({ required: false }),
  detail: flag,
  fondocomun: flag,
});

export const idParams = z.object({ id: z.string() });

// ---------------------------------------------------------------- answers

export const debtTodaySchema = z.object({
  interes_ordinario_deuda: z.number(),
  interes_moratorio_deuda: z.number(),
  capital_por_pagar: z.number(),
  total_deuda: z.number(),
}) satisfies z.ZodType<DebtToday>;

export const contractRowSchema = z.object({
  id: z.number().int(),
  solicitud: z.number().int().nullable(),
  clave_socio: z.number().int(),
  nombres: z.string(),
  comunidad: z.number().int(),
  nombre_comunidad: z.string(),
  region: z.number().int(),
  nombre_region: z.string(),
  proceso: z.enum(PROCESSES),
  tipo_credito: z.enum(CREDIT_TYPES),
  fondo_comun: z.boolean(),
  monto: z.string(),
  plazo: z.number().int(),
  prorroga: z.number().int(),
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
  dias_vida: z.number().int().nullable(),
  dias_cartera_vigente: z.number().int().nullable(),
  dias_vencidos: z.number().int().nullable(),
}) satisfies z.ZodType<ContractRow>;

export const contractDetailSchema = contractRowSchema.extend({
  intereses: z.number(),
  total: z.number(),
}) satisfies z.ZodType<ContractDetail>;

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

// One definition with the phone, which checks a payment write's answer with them.
export { paymentCreatedSchema, paymentRowSchema } from '#domain/credit-answers';

export const activationAnswerSchema = z.object({ id: z.number().int(), nombres: z.string() });

export const extensionAnswerSchema = z.object({
  id: z.number().int(),
  prorroga: z.number().int(),
  plazo_disp: z.string(),
  fecha_vencimiento: date,
});

export const waiverAnswerSchema = z.object({
  id: z.number().int(),
  credito: z.number().int(),
  fecha: date,
  total: z.string(),
  interes_ord: z.string(),
  interes_mor: z.string(),
  estatus_previo: status,
  justificacion: z.string(),
}) satisfies z.ZodType<WaiverAnswer>;

const band = z.object({ count: z.number().int(), total: z.number() });

const totals = z.object({
  vigentes_total: z.number(),
  vigentes_count: z.number().int(),
  vencidos_total: z.number(),
  vencidos_count: z.number().int(),
  vencidosLT30: band,
  vencidos30to6M: band,
  vencidosGT6M: band,
}) satisfies z.ZodType<TotalsAnswer>;

const portfolioLoan = z.object({
  id: z.number().int(),
  clave_socio: z.number().int(),
  nombres: z.string(),
  region: z.number().int(),
  nombre_region: z.string(),
  fecha_inicio: date.nullable(),
  estatus: z.enum(['VI', 'VE']),
  estatus_ejecucion: z.string(),
  monto: z.string(),
  fecha_banco: date.nullable(),
  referencia_banco: z.string().nullable(),
  capital: z.number(),
  dias_vencidos: z.number().int(),
}) satisfies z.ZodType<PortfolioLoan>;

export const portfolioAnswerSchema = totals.extend({
  fecha: date,
  vigentes: z.array(portfolioLoan).optional(),
  vencidos: z.array(portfolioLoan).optional(),
}) satisfies z.ZodType<PortfolioAnswer>;

export const regionPortfolioSchema = z.array(
  totals.extend({ region: z.number().int(), nombre_region: z.string() }),
) satisfies z.ZodType<RegionPortfolioAnswer[]>;

/** The no-link answers: {count, results}. */
export const noLinkSchema = <T extends z.ZodType>(row: T) =>
  z.object({ count: z.number().int(), results: z.array(row) });
