/**
 * The replica's contracts and payments as `#domain/portfolio` inputs, so the home screen
 * computes the same figures as `/contratos/carteras/` and `/contratos/carteras-per-region/`
 * offline. The reading itself (text decimals → integer cents, the stored status, payment order)
 * is #domain/credit-replica's; here rows that do not read (a half-written optimistic record)
 * are left out first rather than breaking the screen.
 *
 * Plain checks, not a schema library: the office's home reads every contract and payment (tens
 * of thousands of rows) on its first visit, and a schema's parse per row took most of it.
 */
import {
  CONTRACT_STATUSES,
  EXECUTION_STATUSES,
  RATE_TYPES,
  type ContractStatus,
  type ExecutionStatus,
  type RateType,
} from '#domain/codes';
import { portfolioInputsOf } from '#domain/credit-replica';
import type { IsoDate } from '#domain/dates';
import { fieldOf, isOneOf, isRecord } from '#domain/guards';
import { parseMoney } from '#domain/money';
import type { PortfolioInput } from '#domain/portfolio';

type Decimal = string | number;

interface ReadContract {
  id: number;
  region: number;
  fondo_comun: boolean;
  monto: Decimal;
  tasa: Decimal;
  tasa_moratoria: Decimal;
  tipo_tasa: RateType | null;
  plazo: number;
  prorroga: number;
  fecha_inicio: IsoDate | null;
  estatus_contrato: ContractStatus;
  estatus_ejecucion: ExecutionStatus;
  fecha_final: IsoDate | null;
}

interface ReadPayment {
  id: number | string;
  credito: number;
  fecha_pago: IsoDate;
  cantidad: Decimal;
  abono_capital: Decimal;
  interes_ord: Decimal;
  interes_mor: Decimal;
  deuda_prev_int_ord: Decimal;
  deuda_prev_int_mor: Decimal;
  capturado_en: string | null | undefined;
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isDecimal = (v: unknown): v is Decimal => typeof v === 'string' || isNumber(v);
const isMoney = (v: unknown): v is Decimal => isDecimal(v) && parseMoney(v) !== null;
const isDateOrNull = (v: unknown): v is IsoDate | null => v === null || typeof v === 'string';

function readContract(row: unknown): ReadContract | null {
  if (!isRecord(row)) return null;
  const { id, region, fondo_comun, monto, tasa, tasa_moratoria, tipo_tasa, plazo } = row;
  const { fecha_inicio, estatus_contrato, estatus_ejecucion } = row;
  if (
    !isNumber(id) ||
    !isNumber(region) ||
    typeof fondo_comun !== 'boolean' ||
    !isMoney(monto) ||
    !isDecimal(tasa) ||
    !isDecimal(tasa_moratoria) ||
    !(tipo_tasa === null || isOneOf(RATE_TYPES, tipo_tasa)) ||
    !isNumber(plazo) ||
    !isDateOrNull(fecha_inicio) ||
    !isOneOf(CONTRACT_STATUSES, estatus_contrato) ||
    !isOneOf(EXECUTION_STATUSES, estatus_ejecucion)
  )
    return null;
  const prorroga = fieldOf(row, 'prorroga');
  const fechaFinal = fieldOf(row, 'fecha_final');
  return {
    id,
    region,
    fondo_comun,
    monto,
    tasa,
    tasa_moratoria,
    tipo_tasa,
    plazo,
    // Missing or unreadable: no extension, no settlement date (as the server's own rows say).
    prorroga: isNumber(prorroga) ? prorroga : 0,
    fecha_inicio,
    estatus_contrato,
    estatus_ejecucion,
    fecha_final: typeof fechaFinal === 'string' ? fechaFinal : null,
  };
}

function readPayment(row: unknown): ReadPayment | null {
  if (!isRecord(row)) return null;
  const { id, credito, fecha_pago, cantidad, abono_capital, interes_ord, interes_mor } = row;
  const { deuda_prev_int_ord, deuda_prev_int_mor, capturado_en } = row;
  if (
    !(isNumber(id) || typeof id === 'string') ||
    !(isNumber(credito) || typeof credito === 'string') ||
    typeof fecha_pago !== 'string' ||
    !isMoney(cantidad) ||
    !isMoney(abono_capital) ||
    !isMoney(interes_ord) ||
    !isMoney(interes_mor) ||
    !isMoney(deuda_prev_int_ord) ||
    !isMoney(deuda_prev_int_mor)
  )
    return null;
  return {
    id,
    credito: Number(credito),
    fecha_pago,
    cantidad,
    abono_capital,
    interes_ord,
    interes_mor,
    deuda_prev_int_ord,
    deuda_prev_int_mor,
    // Only the order of a payment captured here depends on it: unreadable counts as unknown.
    capturado_en:
      capturado_en === undefined || capturado_en === null || typeof capturado_en === 'string'
        ? capturado_en
        : null,
  };
}

function readable<T>(read: (row: unknown) => T | null, rows: readonly unknown[]): T[] {
  const out: T[] = [];
  for (const row of rows) {
    const value = read(row);
    if (value !== null) out.push(value);
  }
  return out;
}

/** Portfolio inputs of every readable contract row, each with its readable payments. */
export function portfolioInputs(
  contracts: readonly unknown[],
  payments: readonly unknown[],
): PortfolioInput[] {
  return portfolioInputsOf(readable(readContract, contracts), readable(readPayment, payments));
}
