/**
 * The contribution/withdrawal writes as outbox commands, online or not:
 * - 'movimiento.create' — POST movimientos/; an optimistic record (client UUID, pending badge)
 *   counts in the member's balance at once and is replaced by the server's row once accepted.
 *   Every movement of one member goes in one chain (`socio-mov-<clave>`), in capture order, so
 *   a withdrawal is checked by the server after the contributions captured before it.
 * - 'movimiento.bank' — PATCH movimientos/{id}.json with the bank data (type, bank date,
 *   reference) of a movement whose bank date is still empty; `before` (never sent) undoes the
 *   optimistic change if the edit is discarded.
 */
import type { MovementListRow } from '#domain/delivery-exports';
import { movementRowSchema } from '#domain/delivery-answers';
import type { DeliveryDisplay } from '#domain/delivery-member';
import type { MovementBankDataValues } from '#domain/forms/bank-data-edit';
import type { MovementSchema, MovementValues } from '#domain/forms/movement';
import { centsToDecimalString } from '#domain/money';
import type { ReceiptFields } from '#domain/receipts';
import { getDb } from '#db/database';
import type { MovimientoRow } from '#db/replica-rows';
import type { MutationContext } from '#sync/types';
import { formatMoneyText } from '#domain/format';
import type { WireBody } from '#domain/wire';
import type { KindCommand } from './command-definition.ts';

/** The body of POST /movimientos/ (the amount as the API's decimal string). */
export type MovementBody = WireBody<
  MovementSchema,
  Partial<ReceiptFields> &
    // The row's own fields, as the list answers them.
    Pick<
      MovementListRow,
      | 'fecha_entrega'
      | 'monto'
      | 'proceso'
      | 'aportacion'
      | 'ordinario'
      | 'tipo_de_movimiento'
      | 'fecha_banco'
      | 'referencia_banco'
      | 'responsable_entrega'
    > & { clave_socio: number }
>;

export interface MovimientoCreatePayload {
  movimiento: MovementBody;
  /** Names for the optimistic record (never sent). */
  display: DeliveryDisplay;
}

export interface MovimientoBankPayload {
  /** The movement's server id. */
  id: number;
  bank: MovementBankDataValues;
  /** The movement before this edit, to undo it on the phone if the edit is discarded. */
  before: MovimientoRow;
}

export function movementBody(values: MovementValues): MovementBody {
  return { ...values, monto: centsToDecimalString(values.monto) };
}

/** Chain of every movement of one member. */
export const memberMovementChain = (clave: number) => `socio-mov-${clave}`;

/** Record id of a bank edit of movement `id` (its edits form one history). */
export const movementRecordId = (id: number) => `movimiento-${id}`;

export function movimientoFixRoute(mutationId: string): string {
  return `/movimiento-formato?corregir=${encodeURIComponent(mutationId)}`;
}

/** The member's movements with the refused bank edit open over them. */
export function bankFixRoute(mutationId: string, clave: number): string {
  return `/movimientos?socio=${clave}&corregir=${encodeURIComponent(mutationId)}`;
}

const movimientos = () => getDb().movimientos;

export function optimisticMovimiento(
  payload: MovimientoCreatePayload,
  ctx: MutationContext,
): MovimientoRow {
  return {
    ...payload.display,
    ...payload.movimiento,
    id: ctx.recordId,
    _localId: ctx.recordId,
    _pending: ctx.mutationId,
  };
}

export const movimientoCreateCommand: KindCommand<
  'movimiento.create',
  MovimientoCreatePayload,
  MovementListRow
> = {
  kind: 'movimiento.create',
  tables: ['movimientos'],
  request: (payload) => ({ method: 'POST', path: 'movimientos/', body: payload.movimiento }),
  chainKey: (payload) => memberMovementChain(payload.movimiento.clave_socio),
  parseResult: (body) => movementRowSchema.parse(body),
  optimistic: async (payload, ctx) => {
    await movimientos().put({ ...optimisticMovimiento(payload, ctx) });
  },
  applyResult: async (_payload, row, ctx) => {
    await movimientos().where('_localId').equals(ctx.recordId).delete();
    await movimientos().put({ ...row });
    return row.id;
  },
  revert: async (_payload, ctx) => {
    await movimientos().where('_localId').equals(ctx.recordId).delete();
  },
  describe: (payload) => ({
    key: payload.movimiento.aportacion
      ? 'movimientos.command.contribution'
      : 'movimientos.command.withdrawal',
    params: {
      clave: payload.movimiento.clave_socio,
      monto: formatMoneyText(payload.movimiento.monto),
    },
  }),
  refersTo: (payload) => [{ table: 'socios', key: payload.movimiento.clave_socio }],
  editRoute: (row) => movimientoFixRoute(row.id),
};

export const movimientoBankCommand: KindCommand<
  'movimiento.bank',
  MovimientoBankPayload,
  MovementListRow
> = {
  kind: 'movimiento.bank',
  tables: ['movimientos'],
  request: (payload) => ({
    method: 'PATCH',
    path: `movimientos/${payload.id}.json`,
    body: payload.bank,
  }),
  chainKey: (payload) => movementRecordId(payload.id),
  parseResult: (body) => movementRowSchema.parse(body),
  optimistic: async (payload, ctx) => {
    await movimientos().put({
      ...payload.before,
      ...payload.bank,
      _localId: ctx.recordId,
      _pending: ctx.mutationId,
    });
  },
  applyResult: async (_payload, row) => {
    await movimientos().put({ ...row });
    return row.id;
  },
  revert: async (payload) => {
    await movimientos().put({ ...payload.before });
  },
  describe: (payload) => ({ key: 'movimientos.command.bank', params: { id: payload.id } }),
  editRoute: (row) => bankFixRoute(row.id, row.payload.before.clave_socio),
};
