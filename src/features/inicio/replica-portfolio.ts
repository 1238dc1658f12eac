/**
 * The replica's contracts and payments as `#domain/portfolio` inputs, so the home screen
 * computes the same figures as `/contratos/carteras/` and `/contratos/carteras-per-region/`
 * offline. The reading itself (text decimals → integer cents, the stored status, payment order)
 * is #domain/credit-replica's; here rows that do not read (a half-written optimistic record)
 * are left out first rather than breaking the screen.
 */
import { z } from 'zod';
import { CONTRACT_STATUSES, EXECUTION_STATUSES, RATE_TYPES } from '#domain/codes';
import { portfolioInputsOf } from '#domain/credit-replica';
import { parseMoney } from '#domain/money';
import type { PortfolioInput } from '#domain/portfolio';

const money = z.union([z.string(), z.number()]).refine((v) => parseMoney(v) !== null);
const rate = z.union([z.string(), z.number()]);
const isoDate = z.string().nullable();

const contractSchema = z.object({
  id: z.number(),
  region: z.number(),
  fondo_comun: z.boolean(),
  monto: money,
  tasa: rate,
  tasa_moratoria: rate,
  tipo_tasa: z.enum(RATE_TYPES).nullable(),
  plazo: z.number(),
  prorroga: z.number().catch(0),
  fecha_inicio: isoDate,
  estatus_contrato: z.enum(CONTRACT_STATUSES),
  estatus_ejecucion: z.enum(EXECUTION_STATUSES),
  fecha_final: isoDate.catch(null),
});

const paymentSchema = z.object({
  id: z.union([z.number(), z.string()]),
  credito: z.union([z.number(), z.string()]).transform(Number),
  fecha_pago: z.string(),
  cantidad: money,
  abono_capital: money,
  interes_ord: money,
  interes_mor: money,
  deuda_prev_int_ord: money,
  deuda_prev_int_mor: money,
  capturado_en: z.string().nullish().catch(null),
});

function readable<T>(schema: z.ZodType<T>, rows: readonly unknown[]): T[] {
  const out: T[] = [];
  for (const row of rows) {
    const parsed = schema.safeParse(row);
    if (parsed.success) out.push(parsed.data);
  }
  return out;
}

/** Portfolio inputs of every readable contract row, each with its readable payments. */
export function portfolioInputs(
  contracts: readonly unknown[],
  payments: readonly unknown[],
): PortfolioInput[] {
  return portfolioInputsOf(readable(contractSchema, contracts), readable(paymentSchema, payments));
}
