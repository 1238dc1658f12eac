/**
 * The contract writes as outbox commands, online or not:
 * - 'contrato.activate' — PATCH contratos/{id}.json (`?fondocomun=1` for a shared fund): start
 *   date, rate type, execution status, bank data;
 * - 'contrato.extend'   — PATCH contratos/{id}/prorroga/: months and justification;
 * - 'condonacion.create' — POST condonaciones/: the waiver of a contract.
 * All three share the chain `credito-<id>` with the payments of that contract (features/pagos),
 * so an activation queued before a payment is sent before it. Each writes the expected contract
 * at once (marked pending, so a pull does not overwrite it) and `before` (never sent) undoes it
 * if the item is discarded. React-free: the service worker registers these too.
 */
import * as z from 'zod';
import { CONTRACT_STATUSES } from '#domain/codes';
import { todayIn } from '#domain/dates';
import { dueDate, termLabel } from '#domain/debt';
import type { ActivationValues } from '#domain/forms/activation';
import type { ExtensionValues } from '#domain/forms/extension';
import type { WaiverValues } from '#domain/forms/waiver';
import { getDb } from '#db/database';
import type { ContratoRow } from '#db/replica-rows';
import type { MutationContext, OutboxRow } from '#sync/types';
import type { KindCommand } from './command-definition.ts';
import { creditChainKey } from './pagos.ts';

/** The contract writes of /creditos (the sync center and the list mark their records). */
export const CREDITO_COMMAND_KINDS = [
  'contrato.activate',
  'contrato.extend',
  'condonacion.create',
] as const;

type ContractRecord = ContratoRow;

interface ContractWrite {
  /** The contract's number. */
  id: number;
  /** The contract before this write, to undo it on the phone if the write is discarded. */
  before: ContractRecord | null;
}

export interface ActivatePayload extends ContractWrite {
  fondoComun: boolean;
  values: ActivationValues;
}

export interface ExtendPayload extends ContractWrite {
  values: ExtensionValues;
}

export interface WaivePayload extends ContractWrite {
  values: WaiverValues;
}

/** Record id of a contract's changes (one history per contract in the sync center). */
export function contratoRecordId(id: number): string {
  return `contrato-${id}`;
}

/** Chain of a contract: its activation, extension, waiver and payments go in capture order. */
export const creditoChainKey = creditChainKey;

const EDIT_ROUTES: Readonly<Record<string, string>> = {
  'contrato.activate': '/credito-activar',
  'contrato.extend': '/prorroga',
  'condonacion.create': '/condonacion',
};

/** The screen that reopens a refused item in its form (sync center "Corregir"). */
export function creditoFixRoute(row: Pick<OutboxRow, 'id' | 'kind'>): string {
  return `${EDIT_ROUTES[row.kind] ?? '/creditos'}?corregir=${encodeURIComponent(row.id)}`;
}

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const activationAnswer = z.object({ id: z.number().int(), nombres: z.string() });
const extensionAnswer = z.object({
  id: z.number().int(),
  prorroga: z.number().int(),
  plazo_disp: z.string(),
  fecha_vencimiento: date,
});
const waiverAnswer = z.object({
  id: z.number().int(),
  credito: z.number().int(),
  fecha: date,
  total: z.string(),
  interes_ord: z.string(),
  interes_mor: z.string(),
  estatus_previo: z.enum(CONTRACT_STATUSES),
  justificacion: z.string(),
});

export type ActivationAnswer = z.output<typeof activationAnswer>;
export type ExtensionAnswer = z.output<typeof extensionAnswer>;
export type WaiverAnswer = z.output<typeof waiverAnswer>;

const contratos = () => getDb().contratos;

async function current(id: number): Promise<ContractRecord | undefined> {
  return contratos().get(id);
}

/** Write the expected contract, marked as changed by this mutation. */
async function writeExpected(
  id: number,
  change: (record: ContractRecord) => Partial<ContractRecord>,
  ctx: MutationContext,
): Promise<void> {
  const record = await current(id);
  if (!record) return;
  await contratos().put({
    ...record,
    ...change(record),
    _localId: ctx.recordId,
    _pending: ctx.mutationId,
  });
}

/**
 * Keep the marks: while another change of this contract is queued the row stays protected
 * from pulls; once none is, the next pull brings the server's own row.
 */
