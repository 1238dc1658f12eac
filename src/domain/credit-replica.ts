/**
 * Contracts and payments as the phone's replica keeps them (the JSON shapes of
 * GET /contratos.json and GET /pagos.json, which the pull sends) and their conversion into the
 * inputs of `./debt` and `./portfolio`. Every screen that computes a debt, a status or a
 * portfolio offline starts here, so the phone reads the replica exactly as the server reads its
 * tables (server/services/credit-records.ts): money text → integer cents, payments of one day
 * in the order they were recorded.
 */
import type { ContractStatus, CreditType, ExecutionStatus, Process, RateType } from './codes';
import { compareIsoDates, type IsoDate } from './dates';
import { debtAt, type Debt, type DebtContract, type DebtPayment } from './debt';
import { parseMoney, type Cents } from './money';
import type { PortfolioInput } from './portfolio';

/** `deuda_al_dia` of a contract row: the debt on the day of the pull (numbers in pesos). */
export interface ContractDebtToday {
  interes_ordinario_deuda: number;
  interes_moratorio_deuda: number;
  capital_por_pagar: number;
  total_deuda: number;
}

/** A contract row of GET /contratos.json (and of the pull). */
export interface ContractReplicaRow {
  id: number;
  solicitud: number | null;
  clave_socio: number;
  nombres: string;
  comunidad: number;
  nombre_comunidad: string;
  region: number;
  nombre_region: string;
  proceso: Process;
  tipo_credito: CreditType;
  fondo_comun: boolean;
  monto: string;
  plazo: number;
  prorroga: number;
  prorroga_justificacion: string | null;
  plazo_disp: string;
  tasa: string;
  tasa_moratoria: string;
  tipo_tasa: RateType | null;
  fecha_inicio: IsoDate | null;
  fecha_vencimiento: IsoDate | null;
  fecha_final: IsoDate | null;
  /** Status on the day of the pull (VI / VE for a started DP contract). */
  estatus: ContractStatus;
  estatus_detail: ContractStatus;
  /** The stored status (DP, PA, CN): what the debt calculator starts from. */
  estatus_contrato: ContractStatus;
  estatus_ejecucion: ExecutionStatus;
  fecha_banco: IsoDate | null;
  referencia_banco: string | null;
  /** Sum of the payments the server knew at the pull (pesos). */
  pagado: number;
  deuda_al_dia: ContractDebtToday | null;
  dias_vida: number | null;
  dias_cartera_vigente: number | null;
  dias_vencidos: number | null;
}

/** A payment row of GET /pagos.json (and of the pull). */
export interface PaymentReplicaRow {
  /** The server's id, or the client UUID of a payment captured here and not sent yet. */
  id: number | string;
  credito: number;
  fecha_pago: IsoDate;
  cantidad: string;
  abono_capital: string;
  interes_ord: string;
  interes_mor: string;
  autor: number;
  nombre_autor: string;
  fecha_banco: IsoDate | null;
  referencia_banco: string | null;
  estatus_previo: ContractStatus;
  deuda_prev_total: string;
  deuda_prev_capital: string;
  deuda_prev_int_ord: string;
  deuda_prev_int_mor: string;
  capturado_en: string | null;
  tipo: CreditType;
  fondo_comun: boolean;
  clave_socio: number;
  nombres: string;
  region: number;
  nombre_region: string;
  /** Set on a record written on this phone (client UUID) … */
  _localId?: string;
  /** … and the mutation it still waits for. */
  _pending?: string;
}

/** Stored money text as cents; anything unreadable counts as 0 (never a float). */
export function replicaCents(text: string | number | null | undefined): Cents {
  return parseMoney(text ?? null) ?? 0;
}

/** What the debt calculator reads from a contract row. */
export function debtContractOf(row: ContractReplicaRow): DebtContract {
  return {
    monto: replicaCents(row.monto),
    tasa: row.tasa,
    tasa_moratoria: row.tasa_moratoria,
    tipo_tasa: row.tipo_tasa,
    plazo: row.plazo,
    prorroga: row.prorroga,
    fecha_inicio: row.fecha_inicio,
    estatus: row.estatus_contrato,
    estatus_ejecucion: row.estatus_ejecucion,
    fecha_final: row.fecha_final,
  };
}

// Payments captured on this phone come after every payment the server numbered on the same
// day, in capture order (the server will number them in that order when they arrive).
const LOCAL_ORDER_BASE = 2 ** 50;

/** Same-day order of a payment: its server id, or after them all by capture instant. */
export function paymentOrder(row: Pick<PaymentReplicaRow, 'id' | 'capturado_en'>): number {
  if (typeof row.id === 'number') return row.id;
  const at = row.capturado_en ? Date.parse(row.capturado_en) : NaN;
  return LOCAL_ORDER_BASE + (Number.isFinite(at) ? at : 0);
}

/** What the debt calculator reads from a payment row. */
export function debtPaymentOf(row: PaymentReplicaRow): DebtPayment {
  return {
    fecha_pago: row.fecha_pago,
    cantidad: replicaCents(row.cantidad),
    abono_capital: replicaCents(row.abono_capital),
    interes_ord: replicaCents(row.interes_ord),
    interes_mor: replicaCents(row.interes_mor),
    deuda_prev_int_ord: replicaCents(row.deuda_prev_int_ord),
    deuda_prev_int_mor: replicaCents(row.deuda_prev_int_mor),
    orden: paymentOrder(row),
  };
}

/** Payment rows oldest first (date, then recording order): the credit history's order. */
export function sortPaymentRows<
  P extends Pick<PaymentReplicaRow, 'id' | 'fecha_pago' | 'capturado_en'>,
>(rows: readonly P[]): P[] {
  return [...rows].sort(
    (a, b) => compareIsoDates(a.fecha_pago, b.fecha_pago) || paymentOrder(a) - paymentOrder(b),
  );
}

/** Debt-calculator payments grouped by contract, in one pass over the rows. */
export function debtPaymentsByContract(
  rows: readonly PaymentReplicaRow[],
): Map<number, DebtPayment[]> {
  const byContract = new Map<number, DebtPayment[]>();
  for (const row of rows) {
    let list = byContract.get(row.credito);
    if (!list) {
      list = [];
      byContract.set(row.credito, list);
    }
    list.push(debtPaymentOf(row));
  }
  return byContract;
}

/** Debt of one contract row at d from the replica's payments (as GET /contratos/{id}/deuda/). */
export function replicaDebtAt(
  contract: ContractReplicaRow,
  payments: readonly PaymentReplicaRow[],
  d: IsoDate,
): Debt | null {
  const own = payments.filter((p) => p.credito === contract.id).map(debtPaymentOf);
  return debtAt(debtContractOf(contract), own, d);
}

/** The portfolio's inputs from the replica's contracts and payments (one pass each). */
export function portfolioInputsOf(
  contracts: readonly ContractReplicaRow[],
  payments: readonly PaymentReplicaRow[],
): PortfolioInput[] {
  const byContract = debtPaymentsByContract(payments);
  return contracts.map((c) => ({
    id: c.id,
    region: c.region,
    fondo_comun: c.fondo_comun,
    contract: debtContractOf(c),
    payments: byContract.get(c.id) ?? [],
  }));
}
