/**
 * The collection write as an outbox command, online or not:
 * 'acopio.create' puts an optimistic record (keyed by the client UUID, shown with the pending
 * badge) in the replica, and the server's row — with its id — replaces it once accepted. Each
 * collection is its own chain: a refused one (say, its member was made inactive meanwhile)
 * never holds back the others captured in the same visit.
 */
import type { AcopioListRow } from '#domain/delivery-exports';
import type { Process } from '#domain/codes';
import { acopioRowSchema } from '#domain/delivery-answers';
import type { DeliveryDisplay } from '#domain/delivery-member';
import type { AcopioSchema, AcopioValues } from '#domain/forms/acopio';
import { centsToDecimalString } from '#domain/money';
import type { ReceiptFields } from '#domain/receipts';
import { getDb } from '#db/database';
import type { AcopioRow } from '#db/replica-rows';
import type { MutationContext } from '#sync/types';
import { formatMoneyText } from '#domain/format';
import type { WireBody } from '#domain/wire';
import type { KindCommand } from './command-definition.ts';

/** The body of POST /acopios/ (money and kilos as the API's decimal strings). */
export type AcopioBody = WireBody<
  AcopioSchema,
  Partial<ReceiptFields> & {
    clave_socio: number;
    fecha: string;
    tipo_de_producto: Process;
    kilos_de_producto: string | null;
    ingreso: string;
  }
>;

export interface AcopioCreatePayload {
  acopio: AcopioBody;
  /** Names for the optimistic record (never sent). */
  display: DeliveryDisplay;
}

/** The API body of the form's parsed values. */
export function acopioBody(values: AcopioValues): AcopioBody {
  return {
    clave_socio: values.clave_socio,
    fecha: values.fecha,
    tipo_de_producto: values.tipo_de_producto,
    kilos_de_producto: values.kilos_de_producto,
    ingreso: centsToDecimalString(values.ingreso),
    recibo: values.recibo,
    recibo_codigo: values.recibo_codigo,
    recibo_reemplaza: values.recibo_reemplaza,
  };
}

/** Route of the form that reopens a refused collection to correct it. */
export function acopioFixRoute(mutationId: string): string {
  return `/acopio-formato?corregir=${encodeURIComponent(mutationId)}`;
}

const acopios = () => getDb().acopios;

export function optimisticAcopio(payload: AcopioCreatePayload, ctx: MutationContext): AcopioRow {
  return {
    ...payload.display,
    ...payload.acopio,
    id: ctx.recordId,
    _localId: ctx.recordId,
    _pending: ctx.mutationId,
  };
}

export const acopioCreateCommand: KindCommand<'acopio.create', AcopioCreatePayload, AcopioListRow> =
  {
    kind: 'acopio.create',
    tables: ['acopios'],
    request: (payload) => ({ method: 'POST', path: 'acopios/', body: payload.acopio }),
    chainKey: (_payload, recordId) => `acopio-${recordId}`,
    parseResult: (body) => acopioRowSchema.parse(body),
    optimistic: async (payload, ctx) => {
      await acopios().put({ ...optimisticAcopio(payload, ctx) });
    },
    applyResult: async (_payload, row, ctx) => {
      await acopios().where('_localId').equals(ctx.recordId).delete();
      await acopios().put({ ...row });
      return row.id;
    },
    revert: async (_payload, ctx) => {
      await acopios().where('_localId').equals(ctx.recordId).delete();
    },
    describe: (payload) => ({
      key: 'acopios.command.create',
      params: {
        clave: payload.acopio.clave_socio,
        producto: payload.acopio.tipo_de_producto,
        ingreso: formatMoneyText(payload.acopio.ingreso),
      },
    }),
    refersTo: (payload) => [{ table: 'socios', key: payload.acopio.clave_socio }],
    editRoute: (row) => acopioFixRoute(row.id),
  };
