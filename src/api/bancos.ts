/**
 * Bank reconciliation calls (docs/business-rules.md#bank-reconciliation-and-accounting). Office
 * work: these go to the server directly (no replica, no outbox), so the screens that use them need
 * a connection. Answers are zod-parsed; the balance figures are parsed loosely on purpose — a value
 * that is not a number becomes `null` and the table shows 'ERR' in that cell.
 */
import { z } from 'zod';
import { CONTRACT_STATUSES, PROCESSES, SUBACCOUNT_TYPES, type BankDataType } from '#domain/codes';
import { IDEMPOTENCY_KEY_HEADER } from '#domain/sync-protocol';
import { apiGet, apiRequest, type ApiOptions } from './client';
import { fetchServerXlsx, type FileFetchOptions } from './contratos-xlsx';

export interface DateRangeQuery {
  initialDate?: string | null;
  finalDate?: string | null;
}

/** Only the dates that are set travel (both are optional). */
function rangeParams(range: DateRangeQuery): Record<string, string> {
  const params: Record<string, string> = {};
  if (range.initialDate) params.initialDate = range.initialDate;
  if (range.finalDate) params.finalDate = range.finalDate;
  return params;
}

/** A balance figure: a number (or numeric text) stays; anything else is `null` ("ERR"). */
const figure = z.unknown().transform((value): number | null => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return null;
});

const totals = {
  tot_ingresos_prev: figure,
  tot_egresos_prev: figure,
  tot_ingresos: figure,
  tot_egresos: figure,
};

export const bankBalanceSchema = z.object({
  id: z.number().int(),
  nombre_banco: z.string().default(''),
  nombre_cuenta: z.string(),
  numero_cuenta: z.string().default(''),
  ...totals,
});
export type BankBalance = z.output<typeof bankBalanceSchema>;

export const subaccountBalanceSchema = z.object({
  id: z.number().int(),
  id_contable: z.string(),
  nombre: z.string(),
  nombre_cuenta: z.string().default(''),
  ...totals,
});
export type SubaccountBalance = z.output<typeof subaccountBalanceSchema>;

export const subaccountOptionSchema = z.object({
  id: z.number().int(),
  id_contable: z.string(),
  nombre: z.string(),
  tipo: z.enum(SUBACCOUNT_TYPES),
  nombre_cuenta: z.string().default(''),
});
export type SubaccountOption = z.output<typeof subaccountOptionSchema>;

export const accountingRecordSchema = z.object({
  id: z.number().int(),
  fecha: z.string(),
  referencia: z.string(),
  referencia_banco: z.string(),
  referencia_alf: z.string().nullable(),
  fecha_captura: z.string(),
  usuario: z.string(),
  subcuenta_id: z.number().int(),
  subcuenta_id_cont: z.string(),
  subcuenta_nombre: z.string(),
  banco_cuenta: z.string(),
  banco_nombre: z.string(),
  relacion_sistema: z.string().nullable(),
  cantidad: z.string(),
  ingr_egr: z.boolean(),
  aport_retiro: z.number().int().nullable(),
  pago: z.number().int().nullable(),
  ej_credito: z.number().int().nullable(),
});
export type AccountingRecord = z.output<typeof accountingRecordSchema>;

// ---------------------------------------------------------------- pending items

export const pendingMovementSchema = z.object({
  id: z.number().int(),
  clave_socio: z.number().int(),
  nombre_socio: z.string(),
  fecha_entrega: z.string(),
  monto: z.string(),
  proceso: z.enum(PROCESSES),
  aportacion: z.boolean(),
  ordinario: z.boolean(),
  tipo_de_movimiento: z.string(),
  fecha_banco: z.string().nullable(),
  referencia_banco: z.string().nullable(),
});
export type PendingMovement = z.output<typeof pendingMovementSchema>;

export const pendingPaymentSchema = z.object({
  id: z.number().int(),
  credito: z.number().int(),
  clave_socio: z.number().int(),
  nombres: z.string(),
  fecha_pago: z.string(),
  cantidad: z.string(),
  abono_capital: z.string(),
  interes_ord: z.string(),
  interes_mor: z.string(),
  estatus_previo: z.enum(CONTRACT_STATUSES),
  fecha_banco: z.string().nullable(),
  referencia_banco: z.string().nullable(),
});
export type PendingPayment = z.output<typeof pendingPaymentSchema>;

