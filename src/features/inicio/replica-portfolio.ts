/**
 * The replica's contracts and payments as `#domain/portfolio` inputs, so the home screen
 * computes the same figures as `/contratos/carteras/` and `/contratos/carteras-per-region/`
 * offline. A contract row carries its stored status as `estatus_contrato` (its `estatus` is the
 * status today); decimals travel as text and become integer cents here. Rows that do not read
 * (a half-written optimistic record) are left out rather than breaking the screen.
 */
import { z } from 'zod';
import { CONTRACT_STATUSES, EXECUTION_STATUSES, RATE_TYPES } from '#domain/codes';
import type { DebtPayment } from '#domain/debt';
import { parseMoney } from '#domain/money';
import type { PortfolioInput } from '#domain/portfolio';

const money = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const cents = parseMoney(v);
  if (cents === null) {
    ctx.addIssue({ code: 'custom', message: 'money' });
    return z.NEVER;
  }
  return cents;
});
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
  credito: z.union([z.number(), z.string()]),
  fecha_pago: z.string(),
  cantidad: money,
  abono_capital: money,
  interes_ord: money,
  interes_mor: money,
  deuda_prev_int_ord: money,
  deuda_prev_int_mor: money,
});

/** A payment still on the phone (string id) applies after every recorded one of its day. */
const LOCAL_ORDER = Number.MAX_SAFE_INTEGER;

function paymentsByContract(rows: readonly unknown[]): Map<string, DebtPayment[]> {
  const byContract = new Map<string, DebtPayment[]>();
  for (const row of rows) {
    const parsed = paymentSchema.safeParse(row);
    if (!parsed.success) continue;
    const p = parsed.data;
    const payment: DebtPayment = {
      fecha_pago: p.fecha_pago,
      cantidad: p.cantidad,
      abono_capital: p.abono_capital,
      interes_ord: p.interes_ord,
      interes_mor: p.interes_mor,
      deuda_prev_int_ord: p.deuda_prev_int_ord,
      deuda_prev_int_mor: p.deuda_prev_int_mor,
      orden: typeof p.id === 'number' ? p.id : LOCAL_ORDER,
    };
    const key = String(p.credito);
    const list = byContract.get(key);
    if (list) list.push(payment);
    else byContract.set(key, [payment]);
  }
  return byContract;
}

/** Portfolio inputs of every readable contract row, each with its readable payments. */
export function portfolioInputs(
  contracts: readonly unknown[],
  payments: readonly unknown[],
): PortfolioInput[] {
  const paid = paymentsByContract(payments);
  const inputs: PortfolioInput[] = [];
  for (const row of contracts) {
    const parsed = contractSchema.safeParse(row);
    if (!parsed.success) continue;
    const c = parsed.data;
    inputs.push({
      id: c.id,
      region: c.region,
      fondo_comun: c.fondo_comun,
      contract: {
        monto: c.monto,
        tasa: c.tasa,
        tasa_moratoria: c.tasa_moratoria,
        tipo_tasa: c.tipo_tasa,
        plazo: c.plazo,
        prorroga: c.prorroga,
        fecha_inicio: c.fecha_inicio,
        estatus: c.estatus_contrato,
        estatus_ejecucion: c.estatus_ejecucion,
        fecha_final: c.fecha_final,
      },
      payments: paid.get(String(c.id)) ?? [],
    });
  }
  return inputs;
}
