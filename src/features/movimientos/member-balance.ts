/**
 * A member's contribution balance on the phone (#domain/balance over the replica): the
 * figures the server knows, plus the movements captured here that still wait to be sent —
 * counted in the balance shown and marked as pending, so a promoter offline sees what the
 * member will have once everything syncs.
 */
import { balanceOf, type Balance } from '#domain/balance';
import { movementForBalance } from '#domain/delivery-rows';
import type { MovementForBalance } from '#domain/balance';
import { isLocalKey, type MovimientoRow } from '#db/replica-rows';

export interface MemberBalance {
  /** Every movement on the phone, the pending ones included; null when there are none. */
  balance: Balance | null;
  /** Only what the server has accepted. */
  confirmed: Balance | null;
  /** Movements captured here and not sent yet. */
  pendingCount: number;
  /** Their effect on the balance (contributions minus withdrawals), in cents. */
  pendingNet: number;
}

function readable(records: readonly MovimientoRow[]): MovementForBalance[] {
  const out: MovementForBalance[] = [];
  for (const record of records) {
    const m = movementForBalance(record);
    if (m) out.push(m);
  }
  return out;
}

/**
 * The balance of member `clave` from the replica's movements; `exceptRecord` leaves out one
 * local movement (the refused one being corrected, which must not count against itself).
 */
export function memberBalance(
  records: readonly MovimientoRow[],
  clave: number,
  exceptRecord: string | null = null,
): MemberBalance {
  const mine = records.filter(
    (r) => r.clave_socio === clave && (exceptRecord === null || r._localId !== exceptRecord),
  );
  const local = mine.filter((r) => isLocalKey(r.id));
  const server = mine.filter((r) => !isLocalKey(r.id));
  const pending = readable(local);
  return {
    balance: balanceOf(readable(mine)),
    confirmed: balanceOf(readable(server)),
    pendingCount: local.length,
    pendingNet: pending.reduce((sum, m) => sum + (m.aportacion ? m.monto : -m.monto), 0),
  };
}
