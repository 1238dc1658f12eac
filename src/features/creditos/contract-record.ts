/**
 * Contracts and payments as the replica holds them: the shapes of `GET /contratos.json` and
 * `GET /pagos.json` (pulled), plus the optimistic marks of queued writes (`_localId`,
 * `_pending`). Stored decimals are text ("1040.00"), computed figures are pesos as numbers;
 * here they become integer cents and the debt calculator's inputs (#domain/debt).
 */
import type { ContractStatus, CreditType, ExecutionStatus, Process, RateType } from '#domain/codes';
import type { IsoDate } from '#domain/dates';
import type { DebtContract, DebtPayment } from '#domain/debt';
import { parseMoney, type Cents } from '#domain/money';

/** `deuda_al_dia` as the server computed it at the last pull (pesos). */
export interface DebtTodayRow {
  interes_ordinario_deuda: number;
  interes_moratorio_deuda: number;
  capital_por_pagar: number;
  total_deuda: number;
}

export interface ContractRecord {
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
  /** Status at the last pull; the screens recompute it for today. */
  estatus: ContractStatus;
  estatus_detail: ContractStatus;
  /** The stored status (DP, PA, CN): what the calculator starts from. */
  estatus_contrato: ContractStatus;
  estatus_ejecucion: ExecutionStatus;
  fecha_banco: IsoDate | null;
  referencia_banco: string | null;
  pagado: number;
  deuda_al_dia: DebtTodayRow | null;
  dias_vida: number | null;
  dias_cartera_vigente: number | null;
  dias_vencidos: number | null;
  /** Record id of the queued change of this contract (see credito-commands.ts). */
  _localId?: string;
  /** Mutation id of the latest queued change. */
  _pending?: string;
}

export interface PaymentRecord {
  /** The server's number, or the client UUID of a payment still waiting to be sent. */
  id: number | string;
  credito: number;
  fecha_pago: IsoDate;
  cantidad: string | number;
  abono_capital: string | number;
  interes_ord: string | number;
  interes_mor: string | number;
  fecha_banco?: IsoDate | null;
  referencia_banco?: string | null;
  estatus_previo?: ContractStatus;
  deuda_prev_total?: string | number | null;
  deuda_prev_int_ord?: string | number | null;
  deuda_prev_int_mor?: string | number | null;
  nombre_autor?: string;
  _localId?: string;
  _pending?: string;
}

const STORED_STATUSES: readonly ContractStatus[] = ['DP', 'PA', 'CN'];

/** Text decimals ("1040.00") and pesos numbers (1040.5) as cents; anything else is 0. */
export function centsOf(value: string | number | null | undefined): Cents {
  // The replica's own form ("1040.50") by digits alone: 30,000 payments are parsed per list.
  if (typeof value === 'string' && STORED_DECIMAL.test(value))
    return Number(value.slice(0, -3) + value.slice(-2));
  return parseMoney(value ?? null) ?? 0;
}

const STORED_DECIMAL = /^-?\d{1,13}\.\d\d$/;

/** The stored status, also for rows pulled before `estatus_contrato` existed. */
export function storedStatus(record: ContractRecord): ContractStatus {
  if (STORED_STATUSES.includes(record.estatus_contrato)) return record.estatus_contrato;
  return record.estatus === 'VI' || record.estatus === 'VE' ? 'DP' : record.estatus;
}

export function toDebtContract(record: ContractRecord): DebtContract {
  return {
    monto: centsOf(record.monto),
    tasa: record.tasa,
    tasa_moratoria: record.tasa_moratoria,
    tipo_tasa: record.tipo_tasa,
    plazo: record.plazo,
    prorroga: record.prorroga,
    fecha_inicio: record.fecha_inicio,
    estatus: storedStatus(record),
    estatus_ejecucion: record.estatus_ejecucion,
    fecha_final: record.fecha_final,
  };
}

/** Whether a payment still waits for the server (captured on this phone). */
export function isLocalPayment(payment: PaymentRecord): boolean {
  return typeof payment.id !== 'number';
}

export function toDebtPayment(payment: PaymentRecord): DebtPayment {
  return {
    fecha_pago: payment.fecha_pago,
    cantidad: centsOf(payment.cantidad),
    abono_capital: centsOf(payment.abono_capital),
    interes_ord: centsOf(payment.interes_ord),
    interes_mor: centsOf(payment.interes_mor),
    deuda_prev_int_ord: centsOf(payment.deuda_prev_int_ord),
    deuda_prev_int_mor: centsOf(payment.deuda_prev_int_mor),
    // Same-day payments go in server order; one still on the phone comes after them.
    orden: typeof payment.id === 'number' ? payment.id : Number.MAX_SAFE_INTEGER,
  };
}

/** Payments grouped by contract, each group oldest first (date, then server order). */
export function paymentsByContract(
  payments: readonly PaymentRecord[],
): Map<number, PaymentRecord[]> {
  const groups = new Map<number, PaymentRecord[]>();
  for (const payment of payments) {
    const group = groups.get(payment.credito);
    if (group) group.push(payment);
    else groups.set(payment.credito, [payment]);
  }
  for (const group of groups.values()) {
    if (group.length > 1) group.sort(comparePayments);
  }
  return groups;
}

/** Oldest first: payment date, then server order (one still on the phone last). */
export function comparePayments(a: PaymentRecord, b: PaymentRecord): number {
  if (a.fecha_pago !== b.fecha_pago) return a.fecha_pago < b.fecha_pago ? -1 : 1;
  const ao = typeof a.id === 'number' ? a.id : Number.MAX_SAFE_INTEGER;
  const bo = typeof b.id === 'number' ? b.id : Number.MAX_SAFE_INTEGER;
  return ao - bo;
}
