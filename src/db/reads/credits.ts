/**
 * The credit area's reads of the replica (contracts and their payments), in one place: the
 * hooks of /creditos, /pagos, /carteras and the home call these inside `useLiveQuery`, so a
 * screen follows the replica live and reads typed rows (#db/replica-rows). Every read that
 * feeds a figure (debt, history, portfolio) gives the payments that count (./counted.ts) — the
 * accepted ones and this phone's pending ones, restated as the server will store them — and
 * keeps the refused or blocked ones apart; only the payments list reads them all.
 */
import { restatePendingPayments } from '#domain/credit-replica';
import { getDb } from '#db/database';
import type { ContratoRow, PagoRow } from '#db/replica-rows';
import { notCountedRecords, splitCounted } from './counted.ts';
import { keptRead } from './kept-reads.ts';

export function allContracts(): Promise<ContratoRow[]> {
  return getDb().contratos.toArray();
}

export function contractById(id: number): Promise<ContratoRow | undefined> {
  return getDb().contratos.get(id);
}

export function allPayments(): Promise<PagoRow[]> {
  return getDb().pagos.toArray();
}

/** Every payment of one contract in the replica (captures not sent yet included). */
export function paymentsOfContract(credito: number): Promise<PagoRow[]> {
  return getDb().pagos.where('credito').equals(credito).toArray();
}

/**
 * The counted payments of many contracts: pending ones restated per contract over the counted
 * ones before them (a contract with no pending payment is left as stored).
 */
function restated(contracts: readonly ContratoRow[], counted: PagoRow[]): PagoRow[] {
  const withPending = new Set(
    counted.filter((p) => typeof p.id === 'string').map((p) => p.credito),
  );
  if (withPending.size === 0) return counted;
  const out = counted.filter((p) => !withPending.has(p.credito));
  for (const contract of contracts) {
    if (!withPending.has(contract.id)) continue;
    const own = counted.filter((p) => p.credito === contract.id);
    out.push(...restatePendingPayments(contract, own));
  }
  // Payments of a contract the phone does not hold stay as stored.
  const held = new Set(contracts.map((c) => c.id));
  out.push(...counted.filter((p) => withPending.has(p.credito) && !held.has(p.credito)));
  return out;
}

export interface ContractWithPayments {
  contract: ContratoRow | undefined;
  /** The payments that count: accepted, and this phone's pending ones. */
  payments: PagoRow[];
  /** This phone's refused, blocked or conflicting payments: shown apart, never counted. */
  notCounted: PagoRow[];
}

/** A contract with its payments, read together. */
export async function contractWithPayments(id: number): Promise<ContractWithPayments> {
  const [contract, payments, left] = await Promise.all([
    contractById(id),
    paymentsOfContract(id),
    notCountedRecords('pago'),
  ]);
  const { counted, notCounted } = splitCounted(payments, left);
  return {
    contract,
    payments: contract ? restatePendingPayments(contract, counted) : counted,
    notCounted,
  };
}

/**
 * Every contract and every counted payment, read together (the figures need one moment); kept
 * between screens until one of the tables changes (./kept-reads.ts): the home, /creditos,
 * /pagos and /carteras read the same thousands of rows.
 */
export const contractsAndPayments = keptRead(
  ['contratos', 'pagos', 'outbox'],
  readContractsAndPayments,
);

async function readContractsAndPayments(): Promise<{
  contracts: ContratoRow[];
  payments: PagoRow[];
}> {
  const [contracts, payments, left] = await Promise.all([
    allContracts(),
    allPayments(),
    notCountedRecords('pago'),
  ]);
  return { contracts, payments: restated(contracts, splitCounted(payments, left).counted) };
}

export interface PulledCredits {
  /** Whether a pull ever stored its cursor: until then the phone never received the credits. */
  pulled: boolean;
  contracts: ContratoRow[];
  payments: PagoRow[];
}

/**
 * Every contract and payment, and whether the replica was ever filled. `pullCursorKey` is the
 * meta key the pull writes its cursor under (#sync/pull's, which this layer may not import).
 */
export async function pulledCredits(pullCursorKey: string): Promise<PulledCredits> {
  const [cursor, credits] = await Promise.all([
    getDb().meta.get(pullCursorKey),
    contractsAndPayments(),
  ]);
  return { pulled: cursor !== undefined, ...credits };
}
