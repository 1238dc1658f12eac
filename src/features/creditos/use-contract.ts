/**
 * The contract a contract page works on (spec part 2 §2: "a contract page opened with no
 * selected contract redirects to /"). The credits list puts the contract's number in the shared
 * selection `contrato` (#ui/selection-store — the payment form of features/pagos reads the same
 * one); the sync center's "Corregir" names a refused item instead (`?corregir=<mutation id>`).
 * The number is read once when the page opens, so clearing the selection after a save does not
 * send the page away while it shows its success.
 */
import { useMemo, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useSearchParams } from 'react-router-dom';
import { todayIn } from '#domain/dates';
import { currentDbUserId, getDb } from '#db/database';
import { EDITABLE_STATUSES, type OutboxRow } from '#sync/types';
import { clearSelection, getSelection, setSelection } from '#ui/selection-store.ts';
import { toCreditRow, type CreditRow } from './contract-figures.ts';
import { comparePaymentRows } from '#domain/credit-replica';
import type { ContractRecord, PaymentRecord } from './contract-record.ts';
import { CREDITO_COMMAND_KINDS } from '#commands/creditos';
import { isKindOf } from '#commands/outbox';

/** The selection that carries the chosen contract between screens: `{ "<id>": <id> }`. */
export const CONTRATO_SELECTION = 'contrato';

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

export type ContractTarget =
  | { state: 'loading' }
  | { state: 'none' }
  | { state: 'ready'; id: number; fixRow: OutboxRow | null };

/** The contract chosen for this page: from a refused item to fix, else from the selection. */
export function useContractTarget(kind: string): ContractTarget {
  const [params] = useSearchParams();
  const fixId = params.get('corregir');
  const [selected] = useState(selectedContractId);
  const fix = useLiveQuery(
    async () => ({ row: fixId ? await getDb().outbox.get(fixId) : undefined }),
    [fixId],
  );
  if (fixId) {
    if (!fix) return { state: 'loading' };
    const row = fix.row;
    if (row && row.kind === kind && EDITABLE_STATUSES.includes(row.status)) {
      const id = (row.payload as { id?: unknown }).id;
      if (typeof id === 'number') return { state: 'ready', id, fixRow: row };
    }
  }
  return selected === null ? { state: 'none' } : { state: 'ready', id: selected, fixRow: null };
}

export interface ContractData {
  /** undefined while reading; null when the replica has no such contract. */
  row: CreditRow | null | undefined;
  /** A change of this contract still waits for the server. */
  pending: boolean;
}

/** One contract with its payments and figures today, live from the replica. */
export function useContractData(id: number | null): ContractData {
  const userId = currentDbUserId();
  const data = useLiveQuery(async () => {
    if (id === null || userId === null) return { record: null, payments: [] };
    const db = getDb();
    const [record, payments] = await Promise.all([
      db.contratos.get(id),
      db.pagos.where('credito').equals(id).toArray(),
    ]);
    return {
      record: (record ?? null) as ContractRecord | null,
      payments: payments as unknown as PaymentRecord[],
    };
  }, [id, userId]);
  const pendingIds = useLiveQuery(async () => {
    if (id === null || userId === null) return [];
    const rows = await getDb().outbox.where('chainKey').equals(`credito-${id}`).toArray();
    return rows
      .filter((r) => r.status !== 'done' && isKindOf(CREDITO_COMMAND_KINDS, r.kind))
      .map((r) => r.id);
  }, [id, userId]);
  const today = todayIn();
  const row = useMemo(() => {
    if (!data) return undefined;
    if (!data.record) return null;
    const sorted = [...data.payments].sort(comparePaymentRows);
    return toCreditRow(data.record, sorted, today);
  }, [data, today]);
  return { row, pending: (pendingIds?.length ?? 0) > 0 };
}
