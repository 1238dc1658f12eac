/**
 * The contract a contract page works on. Its address names it (`/credito-imprimir/<id>`), so a
 * reload or a shared link opens the same contract from the replica. Opened without one, the
 * page takes the contract the credits list put in the shared selection `contrato`
 * (#ui/selection-store — the payment form of features/pagos reads the same one) or the one of a
 * refused item the sync center names (`?corregir=<mutation id>`), and moves to that contract's
 * address; with neither it goes to /creditos, where contracts are chosen. The selection is read
 * once when the page opens; the refused item likewise opens the page once (it leaves the outbox
 * when its correction is queued, and the page stays on its contract).
 */
import { useMemo, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useSearchParams } from 'react-router-dom';
import type { RecordRoute } from '#domain/record-routes';
import { comparePaymentRows } from '#domain/credit-replica';
import { todayIn } from '#domain/dates';
import type { OutboxRowOf } from '#commands/command-map';
import { CREDITO_COMMAND_KINDS } from '#commands/creditos';
import { fixableRow, liveRowsOf, outboxRowOf } from '#commands/outbox';
import { currentDbUserId } from '#db/database';
import { contractWithPayments } from '#db/reads/credits';
import { useRecordId } from '#ui/record-route.ts';
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
  /** The address does not name the contract yet: the page moves to `address`. */
  | { state: 'moving'; address: string }
  | { state: 'ready'; id: number; fixRow: OutboxRowOf<K> | null };

/** The page's address for contract `id`, keeping a correction's `?corregir=`. */
function addressOf(route: RecordRoute, id: number, fixId: string | null): string {
  const query = fixId === null ? '' : `?${new URLSearchParams({ corregir: fixId }).toString()}`;
  return `${route}/${id}${query}`;
}

/**
 * The contract chosen for page `route`: from a refused item of `kind` to fix, else from the
 * address, else from the selection. A page that writes nothing (printing) passes no kind.
 */
export function useContractTarget<K extends CreditoKind>(
  kind: K | null,
  route: RecordRoute,
): ContractTarget<K> {
  const [params] = useSearchParams();
  const inAddress = useRecordId(route);
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
  if (fixId !== null && opened?.fixId !== fixId) return { state: 'loading' };
  const fixRow = fixId !== null ? (opened?.row ?? null) : null;
  const id = fixRow?.payload.id ?? inAddress ?? selected;
  if (id === null) return { state: 'none' };
  if (id !== inAddress) return { state: 'moving', address: addressOf(route, id, fixId) };
  return { state: 'ready', id, fixRow };
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
