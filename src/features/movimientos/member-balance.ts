/**
 * A member's contribution balance on the phone (#domain/balance over the replica): the
 * figures the server knows, plus the movements captured here that still wait to be sent —
 * counted in the balance shown and marked as pending, so a promoter offline sees what the
 * member will have once everything syncs. A capture the server refused (or one blocked behind
 * it) is never counted (#db/reads/counted); it is reported apart.
 */
import { balanceOf, type Balance } from '#domain/balance';
import { movementForBalance } from '#domain/delivery-rows';
import type { MovementForBalance } from '#domain/balance';
import { splitCounted } from '#db/reads/counted';
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
  /** Captures refused, blocked or in conflict: left out of every figure above. */
  notCountedCount: number;
  /** What they would have changed (contributions minus withdrawals), in cents. */
  notCountedNet: number;
}

export interface BalanceOptions {
  /** The local record being corrected, which must not count against itself. */
  exceptRecord?: string | null;
  /** Record ids of the captures that do not count (#db/reads/counted `notCountedRecords`). */
  notCounted?: ReadonlySet<string>;
}

const netOf = (movements: readonly MovementForBalance[]) =>
  movements.reduce((sum, m) => sum + (m.aportacion ? m.monto : -m.monto), 0);

function readable(records: readonly MovimientoRow[]): MovementForBalance[] {
  const out: MovementForBalance[] = [];
  for (const record of records) {
    const m = movementForBalance(record);
    if (m) out.push(m);
  }
  return out;
}

/** The balance of member `clave` from the replica's movements. */
export function memberBalance(
  records: readonly MovimientoRow[],
  clave: number,
  options: BalanceOptions = {},
): MemberBalance {
  const { exceptRecord = null, notCounted = NONE } = options;
  const mine = records.filter(
    (r) => r.clave_socio === clave && (exceptRecord === null || r._localId !== exceptRecord),
  );
  const { counted, notCounted: left } = splitCounted(mine, notCounted);
  const local = counted.filter((r) => isLocalKey(r.id));
  const server = counted.filter((r) => !isLocalKey(r.id));
  return {
    balance: balanceOf(readable(counted)),
    confirmed: balanceOf(readable(server)),
    pendingCount: local.length,
    pendingNet: netOf(readable(local)),
    notCountedCount: left.length,
    notCountedNet: netOf(readable(left)),
  };
}

const NONE: ReadonlySet<string> = new Set();
