/**
 * The credit area's reads of the replica (contracts and their payments), in one place: the
 * hooks of /creditos, /pagos, /carteras and the home call these inside `useLiveQuery`, so a
 * screen follows the replica live and reads typed rows (#db/replica-rows).
 */
import { getDb } from '#db/database';
import type { ContratoRow, PagoRow } from '#db/replica-rows';

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

/** A contract with its payments, read together. */
export async function contractWithPayments(
  id: number,
): Promise<{ contract: ContratoRow | undefined; payments: PagoRow[] }> {
  const [contract, payments] = await Promise.all([contractById(id), paymentsOfContract(id)]);
  return { contract, payments };
}

/** Every contract and every payment, read together (the figures need the same moment). */
export async function contractsAndPayments(): Promise<{
  contracts: ContratoRow[];
  payments: PagoRow[];
}> {
  const [contracts, payments] = await Promise.all([allContracts(), allPayments()]);
  return { contracts, payments };
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
