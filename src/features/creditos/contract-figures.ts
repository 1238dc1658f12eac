/**
 * Every figure the credits list and the contract detail show, computed on the phone from the
 * replica with #domain/debt (the code the server runs): debt today, status today, due date,
 * paid total, life, current-portfolio and overdue days. One pass over the contracts with
 * their payments grouped once — never one query per contract.
 */
import type { ContractStatus } from '#domain/codes';
import { contractFigures, type ContractFigures } from '#domain/contract-figures';
import type { IsoDate } from '#domain/dates';
import { dueDate, statusAt, termLabel, type DebtContract } from '#domain/debt';
import type { Cents } from '#domain/money';
import {
  comparePaymentRows,
  debtContractOf,
  debtPaymentOf,
  storedStatus,
} from '#domain/credit-replica';
import type { ContratoRow, PagoRow } from '#db/replica-rows';

export type { ContractFigures } from '#domain/contract-figures';

/**
 * The parts of the credits list: running contracts that still owe (what the office works on,
 * shown first), contracts not started yet, cancelled ones (execution CA: never disbursed, so
 * they owe nothing whatever their stored status says), and the finished ones (paid, waived).
 */
export const LIST_SECTIONS = ['active', 'notStarted', 'cancelled', 'finished'] as const;
export type ListSection = (typeof LIST_SECTIONS)[number];

export function listSectionOf(
  record: Pick<ContratoRow, 'estatus_ejecucion' | 'fecha_inicio'>,
  withDebt: boolean,
): ListSection {
  if (record.estatus_ejecucion === 'CA') return 'cancelled';
  if (record.fecha_inicio === null) return 'notStarted';
  return withDebt ? 'active' : 'finished';
}

/**
 * A row of the credits list: the contract, its figures today and its payments. Making a row
 * only copies what it shows as stored; everything computed (due date, status today, debt,
 * days) is computed the first time a cell, the search, a sort or the detail asks for it, and
 * then kept. The first page of 5,000 contracts costs ten debt computations; sorting by debt
 * computes each contract's once.
 */
export class CreditRow {
  /** Row id (the contract number as text). */
  readonly key: string;
  readonly id: number;
  readonly clave_socio: number;
  readonly nombres: string;
  readonly nombre_region: string;
  readonly fecha_inicio: IsoDate | null;
  readonly tasa: string;
  readonly tasa_moratoria: string;
  readonly estatus_ejecucion: ContratoRow['estatus_ejecucion'];
  /** Stored status DP: the contract still has debt. */
  readonly withDebt: boolean;
  /** Which part of the list it belongs to (see `listSectionOf`). */
  readonly section: ListSection;
  readonly record: ContratoRow;
  /** Its payments, oldest first. */
  readonly payments: readonly PagoRow[];
  private readonly today: IsoDate;
  private debtContract: DebtContract | null = null;
  private due: IsoDate | null | undefined = undefined;
  private status: ContractStatus | null = null;
  private computed: ContractFigures | null = null;

  constructor(record: ContratoRow, payments: readonly PagoRow[], today: IsoDate) {
    this.today = today;
    this.record = record;
    this.payments = payments;
    this.key = String(record.id);
    this.id = record.id;
    this.clave_socio = record.clave_socio;
    this.nombres = record.nombres;
    this.nombre_region = record.nombre_region;
    this.fecha_inicio = record.fecha_inicio;
    this.tasa = record.tasa;
    this.tasa_moratoria = record.tasa_moratoria;
    this.estatus_ejecucion = record.estatus_ejecucion;
    this.withDebt = storedStatus(record) === 'DP';
    this.section = listSectionOf(record, this.withDebt);
  }

  /** The calculator's view of the contract. */
  get contract(): DebtContract {
    this.debtContract ??= debtContractOf(this.record);
    return this.debtContract;
  }
  get monto(): Cents {
    return this.contract.monto;
  }
  get fecha_vencimiento(): IsoDate | null {
    if (this.due === undefined) this.due = dueDate(this.contract);
    return this.due;
  }
  get plazo_disp(): string {
    return termLabel(this.record);
  }
  /** Status today: VI / VE for a started contract with debt, else PA, CN or DP. */
  get estatus(): ContractStatus {
    this.status ??= safeStatus(this.contract, this.today);
    return this.status;
  }
  /** Every figure of today, computed once. */
  get figures(): ContractFigures {
    this.computed ??= contractFigures(this.contract, this.payments.map(debtPaymentOf), this.today, {
      unreadable: 'blank',
    });
    return this.computed;
  }
  get pagado(): Cents {
    return this.figures.pagado;
  }
  get capital_por_pagar(): Cents | null {
    return this.figures.deuda?.capital_por_pagar ?? null;
  }
  get interes_ordinario_deuda(): Cents | null {
    return this.figures.deuda?.interes_ordinario_deuda ?? null;
  }
  get interes_moratorio_deuda(): Cents | null {
    return this.figures.deuda?.interes_moratorio_deuda ?? null;
  }
  get total_deuda(): Cents | null {
    return this.figures.deuda?.total_deuda ?? null;
  }
  get dias_vida(): number | null {
    return this.figures.dias_vida;
  }
  get dias_cartera_vigente(): number | null {
    return this.figures.dias_cartera_vigente;
  }
  get dias_vencidos(): number | null {
    return this.figures.dias_vencidos;
  }
}

function safeStatus(contract: DebtContract, today: IsoDate): ContractStatus {
  try {
    return statusAt(contract, today);
  } catch {
    return contract.estatus;
  }
}

const NO_PAYMENTS: readonly PagoRow[] = [];

/** Payments grouped by contract, each group oldest first (date, then recording order). */
export function paymentsByContract(payments: readonly PagoRow[]): Map<number, PagoRow[]> {
  const groups = new Map<number, PagoRow[]>();
  for (const payment of payments) {
    const group = groups.get(payment.credito);
    if (group) group.push(payment);
    else groups.set(payment.credito, [payment]);
  }
  for (const group of groups.values()) {
    if (group.length > 1) group.sort(comparePaymentRows);
  }
  return groups;
}

export function toCreditRow(
  record: ContratoRow,
  payments: readonly PagoRow[],
  today: IsoDate,
): CreditRow {
  return new CreditRow(record, payments, today);
}

/** Newest start first, contracts not started yet on top (the server's list order). */
function compareRows(a: CreditRow, b: CreditRow): number {
  const sa = a.fecha_inicio ?? '9999-12-31';
  const sb = b.fecha_inicio ?? '9999-12-31';
  if (sa !== sb) return sa < sb ? 1 : -1;
  return b.id - a.id;
}

/**
 * The rows of the credits list (or of the shared funds) from the whole replica: payments
 * grouped once, figures computed once per contract.
 */
export function creditRows(
  contracts: readonly ContratoRow[],
  payments: readonly PagoRow[],
  today: IsoDate,
  options: { fondoComun: boolean },
): CreditRow[] {
  const grouped = paymentsByContract(payments);
  const rows: CreditRow[] = [];
  for (const record of contracts) {
    if (Boolean(record.fondo_comun) !== options.fondoComun) continue;
    rows.push(toCreditRow(record, grouped.get(record.id) ?? NO_PAYMENTS, today));
  }
  return rows.sort(compareRows);
}