export const pendingContractSchema = z.object({
  id: z.number().int(),
  clave_socio: z.number().int(),
  nombres: z.string(),
  proceso: z.enum(PROCESSES),
  fondo_comun: z.boolean(),
  monto: z.string(),
  fecha_inicio: z.string().nullable(),
  fecha_banco: z.string().nullable(),
  referencia_banco: z.string().nullable(),
});
export type PendingContract = z.output<typeof pendingContractSchema>;

const pendingList = <T extends z.ZodType>(row: T) =>
  z.object({ count: z.number().int(), results: z.array(row) });

export interface PendingList<T> {
  count: number;
  results: T[];
}

export function fetchPendingMovements(options?: ApiOptions): Promise<PendingList<PendingMovement>> {
  return apiGet('movimientos-conc/', pendingList(pendingMovementSchema), options);
}

export function fetchPendingPayments(options?: ApiOptions): Promise<PendingList<PendingPayment>> {
  return apiGet('pagos/no-link/', pendingList(pendingPaymentSchema), options);
}

/** Disbursed contracts not reconciled yet; `fondocomun` lists the shared funds instead. */
export function fetchPendingContracts(
  fondocomun: boolean,
  options?: ApiOptions,
): Promise<PendingList<PendingContract>> {
  return apiGet('contratos/no-link/', pendingList(pendingContractSchema), {
    ...options,
    ...(fondocomun && { searchParams: { fondocomun: 1 } }),
  });
}

// ---------------------------------------------------------------- balances and records

export function fetchBankBalances(range: DateRangeQuery, options?: ApiOptions) {
  return apiGet('banco/saldos/', z.array(bankBalanceSchema), {
    ...options,
    searchParams: rangeParams(range),
  });
}

export function fetchSubaccountBalances(range: DateRangeQuery, options?: ApiOptions) {
  return apiGet('subcuentas/saldos/', z.array(subaccountBalanceSchema), {
    ...options,
    searchParams: rangeParams(range),
  });
}

export function fetchSubaccounts(options?: ApiOptions): Promise<SubaccountOption[]> {
  return apiGet('subcuentas/', z.array(subaccountOptionSchema), options);
}

export interface AccountingRecordPage {
  results: AccountingRecord[];
  /** The cursor of the next page; null on the last one. */
  next: string | null;
}

const recordPageSchema = z.object({
  results: z.array(accountingRecordSchema),
  next: z.string().nullable(),
});

/**
 * One page of the range's records, newest first: `limit` of them after the cursor `after`
 * (the `next` of the page before; null for the first page).
 */
export function fetchAccountingRecordPage(
  range: DateRangeQuery,
  limit: number,
  after: string | null,
  options?: ApiOptions,
): Promise<AccountingRecordPage> {
  const searchParams = { ...rangeParams(range), limit: String(limit) };
  return apiGet('registros-contables.json/', recordPageSchema, {
    ...options,
    searchParams: after === null ? searchParams : { ...searchParams, after },
  });
}

export function fetchAccountingRecord(id: number, options?: ApiOptions): Promise<AccountingRecord> {
  return apiGet(`registros-contables/${id}.json`, accountingRecordSchema, options);
}

/** GET /registros-contables-xlsx/ → the file as a Blob (./contratos-xlsx: no fixed limit). */
export function fetchAccountingRecordsXlsx(
  range: DateRangeQuery,
  options?: FileFetchOptions,
): Promise<Blob> {
  const query = new URLSearchParams(rangeParams(range)).toString();
  return fetchServerXlsx(`registros-contables-xlsx/${query ? `?${query}` : ''}`, options);
}

// ---------------------------------------------------------------- the booking

/** The body of POST /mov-bancos/. */
export interface BankMovementPayload {
  referencia_banco: string;
  fecha: string;
  cantidad: string;
  referencia_alf: string | null;
  dataType: BankDataType;
  selectedItems: number[];
  ingrEgr: boolean | null;
}

export const bankMovementCreatedSchema = z.object({
  registros_nvos: z.number().int(),
  movimientoBanco: z.object({
    id: z.number().int(),
    referencia_banco: z.string(),
    fecha: z.string(),
    cantidad: z.string(),
  }),
});
export type BankMovementCreated = z.output<typeof bankMovementCreatedSchema>;

/**
 * POST /mov-bancos/ with an Idempotency-Key: the caller keeps the same key for a retry of the
 * same booking, so a double click or a resend after a lost answer books once.
 */
export function postBankMovement(
  payload: BankMovementPayload,
  idempotencyKey: string,
  options?: ApiOptions,
): Promise<BankMovementCreated> {
  return apiRequest('post', 'mov-bancos/', bankMovementCreatedSchema, {
    ...options,
    json: payload,
    headers: { ...options?.headers, [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}
