/**
 * Commit order = row_version order. The pull serves "row_version > cursor"; row versions are
 * drawn from one sequence when a row is written, but transactions may COMMIT in another order.
 * Without care, a pull could run while version 101 is committed and 100 is not yet, hand out a
 * cursor of 101, and the phone would never see 100. Every write transaction therefore takes
 * this one transaction-level advisory lock before touching a replicated table: writes are
 * serialised, so versions become visible strictly in the order they were drawn. (The seed and
 * the admin CLI write without it; they run when no phone is syncing.)
 */
import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';

/** Arbitrary constant shared by every writer ("COMONSIT" in ASCII, as a bigint). */
export const WRITE_ORDER_LOCK_ID = 0x434f4d4f4e534954n;

export async function takeWriteOrderLock(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${WRITE_ORDER_LOCK_ID.toString()}::bigint)`);
}
