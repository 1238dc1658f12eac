/**
 * What the field inbox keeps of a write on its key row (issue 22): the member, the contract,
 * the amount and the kilos — read from the checked answer of an accepted write (the record as
 * stored) or from the raw body of a refused one (the request body itself is never kept, so
 * this is all the office will know of a refusal). Anything malformed is simply left out:
 * a refused body is often the reason it was refused.
 */
import { centsToDecimalString, parseMoney } from '#domain/money';
import { parseFixed, unitsToFixed } from '#domain/rules';

export interface FieldSummary {
  socio: number | null;
  credito: number | null;
  monto: string | null;
  kilos: string | null;
}

const INT4_MAX = 2_147_483_647;
/** numeric(14,2) holds less than 10^12 pesos; numeric(12,2) kilos less than 10^10. */
const MONEY_MAX_CENTS = 10 ** 13;
const KILOS_MAX_UNITS = 10 ** 11;

/** Field names of the amount, in the order they are looked for (payment, movement, request). */
const AMOUNT_FIELDS = ['cantidad', 'monto', 'monto_solicitado'] as const;

function field(source: unknown, key: string): unknown {
  if (source === null || typeof source !== 'object' || Array.isArray(source)) return undefined;
  return Reflect.get(source, key);
}

function idOf(value: unknown): number | null {
  const n = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= INT4_MAX ? n : null;
}

function moneyOf(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const cents = parseMoney(value);
  return cents !== null && Math.abs(cents) < MONEY_MAX_CENTS ? centsToDecimalString(cents) : null;
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
  return {
    socio: idOf(field(source, 'clave_socio')),
    credito: idOf(field(source, 'credito')),
    monto,
    kilos: kilosOf(field(source, 'kilos_de_producto')),
  };
}
