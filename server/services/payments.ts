/**
 * Payments (pagos, docs/business-rules.md#payments) on the server: the list shape, and the payment
 * itself — validated in the order of the rules, stored with its debt snapshot and settling the
 * contract, all in the caller's ONE transaction with the contract row locked (`SELECT … FOR
 * UPDATE`), so two concurrent payments can never both settle or overdraw one debt.
 */
import { and, asc, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import type { PaymentCreatedAnswer } from '#domain/credit-shapes';
import type { PaymentApiRow } from '#domain/credit-replica';
import { statusAt } from '#domain/debt';
import type { PaymentBankDataValues } from '#domain/forms/bank-data-edit';
import type { PaymentValues } from '#domain/forms/payment';
import { msg } from '#domain/messages';
import { centsToDecimalString, type Cents } from '#domain/money';
import type { AuthUser } from '#server/auth/authenticate';
import type { Db } from '#server/db/client';
import { contratos, pagos } from '#server/db/schema';
import type { Capture } from '#domain/sync-protocol';
import { checkPayment } from '#domain/payment-rules';
import { RuleError } from '#domain/rule-errors';
import {
  contractScope,
  findContract,
  loadDebtPaymentsOf,
  paymentAuthorName,
  paymentMemberName,
  paymentQuery,
  type CreditReader,
  type PaymentSelect,
} from './credit-records.ts';
import { checkReceiptFree, receiptValues } from './receipts.ts';

/** The payment shape of /pagos.json, /pagos/{id}.json and the pull (the replica's too). */
export type PaymentRow = PaymentApiRow;

export function toPaymentRow(r: PaymentSelect): PaymentRow {
  return {
    id: r.id,
    credito: r.credito,
    fecha_pago: r.fecha_pago,
    cantidad: r.cantidad,
    abono_capital: r.abono_capital,
    interes_ord: r.interes_ord,
    interes_mor: r.interes_mor,
    autor: r.autor,
    nombre_autor: paymentAuthorName(r),
    fecha_banco: r.fecha_banco,
    referencia_banco: r.referencia_banco,
    estatus_previo: r.estatus_previo,
    deuda_prev_total: r.deuda_prev_total,
    deuda_prev_capital: r.deuda_prev_capital,
    deuda_prev_int_ord: r.deuda_prev_int_ord,
    deuda_prev_int_mor: r.deuda_prev_int_mor,
    capturado_en: r.capturado_en ? r.capturado_en.toISOString() : null,
    tipo: r.tipo_credito,
    fondo_comun: r.fondo_comun,
    clave_socio: r.clave_socio,
    nombres: paymentMemberName(r),
    region: r.region,
    nombre_region: r.nombre_region,
    recibo: r.recibo,
    recibo_codigo: r.recibo_codigo,
    recibo_reemplaza: r.recibo_reemplaza,
  };
}

/** Payments in scope matching `where`, newest payment date first. */
export async function listPayments(
  db: Db,
  reader: CreditReader,
  where?: SQL,
): Promise<PaymentRow[]> {
  const rows = await paymentQuery(db)
    .where(and(contractScope(reader), where))
    .orderBy(desc(pagos.fecha_pago), desc(pagos.id));
  return rows.map(toPaymentRow);
}

/** Where a page of the list ends: the last payment it holds, in the list's order. */
export interface PaymentCursor {
  fecha_pago: string;
  id: number;
}

/** The cursor as the API hands it out: opaque text (base64url of "date:id"). */
export function encodePaymentCursor(c: PaymentCursor): string {
  return Buffer.from(`${c.fecha_pago}:${c.id}`).toString('base64url');
}

/** The cursor from its text, or null when it is not one this server made. */
export function decodePaymentCursor(text: string): PaymentCursor | null {
  const match = /^(\d{4}-\d{2}-\d{2}):(\d{1,10})$/.exec(Buffer.from(text, 'base64url').toString());
  const [, fecha, id] = match ?? [];
  if (fecha === undefined || id === undefined) return null;
  return { fecha_pago: fecha, id: Number(id) };
}

export interface PaymentPage {
  results: PaymentRow[];
  /** The cursor of the next page; null on the last one. */
  next: string | null;
}

/**
 * One page of `listPayments` (same order, same scope), after `after`: keyset paging on
 * (fecha_pago, id), so page 100 costs what page 1 does and a payment recorded meanwhile never
 * shifts a page (it lands on the first).
 */
export async function listPaymentPage(
  db: Db,
  reader: CreditReader,
  limit: number,
  after: PaymentCursor | null,
): Promise<PaymentPage> {
  const rest = after
    ? or(
        lt(pagos.fecha_pago, after.fecha_pago),
        and(eq(pagos.fecha_pago, after.fecha_pago), lt(pagos.id, after.id)),
      )
    : undefined;
  const rows = await paymentQuery(db)
    .where(and(contractScope(reader), rest))
    .orderBy(desc(pagos.fecha_pago), desc(pagos.id))
    .limit(limit + 1);
  const results = rows.slice(0, limit).map(toPaymentRow);
  const last = results.at(-1);
  return {
    results,
    next: rows.length > limit && last ? encodePaymentCursor(last) : null,
  };
}

/** A contract's payment history, oldest first (the credit history's order). */
export async function listContractPayments(
  db: Db,
  reader: CreditReader,
  credito: number,
): Promise<PaymentRow[]> {
  const rows = await paymentQuery(db)
    .where(and(contractScope(reader), eq(pagos.credito, credito)))
    .orderBy(asc(pagos.fecha_pago), asc(pagos.id));
  return rows.map(toPaymentRow);
}

export async function findPayment(
  db: Db,
  reader: CreditReader,
  id: number,
): Promise<PaymentRow | null> {
  const rows = await paymentQuery(db)
    .where(and(contractScope(reader), eq(pagos.id, id)))
    .limit(1);
  return rows[0] ? toPaymentRow(rows[0]) : null;
}

// ---------------------------------------------------------------- create

export type PaymentCreated = PaymentCreatedAnswer;

const money = (c: Cents) => centsToDecimalString(c);
const fail = (field: string, key: string, params?: Record<string, string | number>): never => {
  throw new RuleError({ [field]: [msg(`server.credits.${key}`, params)] });
};

/**
 * POST /pagos/ (docs/business-rules.md#payments), inside the write's transaction `tx`. Checks in
 * order: the contract (exists in scope; DP; execution CO), the date (not before the start, not
 * before the latest payment; "not in the future" is the form schema's), the debt at that date, each
 * part against what is owed, and the sum (the schema computes cantidad from the parts and
 * rejects a different one). Then stores the payment with `estatus_previo` and the debt
 * snapshot, and settles the contract (PA, fecha_final) when it pays the whole debt.
 */
export async function createPayment(
  tx: Db,
  user: AuthUser,
  values: PaymentValues,
  capture: Capture,
): Promise<PaymentCreated> {
  // 1. The contract, locked until the transaction ends: a concurrent payment on the same
  //    contract waits here and then sees this one.
  const contract = await findContract(tx, user, values.credito, { forUpdate: true });
  if (!contract) return fail('credito', 'contractNotFound', { id: values.credito });
  const c = contract.debt;

  // 2–5. The rules shared with the phone (#domain/payment-rules), over the stored payments.
  const payments = (await loadDebtPaymentsOf(tx, [contract.id])).get(contract.id) ?? [];
  const check = checkPayment(contract.id, c, payments, values);
  if (!check.ok) throw new RuleError(check.errors);
  const { debt } = check;
  const fecha = values.fecha_pago;

  await checkReceiptFree(tx, user, values, capture.receivedAt);
  const settles = values.cantidad === debt.total_deuda;
  const [inserted] = await tx
    .insert(pagos)
    .values({
      credito: contract.id,
      fecha_pago: fecha,
      cantidad: money(values.cantidad),
      abono_capital: money(values.abono_capital),
      interes_ord: money(values.interes_ord),
      interes_mor: money(values.interes_mor),
      autor: user.id,
      fecha_banco: values.fecha_banco,
      referencia_banco: values.referencia_banco,
      estatus_previo: statusAt(c, fecha),
      deuda_prev_total: money(debt.total_deuda),
      deuda_prev_capital: money(debt.capital_por_pagar),
      deuda_prev_int_ord: money(debt.interes_ordinario_deuda),
      deuda_prev_int_mor: money(debt.interes_moratorio_deuda),
      capturado_en: capture.capturedAt,
      recibido_en: capture.receivedAt,
      ...receiptValues(values),
    })
    .returning({ id: pagos.id });
  if (!inserted) throw new Error('payment insert returned no row');

  // The contract row is always rewritten: its new row_version re-sends it to phones with the
  // new paid total; a full payment also settles it.
  const after = settles ? { ...c, estatus: 'PA' as const, fecha_final: fecha } : c;
  await tx
    .update(contratos)
    .set(settles ? { estatus: 'PA', fecha_final: fecha } : { updated_at: new Date() })
    .where(eq(contratos.id, contract.id));

  const row = await findPayment(tx, user, inserted.id);
  if (!row) throw new Error('payment just created is not readable');
  return { ...row, estatus_nuevo: statusAt(after, fecha) };
}

// ---------------------------------------------------------------- bank data

/**
 * PATCH /pagos/{id}.json: bank date and reference, only while the bank date is empty.
 * Null when the payment is not in the caller's scope.
 */
export async function editPaymentBankData(
  tx: Db,
  reader: CreditReader,
  id: number,
  values: PaymentBankDataValues,
): Promise<PaymentRow | null> {
  const current = await findPayment(tx, reader, id);
  if (!current) return null;
  if (current.fecha_banco !== null)
    fail('fecha_banco', 'bankDataLocked', { id, fecha: current.fecha_banco });
  await tx
    .update(pagos)
    .set({ fecha_banco: values.fecha_banco, referencia_banco: values.referencia_banco })
    .where(eq(pagos.id, id));
  return findPayment(tx, reader, id);
}
