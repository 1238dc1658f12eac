/**
 * The checks of a new payment (docs/business-rules.md#payments), in the rules' order, as one pure
 * function: the server runs it inside the payment's transaction over the locked contract and
 * its stored payments (server/services/payments.ts), and the phone runs it before queueing a
 * capture over its copy — the accepted payments plus its own pending ones — so an overpayment
 * is stopped offline with the server's own message under the field. The server stays the
 * authority: the phone's copy may be behind.
 */
import { compareIsoDates, type IsoDate } from './dates';
import { debtAt, DebtDateError, type Debt, type DebtContract, type DebtPayment } from './debt';
import type { FieldErrors } from './entities';
import { msg } from './messages';
import { formatCurrency } from './format';
import type { Cents } from './money';

export interface PaymentToCheck {
  fecha_pago: IsoDate;
  cantidad: Cents;
  abono_capital: Cents;
  interes_ord: Cents;
  interes_mor: Cents;
}

export type PaymentCheck = { ok: true; debt: Debt } | { ok: false; errors: FieldErrors };

/** Money in a message reads as everywhere else: "$9,600.00". */
const money = (c: Cents) => formatCurrency(c);
const refuse = (field: string, key: string, params?: Record<string, string | number>) => ({
  ok: false as const,
  errors: { [field]: [msg(`server.credits.${key}`, params)] },
});

/** Step 4: no part above what is owed; every failing part reported at once. */
function againstDebt(values: PaymentToCheck, debt: Debt): FieldErrors | null {
  const checks = [
    ['cantidad', values.cantidad, debt.total_deuda, 'exceedsTotal'],
    ['interes_ord', values.interes_ord, debt.interes_ordinario_deuda, 'exceedsOrdinary'],
    ['interes_mor', values.interes_mor, debt.interes_moratorio_deuda, 'exceedsLate'],
    ['abono_capital', values.abono_capital, debt.capital_por_pagar, 'exceedsCapital'],
  ] as const;
  const errors: FieldErrors = {};
  for (const [field, paid, owed, key] of checks) {
    if (paid > owed)
      errors[field] = [msg(`server.credits.${key}`, { cantidad: money(paid), deuda: money(owed) })];
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/**
 * A payment of `values` on contract `id` (`c`) after its `payments`: the first step that fails
 * gives its errors; otherwise the debt at the payment date, which the payment's snapshot keeps.
 */
export function checkPayment(
  id: number,
  c: DebtContract,
  payments: readonly DebtPayment[],
  values: PaymentToCheck,
): PaymentCheck {
  // 1. The contract.
  if (c.estatus !== 'DP') return refuse('credito', 'notPending', { id, estatus: c.estatus });
  if (c.estatus_ejecucion !== 'CO' || c.fecha_inicio === null)
    return refuse('credito', 'notCollected', { id, estatus: c.estatus_ejecucion });
  // 2. The date ("not in the future" is the form schema's).
  const fecha = values.fecha_pago;
  if (compareIsoDates(fecha, c.fecha_inicio) < 0)
    return refuse('fecha_pago', 'beforeStart', { fecha_inicio: c.fecha_inicio });
  let latest: IsoDate | null = null;
  for (const p of payments) if (latest === null || p.fecha_pago > latest) latest = p.fecha_pago;
  if (latest !== null && compareIsoDates(fecha, latest) < 0)
    return refuse('fecha_pago', 'beforeLastPayment', { fecha: latest });
  // 3. The debt at that date.
  let debt: Debt | null;
  try {
    debt = debtAt(c, payments, fecha);
  } catch (error) {
    if (error instanceof DebtDateError)
      return { ok: false, errors: { fecha_pago: [error.messageKey] } };
    throw error;
  }
  if (!debt) return refuse('credito', 'noDebt', { id, fecha });
  // 4. Each part against the debt; 5. the sum is exact.
  const errors = againstDebt(values, debt);
  if (errors) return { ok: false, errors };
  if (values.cantidad !== values.abono_capital + values.interes_ord + values.interes_mor)
    return { ok: false, errors: { cantidad: [msg('validation.paymentSumMismatch')] } };
  return { ok: true, debt };
}