async function applyAnswer(id: number, change: Partial<ContractRecord>): Promise<number> {
  const record = await current(id);
  if (record) await contratos().put({ ...record, ...change });
  return id;
}

async function restore(payload: ContractWrite): Promise<void> {
  if (payload.before) await contratos().put({ ...payload.before });
}

function activationChange(values: ActivationValues) {
  return (record: ContractRecord): Partial<ContractRecord> => {
    const change: Partial<ContractRecord> = {};
    if (!record.fecha_inicio) {
      change.fecha_inicio = values.fecha_inicio;
      change.tipo_tasa = values.tipo_tasa;
      const extended = { ...record, fecha_inicio: values.fecha_inicio };
      change.fecha_vencimiento = dueDate(extended);
    }
    if (values.estatus_ejecucion) change.estatus_ejecucion = values.estatus_ejecucion;
    if (values.fecha_banco) change.fecha_banco = values.fecha_banco;
    if (values.referencia_banco) change.referencia_banco = values.referencia_banco;
    return change;
  };
}

function extensionChange(prorroga: number, justificacion: string | null) {
  return (record: ContractRecord): Partial<ContractRecord> => {
    const extended = { ...record, prorroga };
    return {
      prorroga,
      prorroga_justificacion: justificacion,
      plazo_disp: termLabel(extended),
      fecha_vencimiento: dueDate(extended),
    };
  };
}

function waiverChange(fecha: string): Partial<ContractRecord> {
  return {
    estatus: 'CN',
    estatus_detail: 'CN',
    estatus_contrato: 'CN',
    fecha_final: fecha,
    deuda_al_dia: null,
  };
}

export const activateCommand: KindCommand<'contrato.activate', ActivatePayload, ActivationAnswer> =
  {
    kind: 'contrato.activate',
    tables: ['contratos'],
    request: (payload) => ({
      method: 'PATCH',
      path: `contratos/${payload.id}.json${payload.fondoComun ? '?fondocomun=1' : ''}`,
      body: payload.values,
    }),
    chainKey: (payload) => creditoChainKey(payload.id),
    parseResult: (body) => activationAnswer.parse(body),
    optimistic: (payload, ctx) => writeExpected(payload.id, activationChange(payload.values), ctx),
    applyResult: (payload) => applyAnswer(payload.id, {}),
    revert: restore,
    describe: (payload) => ({ key: 'creditos.command.activate', params: { id: payload.id } }),
    editRoute: (row) => creditoFixRoute(row),
  };

export const extendCommand: KindCommand<'contrato.extend', ExtendPayload, ExtensionAnswer> = {
  kind: 'contrato.extend',
  tables: ['contratos'],
  request: (payload) => ({
    method: 'PATCH',
    path: `contratos/${payload.id}/prorroga/`,
    body: payload.values,
  }),
  chainKey: (payload) => creditoChainKey(payload.id),
  parseResult: (body) => extensionAnswer.parse(body),
  optimistic: (payload, ctx) =>
    writeExpected(
      payload.id,
      extensionChange(payload.values.prorroga, payload.values.prorroga_justificacion),
      ctx,
    ),
  applyResult: (payload, answer) =>
    applyAnswer(payload.id, {
      prorroga: answer.prorroga,
      plazo_disp: answer.plazo_disp,
      fecha_vencimiento: answer.fecha_vencimiento,
      prorroga_justificacion: payload.values.prorroga_justificacion,
    }),
  revert: restore,
  describe: (payload) => ({
    key: 'creditos.command.extend',
    params: { id: payload.id, meses: payload.values.prorroga },
  }),
  editRoute: (row) => creditoFixRoute(row),
};

export const waiveCommand: KindCommand<'condonacion.create', WaivePayload, WaiverAnswer> = {
  kind: 'condonacion.create',
  tables: ['contratos'],
  request: (payload) => ({ method: 'POST', path: 'condonaciones/', body: payload.values }),
  chainKey: (payload) => creditoChainKey(payload.id),
  parseResult: (body) => waiverAnswer.parse(body),
  optimistic: (payload, ctx) => writeExpected(payload.id, () => waiverChange(todayIn()), ctx),
  applyResult: (payload, answer) => applyAnswer(payload.id, waiverChange(answer.fecha)),
  revert: restore,
  describe: (payload) => ({ key: 'creditos.command.waive', params: { id: payload.id } }),
  editRoute: (row) => creditoFixRoute(row),
};
