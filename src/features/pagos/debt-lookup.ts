/**
 * The payment form's "look up the debt", answered OFFLINE from the
 * replica: the contract row and its payments (captures not sent yet included) through
 * #domain/debt — the code behind GET /contratos/{id}/deuda/?fecha=, so the figures are the
 * server's to the cent. "Fails quietly": no contract or no debt is a plain answer, not an error.
 * Payments this phone captured that the server refused (or that wait behind a refusal) are not
 * counted: they come back apart, as `notCounted`, to be shown beside the figures.
 */
import { DebtDateError, type Debt } from '#domain/debt';
import { replicaDebtAt } from '#domain/credit-replica';
import { contractWithPayments } from '#db/reads/credits';
import type { ContratoRow, PagoRow } from '#db/replica-rows';

export type DebtLookup = (
  | { kind: 'debt'; credito: number; debt: Debt; contract: ContratoRow }
  /** The contract is not on this phone, or owes nothing at that date. */
  | { kind: 'none'; credito: number; fecha: string; contract: ContratoRow | null }
  /** The date is before the contract's start (an encoded message naming both dates). */
  | { kind: 'invalid'; credito: number; message: string }
) & { notCounted: readonly PagoRow[] };

export async function lookupDebt(credito: number, fecha: string): Promise<DebtLookup> {
  const { contract, payments, notCounted } = await contractWithPayments(credito);
  if (!contract) return { kind: 'none', credito, fecha, contract: null, notCounted };
  try {
    const debt = replicaDebtAt(contract, payments, fecha);
    return debt
      ? { kind: 'debt', credito, debt, contract, notCounted }
      : { kind: 'none', credito, fecha, contract, notCounted };
  } catch (error) {
    if (error instanceof DebtDateError)
      return { kind: 'invalid', credito, message: error.messageKey, notCounted };
    throw error;
  }
}
