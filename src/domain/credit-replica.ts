/**
 * Contracts and payments as the API answers them (the JSON shapes of GET /contratos.json and
 * GET /pagos.json, which the pull sends: server/services/contract-rows.ts and payments.ts build
 * them) and as the phone's replica keeps them, and their conversion into the inputs of `./debt`
 * and `./portfolio`. Every screen that computes a debt, a status or a portfolio offline starts
 * here, so the phone reads the replica exactly as the server reads its tables
 * (server/services/credit-records.ts): money text → integer cents, payments of one day in the
 * order they were recorded. Stored decimals travel as text ("1040.00"), computed figures as
 * pesos numbers.
 */
import type { ContractStatus, CreditType, ExecutionStatus, Process, RateType } from './codes';
import type { IsoDate } from './dates';
import {
  DebtDateError,
  debtAt,
  statusAt,
  type Debt,
  type DebtContract,
  type DebtPayment,
} from './debt';
import { centsToDecimalString, parseMoney, type Cents } from './money';
import type { PortfolioInput } from './portfolio';
import type { ReceiptColumns } from './receipts';

/** `deuda_al_dia` of a contract row: the four debt figures on the day of the answer (pesos). */
export interface ContractDebtToday {
  interes_ordinario_deuda: number;
  interes_moratorio_deuda: number;
  capital_por_pagar: number;
  total_deuda: number;
}

/** A contract row of GET /contratos.json (and of the pull). */
export interface ContractApiRow {
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
  /** Status on the day of the answer (VI / VE for a started DP contract, else PA, CN or DP). */
  estatus: ContractStatus;
  /** Same as `estatus`: the name the debt answer and the detail screen use. */
  estatus_detail: ContractStatus;
  /** The stored status (DP, PA, CN): what the debt calculator starts from. */
  estatus_contrato: ContractStatus;
  estatus_ejecucion: ExecutionStatus;
  fecha_banco: IsoDate | null;
  referencia_banco: string | null;
  /** Sum of every payment's cantidad the server knew (pesos). */
  pagado: number;
  /** Debt that day; null when there is none (not started, not collected, paid or forgiven). */
  deuda_al_dia: ContractDebtToday | null;
  /** Days since the start (to settlement when settled); null when never started. */
  dias_vida: number | null;
  /** Days in the current portfolio: life minus overdue days. */
  dias_cartera_vigente: number | null;
  /** Days past the due date (0 when not overdue). */
  dias_vencidos: number | null;
}

/** A contract row as the replica keeps it: the API row plus the marks of a queued change. */
export interface ContractReplicaRow extends ContractApiRow {
  /** Record id of the queued change of this contract. */
  _localId?: string;
  /** Mutation id of the latest queued change. */
  _pending?: string;
}

/** A payment row of GET /pagos.json (and of the pull). */
export interface PaymentApiRow extends ReceiptColumns {
  id: number;
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
  /** The contract's credit type, and whether it is a shared fund. */
  tipo: CreditType;
  fondo_comun: boolean;
  clave_socio: number;
  nombres: string;
  region: number;
  nombre_region: string;
}

/** A payment row as the replica keeps it, also one captured here and not sent yet. */
export interface PaymentReplicaRow extends Omit<PaymentApiRow, 'id'> {
  /** The server's id, or the client UUID of a payment captured here and not sent yet. */
  id: number | string;
  /** Set on a record written on this phone (client UUID) … */
  _localId?: string;
  /** … and the mutation it still waits for. */
  _pending?: string;
}

// The replica's own form ("1040.50"): read by digits alone, 30,000 payments are read per list.
const STORED_DECIMAL = /^-?\d{1,13}\.\d\d$/;

/**
 * Stored money text ("1040.00") or pesos numbers (1040.5) as cents; anything unreadable
 * counts as 0 (never a float).
 */
export function replicaCents(text: string | number | null | undefined): Cents {
  if (typeof text === 'string' && STORED_DECIMAL.test(text))
    return Number(text.slice(0, -3) + text.slice(-2)) || 0; // "-0.00" is 0, not -0
  return parseMoney(text ?? null) ?? 0;
}

const STORED_STATUSES: readonly ContractStatus[] = ['DP', 'PA', 'CN'];

/**
 * The contract fields the debt calculator reads, as loose as a replica row may hold them
 * (`estatus`, today's status, only matters for a row pulled before `estatus_contrato` existed).
 */
export interface DebtContractSource extends Pick<
  ContractApiRow,
  | 'plazo'
  | 'prorroga'
  | 'tipo_tasa'
  | 'fecha_inicio'
  | 'fecha_final'
  | 'estatus_contrato'
  | 'estatus_ejecucion'
> {
  monto: string | number;
  tasa: string | number;
  tasa_moratoria: string | number;
  estatus?: ContractStatus;
}

/** The stored status (DP, PA, CN), also of a row pulled before `estatus_contrato` existed. */
export function storedStatus(
  row: Pick<DebtContractSource, 'estatus' | 'estatus_contrato'>,
): ContractStatus {
  if (STORED_STATUSES.includes(row.estatus_contrato)) return row.estatus_contrato;
  const today = row.estatus ?? row.estatus_contrato;
  return today === 'VI' || today === 'VE' ? 'DP' : today;
}

