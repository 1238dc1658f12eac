/**
 * Bank reconciliation calls (docs/business-rules.md#bank-reconciliation-and-accounting). Office
 * work: these go to the server directly (no replica, no outbox), so the screens that use them need
 * a connection. Answers are parsed with the schemas the server answers by (#domain/bank-shapes);
 * the balance figures loosely on purpose — a value that is not a number becomes `null` and the
 * table shows 'ERR' in that cell.
 */
import { z } from 'zod';
import {
  accountingRecordPageSchema,
  accountingRecordSchema,
  bankBalanceSchemaOf,
  bankMovementCreatedSchema,
  readFigure,
  subaccountBalanceSchemaOf,
  subaccountOptionSchema,
  type AccountingRecord,
  type AccountingRecordPage,
  type BankMovementCreated,
  type SubaccountOption,
} from '#domain/bank-shapes';
import { CONTRACT_STATUSES, PROCESSES, type BankDataType } from '#domain/codes';
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

/** The balance rows as the phone reads them: a figure that is not a number is `null` ("ERR"). */
export const bankBalanceSchema = bankBalanceSchemaOf(readFigure);
export type BankBalance = z.output<typeof bankBalanceSchema>;

export const subaccountBalanceSchema = subaccountBalanceSchemaOf(readFigure);
export type SubaccountBalance = z.output<typeof subaccountBalanceSchema>;

export type { AccountingRecord, SubaccountOption };

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

export type { AccountingRecordPage };

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
  return apiGet('registros-contables.json/', accountingRecordPageSchema, {
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

export type { BankMovementCreated };

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
