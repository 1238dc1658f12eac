/**
 * Contracts and payments as the replica holds them: the shapes of `GET /contratos.json` and
 * `GET /pagos.json` (pulled), plus the optimistic marks of queued writes (`_localId`,
 * `_pending`). Reading them — text decimals to integer cents, the debt calculator's inputs,
 * payment order — is #domain/credit-replica's, the one reading every screen shares.
 */
import {
  comparePaymentRows,
  type ContractReplicaRow,
  type DebtPaymentSource,
} from '#domain/credit-replica';
import type { ContractStatus } from '#domain/codes';
import type { IsoDate } from '#domain/dates';

export type ContractRecord = ContractReplicaRow;

/** A payment row as the credit screens read it (an optimistic one may lack the snapshot). */
export interface PaymentRecord extends DebtPaymentSource {
  credito: number;
  fecha_banco?: IsoDate | null;
  referencia_banco?: string | null;
  estatus_previo?: ContractStatus;
  deuda_prev_total?: string | number | null;
  nombre_autor?: string;
  _localId?: string;
  _pending?: string;
}

/** Whether a payment still waits for the server (captured on this phone). */
export function isLocalPayment(payment: PaymentRecord): boolean {
  return typeof payment.id !== 'number';
}

/** Payments grouped by contract, each group oldest first (date, then recording order). */
export function paymentsByContract(
  payments: readonly PaymentRecord[],
): Map<number, PaymentRecord[]> {
  const groups = new Map<number, PaymentRecord[]>();
  for (const payment of payments) {
    const group = groups.get(payment.credito);
    if (group) group.push(payment);
    else groups.set(payment.credito, [payment]);
  }
  for (const group of groups.values()) {
    if (group.length > 1) group.sort(comparePaymentRows);
  }
  return groups;
}