/** What the debt calculator reads from a contract row. */
export function debtContractOf(row: DebtContractSource): DebtContract {
  return {
    monto: replicaCents(row.monto),
    tasa: row.tasa,
    tasa_moratoria: row.tasa_moratoria,
    tipo_tasa: row.tipo_tasa,
    plazo: row.plazo,
    prorroga: row.prorroga,
    fecha_inicio: row.fecha_inicio,
    estatus: storedStatus(row),
    estatus_ejecucion: row.estatus_ejecucion,
    fecha_final: row.fecha_final,
  };
}

// Payments captured on this phone come after every payment the server numbered on the same
// day, in capture order (the server will number them in that order when they arrive).
const LOCAL_ORDER_BASE = 2 ** 50;

/** Same-day order of a payment: its server id, or after them all by capture instant. */
export function paymentOrder(row: { id: number | string; capturado_en?: string | null }): number {
  if (typeof row.id === 'number') return row.id;
  const at = row.capturado_en ? Date.parse(row.capturado_en) : NaN;
  return LOCAL_ORDER_BASE + (Number.isFinite(at) ? at : 0);
}

/**
 * The payment fields the debt calculator reads, as loose as the replica may hold them (an
 * optimistic record may carry pesos numbers, or no previous-debt figures yet).
 */
export interface DebtPaymentSource {
  id: number | string;
  fecha_pago: IsoDate;
  cantidad: string | number;
  abono_capital: string | number;
  interes_ord: string | number;
  interes_mor: string | number;
  deuda_prev_int_ord?: string | number | null;
  deuda_prev_int_mor?: string | number | null;
  capturado_en?: string | null;
}

/** What the debt calculator reads from a payment row. */
export function debtPaymentOf(row: DebtPaymentSource): DebtPayment {
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

type OrderedPayment = Pick<DebtPaymentSource, 'id' | 'fecha_pago' | 'capturado_en'>;

/** Oldest first: payment date, then recording order (one still on the phone last). */
export function comparePaymentRows(a: OrderedPayment, b: OrderedPayment): number {
  // ISO dates order as text: no parsing per comparison, lists sort thousands of payments.
  if (a.fecha_pago !== b.fecha_pago) return a.fecha_pago < b.fecha_pago ? -1 : 1;
  return paymentOrder(a) - paymentOrder(b);
}

/** Payment rows oldest first (date, then recording order): the credit history's order. */
export function sortPaymentRows<P extends OrderedPayment>(rows: readonly P[]): P[] {
  return [...rows].sort(comparePaymentRows);
}

/** Debt-calculator payments grouped by contract, in one pass over the rows. */
export function debtPaymentsByContract(
  rows: readonly (DebtPaymentSource & { credito: number })[],
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
  contract: ContractApiRow,
  payments: readonly PaymentReplicaRow[],
  d: IsoDate,
): Debt | null {
  const own = payments.filter((p) => p.credito === contract.id).map(debtPaymentOf);
  return debtAt(debtContractOf(contract), own, d);
}

/** The portfolio's inputs from the replica's contracts and payments (one pass each). */
export function portfolioInputsOf(
  contracts: readonly (DebtContractSource &
    Pick<ContractApiRow, 'id' | 'region' | 'fondo_comun'>)[],
  payments: readonly (DebtPaymentSource & { credito: number })[],
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

/** What the server stores with a payment: the contract's status and its debt just before it. */
export interface PaymentSnapshot {
  /** null when the replica cannot tell (a date before the start: the server will say so). */
  debt: Debt | null;
  estatus: ContractStatus;
}

/** The snapshot of a payment at `fecha` after the payments `earlier` (as the server computes it). */
export function snapshotBefore(
  contract: DebtContractSource,
  earlier: readonly DebtPaymentSource[],
  fecha: IsoDate,
): PaymentSnapshot {
  const c = debtContractOf(contract);
  let debt: Debt | null;
  try {
    debt = debtAt(c, earlier.map(debtPaymentOf), fecha);
  } catch (error) {
    if (!(error instanceof DebtDateError)) throw error;
    debt = null;
  }
  return { debt, estatus: statusAt(c, fecha) };
}

/**
 * The payments of one contract as the server will hold them once the phone's pending ones
 * arrive: a pending payment's snapshot (the variable-rate carry reads it) is computed again over
 * the payments counted before it in capture order, so a refused payment left out of the count
 * leaves no trace in the ones captured after it.
 */
export function restatePendingPayments<P extends PaymentReplicaRow>(
  contract: DebtContractSource,
  rows: readonly P[],
): P[] {
  const local = rows.filter((p) => typeof p.id === 'string');
  if (local.length === 0) return [...rows];
  const counted: P[] = rows.filter((p) => typeof p.id === 'number');
  for (const row of local.sort((a, b) => paymentOrder(a) - paymentOrder(b))) {
    const { debt, estatus } = snapshotBefore(contract, counted, row.fecha_pago);
    counted.push({
      ...row,
      estatus_previo: estatus,
      deuda_prev_total: centsToDecimalString(debt?.total_deuda ?? 0),
      deuda_prev_capital: centsToDecimalString(debt?.capital_por_pagar ?? 0),
      deuda_prev_int_ord: centsToDecimalString(debt?.interes_ordinario_deuda ?? 0),
      deuda_prev_int_mor: centsToDecimalString(debt?.interes_moratorio_deuda ?? 0),
    });
  }
  return counted;
}
