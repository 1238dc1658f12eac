/**
 * What the field inbox keeps of a write on its key row: the member, the contract,
 * the amount and the kilos — read from the checked answer of an accepted write (the record as
 * stored) or from the raw body of a refused one (the request body itself is never kept, so
 * this is all the office will know of a refusal). Anything malformed is simply left out:
 * a refused body is often the reason it was refused.
 */
import { centsToDecimalString, typedMoneyCents, type Cents } from '#domain/money';
import { parseFixed, unitsToFixed } from '#domain/rules';

export interface FieldSummary {
  socio: number | null;
  credito: number | null;
  monto: string | null;
  kilos: string | null;
  /** A movement: contribution (true) or withdrawal (false); null for other kinds. */
  aportacion: boolean | null;
}

const INT4_MAX = 2_147_483_647;
/** numeric(14,2) holds less than 10^12 pesos; numeric(12,2) kilos less than 10^10. */
const MONEY_MAX_CENTS = 10 ** 13;
const KILOS_MAX_UNITS = 10 ** 11;

/**
 * Field names of the amount, in the order they are looked for (payment, movement, request,
 * collection).
 */
const AMOUNT_FIELDS = ['cantidad', 'monto', 'monto_solicitado', 'ingreso'] as const;
/** A payment's parts: its amount when `cantidad` is absent (it is optional in a body). */
const PAYMENT_PARTS = ['abono_capital', 'interes_ord', 'interes_mor'] as const;

function field(source: unknown, key: string): unknown {
  if (source === null || typeof source !== 'object' || Array.isArray(source)) return undefined;
  return Reflect.get(source, key);
}

function idOf(value: unknown): number | null {
  const n = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= INT4_MAX ? n : null;
}

function centsOf(value: unknown): Cents | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const cents = typedMoneyCents(value);
  return cents !== null && Math.abs(cents) < MONEY_MAX_CENTS ? cents : null;
}

function moneyOf(value: unknown): string | null {
  const cents = centsOf(value);
  return cents === null ? null : centsToDecimalString(cents);
}

/** The sum of some amounts of `source`, or null unless every one is an amount. */
function sumOf(source: unknown, names: readonly string[]): Cents | null {
  let sum = 0;
  for (const name of names) {
    const cents = centsOf(field(source, name));
    if (cents === null) return null;
    sum += cents;
  }
  return sum;
}

/**
 * A trip closing's declared cash, what the promoter hands in: payments and contributions
 * received less withdrawals paid out (negative when the office owes the promoter). From the
 * answer's `declarado` or the body's own totals.
 */
function declaredCash(source: unknown): Cents | null {
  const declared = field(source, 'declarado') ?? source;
  const received = sumOf(declared, ['pagos', 'aportaciones']);
  const paidOut = centsOf(field(declared, 'retiros'));
  return received === null || paidOut === null ? null : received - paidOut;
}

function directionOf(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  return value === 'true' ? true : value === 'false' ? false : null;
}

function kilosOf(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const units = parseFixed(value, 2);
  return typeof units === 'number' && Math.abs(units) < KILOS_MAX_UNITS
    ? unitsToFixed(units, 2)
    : null;
}

export function fieldSummary(source: unknown): FieldSummary {
  let monto: string | null = null;
  for (const name of AMOUNT_FIELDS) {
    monto = moneyOf(field(source, name));
    if (monto !== null) break;
  }
  const derived = monto === null ? (sumOf(source, PAYMENT_PARTS) ?? declaredCash(source)) : null;
  if (derived !== null && Math.abs(derived) < MONEY_MAX_CENTS)
    monto = centsToDecimalString(derived);
  return {
    socio: idOf(field(source, 'clave_socio')),
    credito: idOf(field(source, 'credito')),
    monto,
    kilos: kilosOf(field(source, 'kilos_de_producto')),
    aportacion: directionOf(field(source, 'aportacion')),
  };
}
