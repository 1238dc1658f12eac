/**
 * What the credits and shared-funds lists read, live from the replica (works offline): every
 * contract and every payment, turned into list rows with their figures today in one memoised
 * pass, and the contracts with a change still waiting for the server.
 */
import { useMemo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { todayIn, type IsoDate } from '#domain/dates';
import { CREDITO_COMMAND_KINDS } from '#commands/creditos';
import { liveRowsOf } from '#commands/outbox';
import { currentDbUserId } from '#db/database';
import { contractsAndPayments } from '#db/reads/credits';
import type { ContratoRow, PagoRow } from '#db/replica-rows';
import { creditRows, type CreditRow } from './contract-figures.ts';

const NONE: ReadonlySet<number> = new Set();

/** Contract numbers with a queued activation, extension or waiver. */
async function loadPendingContracts(): Promise<ReadonlySet<number>> {
  const rows = await liveRowsOf(CREDITO_COMMAND_KINDS);
  return new Set(rows.map((row) => row.payload.id));
}

interface RowsOf {
  contracts: readonly ContratoRow[];
  payments: readonly PagoRow[];
  today: IsoDate;
  rows: CreditRow[];
}

/**
 * The last rows of each list (credits, shared funds), kept between visits: the replica's
 * arrays stay the same until it changes (#db/reads/kept-reads), so going back to the list does
 * not compute the figures of thousands of contracts again.
 */
const lastRows = new Map<boolean, RowsOf>();

function keptRows(
  contracts: readonly ContratoRow[],
  payments: readonly PagoRow[],
  today: IsoDate,
  fondoComun: boolean,
): CreditRow[] {
  const last = lastRows.get(fondoComun);
  if (last && last.contracts === contracts && last.payments === payments && last.today === today)
    return last.rows;
  const rows = creditRows(contracts, payments, today, { fondoComun });
  lastRows.set(fondoComun, { contracts, payments, today, rows });
  return rows;
}

export function useCreditList(fondoComun: boolean): {
  rows: CreditRow[] | undefined;
  pending: ReadonlySet<number>;
} {
  // The open user database is the dependency: another user's replica is another query.
  const userId = currentDbUserId();
  // One query for both tables: the figures need the contracts and the payments of the same
  // moment (a pull writes them in one transaction).
  const data = useLiveQuery(
    async () => (userId === null ? { contracts: [], payments: [] } : contractsAndPayments()),
    [userId],
  );
  const pending = useLiveQuery(() => (userId === null ? NONE : loadPendingContracts()), [userId]);
  const today = todayIn();
  const rows = useMemo(
    () => (data ? keptRows(data.contracts, data.payments, today, fondoComun) : undefined),
    [data, today, fondoComun],
  );
  return { rows, pending: pending ?? NONE };
}
