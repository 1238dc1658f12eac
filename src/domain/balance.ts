/**
 * A member's contribution balance (docs/business-rules.md#contributions-and-withdrawals, `GET
 * /movimientos/saldo/`): contributions (aportaciones) minus withdrawals (retiros). `null` when the
 * member has no movements — the API then answers {message: "No hay información disponible"}.
 */
import type { Cents } from './money';

export interface MovementForBalance {
  monto: Cents;
  /** true = contribution, false = withdrawal. */
  aportacion: boolean;
}

export interface Balance {
  saldo: Cents;
  aportaciones: Cents;
  retiros: Cents;
}

export function balanceOf(movements: readonly MovementForBalance[]): Balance | null {
  if (movements.length === 0) return null;
  let aportaciones = 0;
  let retiros = 0;
  for (const m of movements) {
    if (m.aportacion) aportaciones += m.monto;
    else retiros += m.monto;
  }
  return { saldo: aportaciones - retiros, aportaciones, retiros };
}

/** A withdrawal may never exceed the balance (checked again on the server, in the same transaction). */
export function withdrawalFits(balance: Balance | null, monto: Cents): boolean {
  return monto <= (balance?.saldo ?? 0);
}
