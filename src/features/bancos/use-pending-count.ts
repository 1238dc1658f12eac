/**
 * "Pending reconciliations": the counts of the three lists of items no
 * accounting record points at yet — movements, payments and contract disbursements — summed.
 */
import { useCallback } from 'react';
import { fetchPendingContracts, fetchPendingMovements, fetchPendingPayments } from '#api/bancos';
import { useRemote, type Remote } from './use-remote.ts';

export function usePendingCount(enabled: boolean): Remote<number> {
  const load = useCallback(async (signal: AbortSignal) => {
    const [movements, payments, contracts] = await Promise.all([
      fetchPendingMovements({ signal }),
      fetchPendingPayments({ signal }),
      fetchPendingContracts(false, { signal }),
    ]);
    return movements.count + payments.count + contracts.count;
  }, []);
  return useRemote(load, enabled);
}
