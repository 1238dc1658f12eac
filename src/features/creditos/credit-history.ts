/**
 * The credit history: START, each payment, and TODAY while
 * the credit still owes. Each event carries its amounts and the debt left after it: START
 * lends the amount; a payment shows what it paid of capital and interest; TODAY shows what is
 * owed of each part. No start date (or no contract) means there is no history to show.
 */
import type { IsoDate } from '#domain/dates';
import { debtAt } from '#domain/debt';
import type { Cents } from '#domain/money';
import type { ContractFigures } from './contract-figures.ts';
import { debtContractOf, debtPaymentOf, replicaCents } from '#domain/credit-replica';
import { isLocalKey, type ContratoRow, type PagoRow } from '#db/replica-rows';

export type HistoryEventKind = 'START' | 'PAYMENT' | 'TODAY';

export interface HistoryEvent {
  key: string;
  kind: HistoryEventKind;
  fecha: IsoDate;
  /** Payment number (PAYMENT only; null while it waits on the phone). */
  pago: number | null;
  /** Amount lent (START) or paid (PAYMENT); null for TODAY. */
  cantidad: Cents | null;
  capital: Cents | null;
  interes_ordinario: Cents | null;
  interes_moratorio: Cents | null;
  /** Debt after the event (TODAY: the debt today); null when it cannot be known. */
  deuda: Cents | null;
  /** The payment still waits to be sent. */
  pending: boolean;
}

/**
 * Debt right after `payment` (`payments[index]`): its stored snapshot, or computed for one
 * still on the phone.
 */
function debtAfter(
  record: ContratoRow,
  payments: readonly PagoRow[],
  payment: PagoRow,
  index: number,
): Cents | null {
  if (payment.deuda_prev_total != null && !isLocalKey(payment.id))
    return replicaCents(payment.deuda_prev_total) - replicaCents(payment.cantidad);
  try {
    const debt = debtAt(
      debtContractOf(record),
      payments.slice(0, index + 1).map(debtPaymentOf),
      payment.fecha_pago,
      { asOfDate: true },
    );
    return debt ? debt.total_deuda : null;
  } catch {
    return null;
  }
}

/** The events of a contract, oldest first; null while it has not started. */
export function creditHistory(
  record: ContratoRow | null | undefined,
  payments: readonly PagoRow[],
  figures: ContractFigures | null,
  today: IsoDate,
): HistoryEvent[] | null {
  if (!record?.fecha_inicio) return null;
  const monto = replicaCents(record.monto);
  const events: HistoryEvent[] = [
    {
      key: 'start',
      kind: 'START',
      fecha: record.fecha_inicio,
      pago: null,
      cantidad: monto,
      capital: monto,
      interes_ordinario: null,
      interes_moratorio: null,
      deuda: monto,
      pending: false,
    },
  ];
  payments.forEach((payment, index) => {
    events.push({
      key: `pago-${String(payment.id)}`,
      kind: 'PAYMENT',
      fecha: payment.fecha_pago,
      pago: typeof payment.id === 'number' ? payment.id : null,
      cantidad: replicaCents(payment.cantidad),
      capital: replicaCents(payment.abono_capital),
      interes_ordinario: replicaCents(payment.interes_ord),
      interes_moratorio: replicaCents(payment.interes_mor),
      deuda: debtAfter(record, payments, payment, index),
      pending: isLocalKey(payment.id),
    });
  });
  const debt = figures?.deuda;
  if (debt && (figures.estatus === 'VI' || figures.estatus === 'VE')) {
    events.push({
      key: 'today',
      kind: 'TODAY',
      fecha: today,
      pago: null,
      cantidad: null,
      capital: debt.capital_por_pagar,
      interes_ordinario: debt.interes_ordinario_deuda,
      interes_moratorio: debt.interes_moratorio_deuda,
      deuda: debt.total_deuda,
      pending: false,
    });
  }
  return events;
}
