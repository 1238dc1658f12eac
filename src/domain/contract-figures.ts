/**
 * Every figure of a contract on a day (docs/business-rules.md#contracts and #debt-arithmetic):
 * status, due date, term label, amount paid, debt, life, current-portfolio and overdue days — in
 * cents. THE one computation behind the server's contract rows (GET /contratos.json, the pull) and
 * the phone's credits list and contract detail.
 */
import type { ContractStatus } from './codes';
import { compareIsoDates, type IsoDate } from './dates';
import {
  contractDays,
  debtAt,
  dueDate,
  statusAt,
  termLabel,
  type Debt,
  type DebtContract,
  type DebtPayment,
} from './debt';
import type { Cents } from './money';

export interface ContractFigures {
  /** Status today: VI / VE for a started contract with debt, else PA, CN or DP. */
  estatus: ContractStatus;
  fecha_vencimiento: IsoDate | null;
  plazo_disp: string;
  monto: Cents;
  /** Sum of every payment's amount. */
  pagado: Cents;
  /** Debt today; null when there is none (not started, not collected, paid or forgiven). */
  deuda: Debt | null;
  dias_vida: number | null;
  dias_cartera_vigente: number | null;
  dias_vencidos: number | null;
}

export interface FiguresOptions {
  /**
   * A contract the calculator cannot read (an unreadable rate): 'throw' (the server: its rows
   * are checked by the database, so this is a bug) or 'blank', its stored status and no debt
   * (the phone: one malformed replica row must not break the whole list).
   */
  unreadable: 'throw' | 'blank';
}

/** The figures of one contract on `today`, given ALL its payments (any order). */
export function contractFigures(
  contract: DebtContract,
  payments: readonly DebtPayment[],
  today: IsoDate,
  options: FiguresOptions = { unreadable: 'throw' },
): ContractFigures {
  let pagado = 0;
  for (const p of payments) pagado += p.cantidad;
  let deuda: Debt | null = null;
  let estatus: ContractStatus = contract.estatus;
  try {
    estatus = statusAt(contract, today);
    // Payments dated after today cannot exist (fecha_pago is never in the future), so the
    // debt today sees them all; a start after today cannot be stored (activation refuses it).
    if (contract.fecha_inicio && compareIsoDates(contract.fecha_inicio, today) <= 0)
      deuda = debtAt(contract, payments, today);
  } catch (error) {
    if (options.unreadable === 'throw') throw error;
    deuda = null;
  }
  const days = contractDays(contract, today);
  return {
    estatus,
    fecha_vencimiento: dueDate(contract),
    plazo_disp: termLabel(contract),
    monto: contract.monto,
    pagado,
    deuda,
    dias_vida: days?.vida ?? null,
    dias_cartera_vigente: days?.cartera_vigente ?? null,
    dias_vencidos: days?.vencidos ?? null,
  };
}
