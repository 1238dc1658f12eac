/**
 * What /banco-form chooses from: the unlinked movements, payments, disbursements and shared-fund
 * disbursements, and the hand-choosable sub-accounts of "Otros" — one load when the screen opens
 * (and again after a booking), straight from the server.
 */
import { useCallback } from 'react';
import {
  fetchPendingContracts,
  fetchPendingMovements,
  fetchPendingPayments,
  fetchSubaccounts,
  type SubaccountOption,
} from '#api/bancos';
import {
  contractItem,
  movementItem,
  paymentItem,
  type ContractItem,
  type MovementItem,
  type PaymentItem,
} from './pending-rows.ts';
import { useRemote, type Remote } from './use-remote.ts';

export interface BankSources {
  Movimientos: MovementItem[];
  Pagos: PaymentItem[];
  EjCredito: ContractItem[];
  'FondosComunes.EjCredito': ContractItem[];
  subcuentas: SubaccountOption[];
}

export function useBankSources(enabled: boolean): Remote<BankSources> {
  const load = useCallback(async (signal: AbortSignal): Promise<BankSources> => {
    const [movements, payments, contracts, funds, subcuentas] = await Promise.all([
      fetchPendingMovements({ signal }),
      fetchPendingPayments({ signal }),
      fetchPendingContracts(false, { signal }),
      fetchPendingContracts(true, { signal }),
      fetchSubaccounts({ signal }),
    ]);
    return {
      Movimientos: movements.results.map(movementItem),
      Pagos: payments.results.map(paymentItem),
      EjCredito: contracts.results.map(contractItem),
      'FondosComunes.EjCredito': funds.results.map(contractItem),
      subcuentas,
    };
  }, []);
  return useRemote(load, enabled);
}
