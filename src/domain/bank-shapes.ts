/**
 * Bank reconciliation as the API answers it
 * (docs/business-rules.md#bank-reconciliation-and-accounting): the balances per bank account and
 * per sub-account, the sub-accounts a booking may name by hand, the accounting records and the
 * booked bank movement. The server serializes its answers through these schemas and the phone
 * parses them with the same ones. Only the balance figures are read in two ways: the server
 * answers numbers, while the phone turns a figure that is not a number into `null`, which its
 * table shows as 'ERR' instead of failing the whole answer.
 */
import * as z from 'zod';
import { BANK_DATA_TYPES, SUBACCOUNT_TYPES } from './codes';

/** What an accounting record reconciles (null on "Otros"). */
export const RECORD_RELATIONS = [
  'APORTACION',
  'RETIRO',
  'CAPITAL',
  'INTERES_ORD',
  'INTERES_MOR',
  'EJERCICIO',
] as const;
export type RecordRelation = (typeof RECORD_RELATIONS)[number];

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** A stored amount as a decimal string, "1040.00". */
const decimal = z.string().regex(/^\d+\.\d{2}$/);

/** A balance figure as the phone reads it: a number (or numeric text) stays, else `null`. */
export const readFigure = z.unknown().transform((value): number | null => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return null;
});

/** The four totals of a balance row, each read by `figure`. */
function balanceTotals<F extends z.ZodType>(figure: F) {
  return {
    tot_ingresos_prev: figure,
    tot_egresos_prev: figure,
    tot_ingresos: figure,
    tot_egresos: figure,
  };
}

/** GET /banco/saldos/: one row per bank account. */
export function bankBalanceSchemaOf<F extends z.ZodType>(figure: F) {
  return z.object({
    id: z.number().int(),
    nombre_banco: z.string(),
    nombre_cuenta: z.string(),
    numero_cuenta: z.string(),
    ...balanceTotals(figure),
  });
}

/** GET /subcuentas/saldos/: one row per sub-account, with its bank account. */
export function subaccountBalanceSchemaOf<F extends z.ZodType>(figure: F) {
  return z.object({
    id: z.number().int(),
    id_contable: z.string(),
    nombre: z.string(),
    tipo: z.enum(SUBACCOUNT_TYPES),
    sistema: z.boolean(),
    banco: z.number().int(),
    nombre_cuenta: z.string(),
    ...balanceTotals(figure),
  });
}

/** The server's balance rows: exact numbers. */
export const bankBalanceSchema = bankBalanceSchemaOf(z.number());
export const subaccountBalanceSchema = subaccountBalanceSchemaOf(z.number());

/** GET /subcuentas/: a sub-account a booking on "Otros" may name. */
export const subaccountOptionSchema = z.object({
  id: z.number().int(),
  id_contable: z.string(),
  nombre: z.string(),
  tipo: z.enum(SUBACCOUNT_TYPES),
  banco: z.number().int(),
  nombre_cuenta: z.string(),
});
export type SubaccountOption = z.output<typeof subaccountOptionSchema>;

/** One accounting record, as the list, the detail and the spreadsheet read it. */
export const accountingRecordSchema = z.object({
  id: z.number().int(),
  fecha: isoDate,
  referencia: z.string(),
  referencia_banco: z.string(),
  referencia_alf: z.string().nullable(),
  /** When it was booked (ISO instant). */
  fecha_captura: z.string(),
  /** Display name of the user who booked it. */
  usuario: z.string(),
  movimiento_banco: z.number().int(),
  subcuenta_id: z.number().int(),
  subcuenta_id_cont: z.string(),
  subcuenta_nombre: z.string(),
  banco_cuenta: z.string(),
  banco_nombre: z.string(),
  relacion_sistema: z.enum(RECORD_RELATIONS).nullable(),
  cantidad: decimal,
  /** true = income, false = expense. */
  ingr_egr: z.boolean(),
  aport_retiro: z.number().int().nullable(),
  pago: z.number().int().nullable(),
  ej_credito: z.number().int().nullable(),
});
export type AccountingRecord = z.output<typeof accountingRecordSchema>;

/** GET /registros-contables.json?limit=: one page, newest first, and the next page's cursor. */
export const accountingRecordPageSchema = z.object({
  results: z.array(accountingRecordSchema),
  /** The cursor of the next page; null on the last one. */
  next: z.string().nullable(),
});
export type AccountingRecordPage = z.output<typeof accountingRecordPageSchema>;

/** POST /mov-bancos/: how many records the booking wrote, and the bank movement itself. */
export const bankMovementCreatedSchema = z.object({
  registros_nvos: z.number().int(),
  movimientoBanco: z.object({
    id: z.number().int(),
    referencia_banco: z.string(),
    fecha: isoDate,
    cantidad: decimal,
    referencia_alf: z.string().nullable(),
    tipo: z.enum(BANK_DATA_TYPES),
    ingr_egr: z.boolean(),
    usuario: z.number().int(),
    nombre_usuario: z.string(),
    fecha_captura: z.string(),
  }),
});
export type BankMovementCreated = z.output<typeof bankMovementCreatedSchema>;
