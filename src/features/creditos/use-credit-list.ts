/**
 * What the credits and shared-funds lists read, live from the replica (works offline): every
 * contract and every payment, turned into list rows with their figures today in one memoised
 * pass, and the contracts with a change still waiting for the server.
 */
import { useMemo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { todayIn } from '#domain/dates';
import { currentDbUserId, getDb } from '#db/database';
import { notDoneRows } from '#sync/outbox-rules';
import { creditRows, type CreditRow } from './contract-figures.ts';
import type { ContractRecord, PaymentRecord } from './contract-record.ts';
import { CREDITO_COMMAND_KINDS } from '#commands/creditos';
import { rowOfKinds } from '#commands/outbox';

const NONE: ReadonlySet<number> = new Set();

/** Contract numbers with a queued activation, extension or waiver. */
async function loadPendingContracts(): Promise<ReadonlySet<number>> {
  const rows = await notDoneRows(getDb());
  const ids = new Set<number>();
  for (const row of rows) {
    const write = rowOfKinds(row, CREDITO_COMMAND_KINDS);
    if (write) ids.add(write.payload.id);
  }
  return ids;
}

export function useCreditList(fondoComun: boolean): {
  rows: CreditRow[] | undefined;
  pending: ReadonlySet<number>;
} {
  // The open user database is the dependency: another user's replica is another query.
  const userId = currentDbUserId();
  // One query for both tables: the figures need the contracts and the payments of the same
  // moment (a pull writes them in one transaction).
  const data = useLiveQuery(async () => {
    if (userId === null) return { contracts: [], payments: [] };
    const db = getDb();
    const [contracts, payments] = await Promise.all([db.contratos.toArray(), db.pagos.toArray()]);
    return {
      contracts: contracts as unknown as ContractRecord[],
      payments: payments as unknown as PaymentRecord[],
    };
  }, [userId]);
  const pending = useLiveQuery(() => (userId === null ? NONE : loadPendingContracts()), [userId]);
  const today = todayIn();
  const rows = useMemo(
    () => (data ? creditRows(data.contracts, data.payments, today, { fondoComun }) : undefined),
    [data, today, fondoComun],
  );
  return { rows, pending: pending ?? NONE };
}
