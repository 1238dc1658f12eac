/**
 * The payment writes (docs/business-rules.md#payments) as outbox commands, online
 * or not:
 * - 'pago.create' — POST pagos/; the optimistic row (client UUID, pending badge) carries the
 *   debt snapshot the server will store, so later lookups on the phone already count it. The
 *   answer (id + estatus_nuevo) replaces it; a payment that settles the contract marks the
 *   contract PA in the replica too.
 * - 'pago.bank' — PATCH pagos/{id}.json with the bank date and reference (only while empty).
 * Every write about one contract goes in capture order: chain `credito-<contract id>` (the
 * contract commands of /creditos use the same key), so two payments captured offline arrive
 * in the order they were taken.
 */
import {
  paymentCreatedSchema,
  paymentRowSchema,
  type PaymentCreatedAnswer,
} from '#domain/credit-shapes';
import type { PaymentApiRow } from '#domain/credit-replica';
import { getDb } from '#db/database';
import type { ContratoRow, PagoRow } from '#db/replica-rows';
import type { MutationContext } from '#sync/types';
import { formatMoneyText } from '#domain/format';
import type { KindCommand } from './command-definition.ts';
import { optimisticPago, type PagoAuthor, type PagoBody } from './pago-record.ts';

export interface PagoCreatePayload {
  /** The API body. */
  body: PagoBody;
  /** For the optimistic row only (never sent). */
  author: PagoAuthor;
}

export interface PagoBankData {
  fecha_banco: string | null;
  referencia_banco: string | null;
}

export interface PagoBankPayload {
  /** The payment's id, or the client UUID of a payment not numbered yet. */
  id: number | string;
  /** Its contract: the chain the edit waits in. */
  credito: number;
  bank: PagoBankData;
  /** The bank data before the edit, to undo it on the phone if the edit is discarded. */
  before: PagoBankData;
}

/** The chain of every write about one contract (shared with the contract commands). */
export function creditChainKey(credito: number | string): string {
  return `credito-${credito}`;
}

/** Record id of an existing payment's edits. */
export function pagoRecordId(id: number | string): string {
  return typeof id === 'number' ? `pago-${id}` : id;
}

/** Route of the payment form that reopens a refused capture (sync center). */
export function pagoFixRoute(mutationId: string): string {
  return `/pago-formato?corregir=${encodeURIComponent(mutationId)}`;
}

const pagos = () => getDb().pagos;
const contratos = () => getDb().contratos;

async function replaceLocal(ctx: MutationContext, row: PaymentApiRow): Promise<void> {
  const table = pagos();
  const local = await table.where('_localId').equals(ctx.recordId).primaryKeys();
  const stale = local.filter((key) => key !== row.id);
  if (stale.length > 0) await table.bulkDelete(stale);
  await table.put({ ...row });
}

/** A payment that paid the whole debt settles its contract (docs/business-rules.md#payments). */
async function settleContract(credito: number, fecha: string): Promise<void> {
  const contract = await contratos().get(credito);
  if (!contract) return;
  const settled: ContratoRow = {
    ...contract,
    estatus: 'PA',
    estatus_detail: 'PA',
    estatus_contrato: 'PA',
    fecha_final: fecha,
    deuda_al_dia: null,
  };
  await contratos().put({ ...settled });
}

export const pagoCreateCommand: KindCommand<
  'pago.create',
  PagoCreatePayload,
  PaymentCreatedAnswer
> = {
  kind: 'pago.create',
  tables: ['pagos', 'contratos'],
  request: (payload) => ({ method: 'POST', path: 'pagos/', body: payload.body }),
  chainKey: (payload) => creditChainKey(payload.body.credito),
  parseResult: (body) => paymentCreatedSchema.parse(body),
  optimistic: async (payload, ctx) => {
    const credito = payload.body.credito;
    const contract = await contratos().get(credito);
    const earlier = (await pagos().where('credito').equals(credito).toArray()).filter(
      (p) => p._localId !== ctx.recordId,
    );
    const row = optimisticPago({
      recordId: ctx.recordId,
      mutationId: ctx.mutationId,
      capturedAt: ctx.capturedAt,
      body: payload.body,
      author: payload.author,
      contract,
      earlier,
    });
    await pagos().put({ ...row });
  },
  applyResult: async (_payload, created, ctx) => {
    const { estatus_nuevo, ...row } = created;
    await replaceLocal(ctx, row);
    if (estatus_nuevo === 'PA') await settleContract(row.credito, row.fecha_pago);
    return row.id;
  },
  revert: async (_payload, ctx) => {
    await pagos().where('_localId').equals(ctx.recordId).delete();
  },
  describe: (payload) => ({
    key: 'pagos.command.create',
    params: { credito: payload.body.credito, cantidad: formatMoneyText(payload.body.cantidad) },
  }),
  refersTo: (payload) => [{ table: 'contratos', key: payload.body.credito }],
  editRoute: (row) => pagoFixRoute(row.id),
};

/** Write bank data on the replica's row: marked pending, or (undo) with its marks dropped. */
async function patchBankData(
  id: number | string,
  bank: PagoBankData,
  marks: Pick<PagoRow, '_localId' | '_pending'> | null,
): Promise<void> {
  const current = await pagos().get(id);
  if (!current) return;
  if (marks) {
    await pagos().put({ ...current, ...bank, ...marks });
    return;
  }
  // A payment numbered by the server drops its marks; one still waiting for its create keeps
  // the create's record id (its key is that id anyway).
  const { _pending: _mutation, _localId: localId, ...rest } = current;
  const keep = typeof current.id === 'string' ? { _localId: localId } : {};
  await pagos().put({ ...rest, ...keep, ...bank });
}

export const pagoBankCommand: KindCommand<'pago.bank', PagoBankPayload, PaymentApiRow> = {
  kind: 'pago.bank',
  tables: ['pagos'],
  request: (payload, ctx) => {
    // A payment captured on this phone is named by the server's id once its create is done.
    const id = typeof payload.id === 'number' ? payload.id : (ctx.serverId ?? payload.id);
    return {
      method: 'PATCH',
      path: `pagos/${encodeURIComponent(String(id))}.json`,
      body: payload.bank,
    };
  },
  chainKey: (payload) => creditChainKey(payload.credito),
  parseResult: (body) => paymentRowSchema.parse(body),
  optimistic: (payload, ctx) =>
    patchBankData(payload.id, payload.bank, { _localId: ctx.recordId, _pending: ctx.mutationId }),
  applyResult: async (payload, row) => {
    if (typeof payload.id === 'string') await pagos().delete(payload.id);
    await pagos().put({ ...row });
    return row.id;
  },
  revert: (payload) => patchBankData(payload.id, payload.before, null),
  describe: (payload) => ({ key: 'pagos.command.bank', params: { id: String(payload.id) } }),
};
