/**
 * A payment as the phone keeps it: the row of GET /pagos.json, or — while a payment captured
 * here waits for the server — an optimistic row keyed by its client UUID that already carries
 * what the server will store (status at the payment date and the debt snapshot before it), so
 * the debt lookup, the credits list and the portfolio count it at once and the variable-rate
 * arithmetic of a second offline payment on the same contract is right.
 */
import { snapshotBefore } from '#domain/credit-replica';
import { centsToDecimalString, type Cents } from '#domain/money';
import type { ContratoRow, PagoRow } from '#db/replica-rows';
import type { ReceiptFields } from '#domain/receipts';
import type { PaymentSchema } from '#domain/forms/payment';
import type { WireBody } from '#domain/wire';

/** The body of POST /pagos/ (money as decimal text, as a JSON caller sends it). */
export type PagoBody = WireBody<
  PaymentSchema,
  Partial<ReceiptFields> & {
    credito: number;
    fecha_pago: string;
    cantidad: string;
    abono_capital: string;
    interes_ord: string;
    interes_mor: string;
    fecha_banco: string | null;
    referencia_banco: string | null;
  }
>;

/** Who captured it, for the optimistic row (never sent: the server takes the caller). */
export interface PagoAuthor {
  autor: number;
  nombre_autor: string;
}

/** The validated form values (money in cents) as the API body. */
export function pagoBodyOf(values: {
  recibo?: string | null;
  recibo_codigo?: string | null;
  recibo_reemplaza?: string | null;
  credito: number;
  fecha_pago: string;
  cantidad: Cents;
  abono_capital: Cents;
  interes_ord: Cents;
  interes_mor: Cents;
  fecha_banco: string | null;
  referencia_banco: string | null;
}): PagoBody {
  return {
    credito: values.credito,
    fecha_pago: values.fecha_pago,
    cantidad: centsToDecimalString(values.cantidad),
    abono_capital: centsToDecimalString(values.abono_capital),
    interes_ord: centsToDecimalString(values.interes_ord),
    interes_mor: centsToDecimalString(values.interes_mor),
    fecha_banco: values.fecha_banco,
    referencia_banco: values.referencia_banco,
    recibo: values.recibo ?? null,
    recibo_codigo: values.recibo_codigo ?? null,
    recibo_reemplaza: values.recibo_reemplaza ?? null,
  };
}

/**
 * The optimistic row of a captured payment: the body, the contract's names, and the snapshot
 * the server will compute from the same contract and payments (the replica's, pending ones
 * included).
 */
export function optimisticPago(args: {
  recordId: string;
  mutationId: string;
  capturedAt: string;
  body: PagoBody;
  author: PagoAuthor;
  contract: ContratoRow | undefined;
  /** Every payment of the contract in the replica (this one excluded). */
  earlier: readonly PagoRow[];
}): PagoRow {
  const { body, contract } = args;
  const { debt, estatus } = contract
    ? snapshotBefore(contract, args.earlier, body.fecha_pago)
    : { debt: null, estatus: 'DP' as const };
  const money = (c: Cents | undefined) => centsToDecimalString(c ?? 0);
  return {
    id: args.recordId,
    credito: body.credito,
    fecha_pago: body.fecha_pago,
    cantidad: body.cantidad,
    abono_capital: body.abono_capital,
    interes_ord: body.interes_ord,
    interes_mor: body.interes_mor,
    autor: args.author.autor,
    nombre_autor: args.author.nombre_autor,
    fecha_banco: body.fecha_banco,
    referencia_banco: body.referencia_banco,
    estatus_previo: estatus,
    deuda_prev_total: money(debt?.total_deuda),
    deuda_prev_capital: money(debt?.capital_por_pagar),
    deuda_prev_int_ord: money(debt?.interes_ordinario_deuda),
    deuda_prev_int_mor: money(debt?.interes_moratorio_deuda),
    capturado_en: args.capturedAt,
    tipo: contract?.tipo_credito ?? 'MC',
    fondo_comun: contract?.fondo_comun ?? false,
    clave_socio: contract?.clave_socio ?? 0,
    nombres: contract?.nombres ?? '',
    region: contract?.region ?? 0,
    nombre_region: contract?.nombre_region ?? '',
    recibo: body.recibo ?? null,
    recibo_codigo: body.recibo_codigo ?? null,
    recibo_reemplaza: body.recibo_reemplaza ?? null,
    _localId: args.recordId,
    _pending: args.mutationId,
  };
}
