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
import type { BankDataType } from '#domain/codes';
import { contractRowSchema, paymentRowSchema } from '#domain/credit-shapes';
import { movementRowSchema } from '#domain/delivery-shapes';
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

// The pending items are the server's own rows (GET /movimientos-conc/, /pagos/no-link/,
// /contratos/no-link/ answer them whole); the form reads these fields of them.
export const pendingMovementSchema = movementRowSchema.pick({
  id: true,
  clave_socio: true,
  nombre_socio: true,
  fecha_entrega: true,
  monto: true,
  proceso: true,
  aportacion: true,
  ordinario: true,
  tipo_de_movimiento: true,
  fecha_banco: true,
  referencia_banco: true,
});
export type PendingMovement = z.output<typeof pendingMovementSchema>;

export const pendingPaymentSchema = paymentRowSchema.pick({
  id: true,
  credito: true,
  clave_socio: true,
  nombres: true,
  fecha_pago: true,
  cantidad: true,
  abono_capital: true,
  interes_ord: true,
  interes_mor: true,
  estatus_previo: true,
  fecha_banco: true,
  referencia_banco: true,
});
export type PendingPayment = z.output<typeof pendingPaymentSchema>;

export const pendingContractSchema = contractRowSchema.pick({
  id: true,
  clave_socio: true,
  nombres: true,
  proceso: true,
  fondo_comun: true,
  monto: true,
  fecha_inicio: true,
  fecha_banco: true,
  referencia_banco: true,
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
