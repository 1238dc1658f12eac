/**
 * The accounting mapping of docs/business-rules.md#bank-reconciliation-and-accounting: which
 * sub-account (by its fixed id in the chart) and which amount each reconciled item books. Pure: the
 * items come in already loaded, the planned records go out; bank-movements.ts checks and writes
 * them.
 */
import type { ContractStatus, Process } from '#domain/codes';
import type { Cents } from '#domain/money';
import type { RecordRelation } from '#server/db/schema';

/** Sub-account ids the system books to by itself (`subcuentas.sistema`). */
export const SYSTEM_SUBACCOUNTS = {
  disbursementProducers: 2,
  capitalCurrentProducers: 3,
  disbursementWorkers: 4,
  capitalCurrentWorkers: 5,
  capitalOverdueProducers: 6,
  capitalOverdueWorkers: 7,
  contributionOrdinaryProducers: 17,
  withdrawalOrdinaryProducers: 18,
  contributionOrdinaryWorkers: 19,
  withdrawalOrdinaryWorkers: 20,
  contributionExtraordinaryProducers: 21,
  withdrawalExtraordinaryProducers: 22,
  contributionExtraordinaryWorkers: 23,
  withdrawalExtraordinaryWorkers: 24,
  ordinaryInterest: 25,
  lateInterest: 26,
  disbursementSharedFund: 35,
  capitalSharedFund: 36,
} as const;

export const SYSTEM_SUBACCOUNT_IDS: readonly number[] = Object.values(SYSTEM_SUBACCOUNTS);

/** Workers are the salaried process (SL); everyone else is a producer. */
const isWorker = (proceso: Process) => proceso === 'SL';

/** One accounting record to create (money in cents). */
export interface PlannedRecord {
  subcuenta: number;
  cantidad: Cents;
  /** true = income. */
  ingr_egr: boolean;
  relacion_sistema: RecordRelation | null;
  aport_retiro: number | null;
  pago: number | null;
  ej_credito: number | null;
}

const unlinked = { aport_retiro: null, pago: null, ej_credito: null };

export interface MappedMovement {
  id: number;
  monto: Cents;
  aportacion: boolean;
  ordinario: boolean;
  proceso: Process;
}

/** Contribution/withdrawal × ordinary/extraordinary × producers/workers → 17–24. */
export function movementSubaccount(m: Omit<MappedMovement, 'id' | 'monto'>): number {
  const s = SYSTEM_SUBACCOUNTS;
  const worker = isWorker(m.proceso);
  if (m.ordinario) {
    if (m.aportacion)
      return worker ? s.contributionOrdinaryWorkers : s.contributionOrdinaryProducers;
    return worker ? s.withdrawalOrdinaryWorkers : s.withdrawalOrdinaryProducers;
  }
  if (m.aportacion)
    return worker ? s.contributionExtraordinaryWorkers : s.contributionExtraordinaryProducers;
  return worker ? s.withdrawalExtraordinaryWorkers : s.withdrawalExtraordinaryProducers;
}

/** One record per movement: its amount, income when it is a contribution. */
export function movementRecord(m: MappedMovement): PlannedRecord {
  return {
    ...unlinked,
    subcuenta: movementSubaccount(m),
    cantidad: m.monto,
    ingr_egr: m.aportacion,
    relacion_sistema: m.aportacion ? 'APORTACION' : 'RETIRO',
    aport_retiro: m.id,
  };
}

export interface MappedPayment {
  id: number;
  abono_capital: Cents;
  interes_ord: Cents;
  interes_mor: Cents;
  estatus_previo: ContractStatus;
  /** Of the paid contract. */
  proceso: Process;
  fondo_comun: boolean;
}

/** Capital: shared fund 36; else current (VI) 3 / 5, overdue (VE) 6 / 7 for producers / workers. */
export function capitalSubaccount(
  p: Omit<MappedPayment, 'id' | 'abono_capital' | 'interes_ord' | 'interes_mor'>,
): number {
  const s = SYSTEM_SUBACCOUNTS;
  if (p.fondo_comun) return s.capitalSharedFund;
  const worker = isWorker(p.proceso);
  if (p.estatus_previo === 'VE')
    return worker ? s.capitalOverdueWorkers : s.capitalOverdueProducers;
  return worker ? s.capitalCurrentWorkers : s.capitalCurrentProducers;
}

/** Up to three income records per payment; a zero part books nothing. */
export function paymentRecords(p: MappedPayment): PlannedRecord[] {
  const parts: [RecordRelation, number, Cents][] = [
    ['CAPITAL', capitalSubaccount(p), p.abono_capital],
    ['INTERES_ORD', SYSTEM_SUBACCOUNTS.ordinaryInterest, p.interes_ord],
    ['INTERES_MOR', SYSTEM_SUBACCOUNTS.lateInterest, p.interes_mor],
  ];
  return parts
    .filter(([, , cantidad]) => cantidad > 0)
    .map(([relacion, subcuenta, cantidad]) => ({
      ...unlinked,
      subcuenta,
      cantidad,
      ingr_egr: true,
      relacion_sistema: relacion,
      pago: p.id,
    }));
}

export interface MappedDisbursement {
  id: number;
  monto: Cents;
  proceso: Process;
  fondo_comun: boolean;
}

/** Shared fund 35, producers 2, workers 4. */
export function disbursementSubaccount(c: Omit<MappedDisbursement, 'id' | 'monto'>): number {
  const s = SYSTEM_SUBACCOUNTS;
  if (c.fondo_comun) return s.disbursementSharedFund;
  return isWorker(c.proceso) ? s.disbursementWorkers : s.disbursementProducers;
}

/** One expense record per disbursed contract, for its amount. */
export function disbursementRecord(c: MappedDisbursement): PlannedRecord {
  return {
    ...unlinked,
    subcuenta: disbursementSubaccount(c),
    cantidad: c.monto,
    ingr_egr: false,
    relacion_sistema: 'EJERCICIO',
    ej_credito: c.id,
  };
}

/** "Otros": the whole amount to the chosen (non-system) sub-account. */
export function otherRecord(subcuenta: number, cantidad: Cents, ingreso: boolean): PlannedRecord {
  return { ...unlinked, subcuenta, cantidad, ingr_egr: ingreso, relacion_sistema: null };
}
