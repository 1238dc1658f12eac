/**
 * The contract a contract page works on (spec part 2 §2: "a contract page opened with no
 * selected contract redirects to /"). The credits list puts the contract's number in the shared
 * selection `contrato` (#ui/selection-store — the payment form of features/pagos reads the same
 * one); the sync center's "Corregir" names a refused item instead (`?corregir=<mutation id>`).
 * The number is read once when the page opens, so clearing the selection after a save does not
 * send the page away while it shows its success; the refused item likewise opens the page once
 * (it leaves the outbox when its correction is queued, and the page stays on its contract).
 */
import { useMemo, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useSearchParams } from 'react-router-dom';
import { comparePaymentRows } from '#domain/credit-replica';
import { todayIn } from '#domain/dates';
import type { OutboxRowOf } from '#commands/command-map';
import { CREDITO_COMMAND_KINDS } from '#commands/creditos';
import { fixableRow, liveRowsOf, outboxRowOf } from '#commands/outbox';
import { currentDbUserId } from '#db/database';
import { contractWithPayments } from '#db/reads/credits';
import { clearSelection, getSelection, setSelection } from '#ui/selection-store.ts';
import { toCreditRow, type CreditRow } from './contract-figures.ts';

/** The selection that carries the chosen contract between screens: `{ "<id>": <id> }`. */
export const CONTRATO_SELECTION = 'contrato';

/** The writes of the contract pages (activation, extension, waiver). */
export type CreditoKind = (typeof CREDITO_COMMAND_KINDS)[number];

export function selectContract(id: number): void {
  setSelection<number>(CONTRATO_SELECTION, { [String(id)]: id });
}

export function clearSelectedContract(): void {
  clearSelection(CONTRATO_SELECTION);
}

function selectedContractId(): number | null {
  const [first] = getSelection<number>(CONTRATO_SELECTION).ids;
  const id = Number(first);
  return first !== undefined && Number.isInteger(id) && id > 0 ? id : null;
}

export type ContractTarget<K extends CreditoKind> =
  | { state: 'loading' }
  | { state: 'none' }
  | { state: 'ready'; id: number; fixRow: OutboxRowOf<K> | null };

/**
 * The contract chosen for this page: from a refused item of `kind` to fix, else from the
 * selection. A page that writes nothing (printing) passes no kind.
 */
export function useContractTarget<K extends CreditoKind>(kind: K | null): ContractTarget<K> {
  const [params] = useSearchParams();
  const fixId = kind === null ? null : params.get('corregir');
  const [selected] = useState(selectedContractId);
  const fix = useLiveQuery(
    async () => ({ row: fixId && kind ? await outboxRowOf(kind, fixId) : undefined }),
    [fixId, kind],
  );
  const [opened, setOpened] = useState<{ fixId: string; row: OutboxRowOf<K> | null } | null>(null);
  if (fixId !== null && kind !== null && fix !== undefined && opened?.fixId !== fixId) {
    setOpened({ fixId, row: fixableRow(fix.row, kind) });
  }
  if (fixId !== null) {
    if (opened?.fixId !== fixId) return { state: 'loading' };
    if (opened.row) return { state: 'ready', id: opened.row.payload.id, fixRow: opened.row };
  }
  return selected === null ? { state: 'none' } : { state: 'ready', id: selected, fixRow: null };
}

export interface ContractData {
  /** undefined while reading; null when the replica has no such contract. */
  row: CreditRow | null | undefined;
  /** A change of this contract still waits for the server. */
  pending: boolean;
}

/** Whether an activation, extension or waiver of contract `id` still waits to be sent. */
async function hasPendingWrite(id: number): Promise<boolean> {
  const rows = await liveRowsOf(CREDITO_COMMAND_KINDS);
  return rows.some((row) => row.payload.id === id);
}

/** One contract with its payments and figures today, live from the replica. */
export function useContractData(id: number | null): ContractData {
  const userId = currentDbUserId();
  const data = useLiveQuery(
    async () =>
      id === null || userId === null
        ? { contract: undefined, payments: [] }
        : contractWithPayments(id),
    [id, userId],
  );
  const pending = useLiveQuery(
    async () => (id === null || userId === null ? false : hasPendingWrite(id)),
    [id, userId],
  );
  const today = todayIn();
  const row = useMemo(() => {
    if (!data) return undefined;
    if (!data.contract) return null;
    const sorted = [...data.payments].sort(comparePaymentRows);
    return toCreditRow(data.contract, sorted, today);
  }, [data, today]);
  return { row, pending: pending ?? false };
}
