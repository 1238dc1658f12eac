/**
 * From replica rows to the inputs of #domain/evaluation-figures
 * (docs/business-rules.md#member-evaluation-figures). The replica keeps contracts, payments,
 * collections and movements in the shapes of their list endpoints (decimals as text); this turns
 * them into what the domain functions read (integer cents, the stored contract status), exactly as
 * the server's services do, so the figures the manager sees offline are the ones the server would
 * compute. Rows still waiting for the server (local ids) are left out: the server does not know
 * them yet.
 */
import { z } from 'zod';
import {
  CONTRACT_STATUSES,
  EXECUTION_STATUSES,
  PROCESSES,
  RATE_TYPES,
  type ContractStatus,
} from '#domain/codes';
import { compareIsoDates, type IsoDate } from '#domain/dates';
import { present } from '#domain/guards';
import { portfolioInputsOf } from '#domain/credit-replica';
import { debtAt, statusAt } from '#domain/debt';
import { balanceOf } from '#domain/balance';
import type { AcopioForSum } from '#domain/deliveries';
import type { Delivery, EvaluationInputs } from '#domain/evaluation-figures';
import { parseMoney, type Cents } from '#domain/money';

const id = z.number().int();
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const cents = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const parsed = parseMoney(value);
  if (parsed === null) {
    ctx.addIssue({ code: 'custom', message: `not an amount: ${String(value)}` });
    return z.NEVER;
  }
  return parsed;
});

// Contracts and payments are only checked here: #domain/credit-replica reads them.
const money = z.union([z.string(), z.number()]).refine((value) => parseMoney(value) !== null);

const contractRowSchema = z.object({
  id,
  clave_socio: id,
  comunidad: id,
  region: id,
  fondo_comun: z.boolean(),
  monto: money,
  tasa: z.union([z.string(), z.number()]),
  tasa_moratoria: z.union([z.string(), z.number()]),
  tipo_tasa: z.enum(RATE_TYPES).nullable(),
  plazo: id,
  prorroga: id,
  fecha_inicio: date.nullable(),
  fecha_final: date.nullable(),
  /** The stored status (DP, PA, CN); `estatus` is the status as of the pull. */
  estatus_contrato: z.enum(CONTRACT_STATUSES),
  estatus_ejecucion: z.enum(EXECUTION_STATUSES),
});

const paymentRowSchema = z.object({
  id,
  credito: id,
  fecha_pago: date,
  cantidad: money,
  abono_capital: money,
  interes_ord: money,
  interes_mor: money,
  deuda_prev_int_ord: money,
  deuda_prev_int_mor: money,
});

const acopioRowSchema = z.object({
  id,
  fecha: date,
  tipo_de_producto: z.enum(PROCESSES),
  ingreso: cents,
  kilos_de_producto: z.union([z.string(), z.number()]).nullable(),
});

const movementRowSchema = z.object({
  id,
  monto: cents,
  aportacion: z.boolean(),
});

export type ContractInput = z.output<typeof contractRowSchema>;
export type PaymentInput = z.output<typeof paymentRowSchema>;
export type AcopioInput = z.output<typeof acopioRowSchema>;

/** Parse the rows that fit a shape; optimistic or malformed rows are skipped. */
function parseRows<T>(schema: z.ZodType<T>, rows: readonly unknown[]): T[] {
  const out: T[] = [];
  for (const row of rows) {
    const parsed = schema.safeParse(row);
    if (parsed.success) out.push(parsed.data);
  }
  return out;
}

export const contractsOf = (rows: readonly unknown[]) => parseRows(contractRowSchema, rows);
export const paymentsOf = (rows: readonly unknown[]) => parseRows(paymentRowSchema, rows);
export const acopiosOf = (rows: readonly unknown[]) => parseRows(acopioRowSchema, rows);

/** Collections as the yearly sums read them (kilos in thousandths, exact). */
export function acopiosForSum(acopios: readonly AcopioInput[]): AcopioForSum[] {
  return acopios.map((a) => {
    const kilos = a.kilos_de_producto === null ? null : parseMoney(a.kilos_de_producto);
    return {
      fecha: a.fecha,
      tipo_de_producto: a.tipo_de_producto,
      ingreso: a.ingreso,
      // kilos have 2 decimals: hundredths × 10 = thousandths.
      kilos_milli: kilos === null ? null : kilos * 10,
    };
  });
}

export function deliveriesOf(acopios: readonly AcopioInput[]): Delivery[] {
  return acopios.map((a) => ({ fecha: a.fecha, ingreso: a.ingreso }));
}

/** The member's contribution balance, null without movements (as GET /movimientos/saldo/). */
export function saldoOf(movementRows: readonly unknown[]): Cents | null {
  return balanceOf(parseRows(movementRowSchema, movementRows))?.saldo ?? null;
}

export interface EvaluationSource {
  today: IsoDate;
  monto_solicitado: Cents;
  clave_socio: number;
  comunidad: number;
  region: number;
  /** Contract rows that include every contract of the member, its community and its region. */
  contracts: readonly ContractInput[];
  /** Payments of those contracts (others are ignored). */
  payments: readonly PaymentInput[];
  memberAcopios: readonly AcopioInput[];
  saldo: Cents | null;
}

export function evaluationInputsOf(source: EvaluationSource): EvaluationInputs {
  const scoped = (keep: (c: ContractInput) => boolean) =>
    portfolioInputsOf(source.contracts.filter(keep), source.payments);
  return {
    today: source.today,
    monto_solicitado: source.monto_solicitado,
    deliveries: deliveriesOf(source.memberAcopios),
    memberContracts: scoped((c) => c.clave_socio === source.clave_socio),
    communityContracts: scoped((c) => c.comunidad === source.comunidad),
    regionContracts: scoped((c) => c.region === source.region),
    saldo: source.saldo,
  };
}

export interface ContractToday {
  id: number;
  monto: Cents;
  fecha_inicio: IsoDate | null;
  /** Status today (VI / VE for a started DP contract, else PA, CN or DP). */
  estatus: ContractStatus;
  estatus_ejecucion: ContractInput['estatus_ejecucion'];
  /** Total debt today; null when there is none (not started, not collected, settled). */
  deuda: Cents | null;
}

/** A member's contracts as they stand today, newest start first (never started first). */
export function contractsToday(
  contracts: readonly ContractInput[],
  payments: readonly PaymentInput[],
  today: IsoDate,
): ContractToday[] {
  return portfolioInputsOf(contracts, payments)
    .map((item, index) => {
      const c = item.contract;
      const started = c.fecha_inicio !== null && compareIsoDates(c.fecha_inicio, today) <= 0;
      return {
        id: item.id,
        monto: c.monto,
        fecha_inicio: c.fecha_inicio,
        estatus: statusAt(c, today),
        estatus_ejecucion: present(contracts[index], `contract ${item.id}`).estatus_ejecucion,
        deuda: started ? (debtAt(c, item.payments, today)?.total_deuda ?? null) : null,
      };
    })
    .sort((a, b) => {
      if (a.fecha_inicio === b.fecha_inicio) return b.id - a.id;
      if (!a.fecha_inicio) return -1;
      if (!b.fecha_inicio) return 1;
      return compareIsoDates(b.fecha_inicio, a.fecha_inicio);
    });
}
