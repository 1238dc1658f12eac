/**
 * The promoter's credit-request writes (docs/business-rules.md#credit-requests)
 * as outbox commands, online or not:
 * - 'solicitud.create' — POST solic-creditos/; the optimistic request is keyed by the client
 *   UUID (shown as NUEVA with the pending badge) and replaced by the server's, which names the
 *   folio ('Solicitud {folio} creado correctamente').
 * - 'solicitud.resubmit' — PATCH solic-creditos/{folio}.json with estatus_solicitud RV, the
 *   corrected fields and the required comment, for a request the coordinator rejected (RE).
 * - 'solicitud.renegotiate' — PATCH solic-creditos/{folio}.json with estatus_evaluacion RV and
 *   the required comment, for a request in negotiation (AP + NE).
 * Writes of one request go in order (chain `solicitud-<folio>`, record `solicitud-<folio>`);
 * a PATCH keeps the request as it was (`before`, never sent) to undo it if discarded.
 * React-free: the service worker registers these too.
 */
import {
  creditRequestAnswerSchema,
  type CreditRequestAnswer,
  type CreditRequestChatEntry,
} from '#domain/credit-request-shape';
import type { CreditRequestSchema, CreditRequestValues } from '#domain/forms/credit-request';
import type { RenegotiationBodySchema } from '#domain/forms/renegotiation';
import type { WireBody } from '#domain/wire';
import { centsToDecimalString } from '#domain/money';
import { getDb } from '#db/database';
import type { SolicitudRow } from '#db/replica-rows';
import type { MutationContext } from '#sync/types';
import type { KindCommand } from './command-definition.ts';

/** The kinds of this file (the list marks their records as pending). */
export const SOLICITUD_KINDS = [
  'solicitud.create',
  'solicitud.resubmit',
  'solicitud.renegotiate',
] as const;

type SolicitudAnswer = CreditRequestAnswer;

/** POST /solic-creditos/ (and the resubmission's) body: amounts as "1500.00". */
export type SolicitudBody = WireBody<
  CreditRequestSchema,
  Omit<CreditRequestValues, 'monto_solicitado'> & { monto_solicitado: string }
>;

/**
 * PATCH /solic-creditos/{folio}.json's body for a resubmission: the corrected form, and the
 * decision that names the variant (the server takes it off and parses the rest with the form).
 */
export type SolicitudResubmitBody = SolicitudBody & { estatus_solicitud: 'RV' };

/** PATCH /solic-creditos/{folio}.json's body for a renegotiation: the decision and the comment. */
export type SolicitudRenegotiateBody = WireBody<
  RenegotiationBodySchema,
  { estatus_evaluacion: 'RV'; comentarios_promotor: string }
>;

export function toRequestBody(values: CreditRequestValues): SolicitudBody {
  return { ...values, monto_solicitado: centsToDecimalString(values.monto_solicitado) };
}

const parseSolicitudAnswer = (body: unknown): SolicitudAnswer =>
  creditRequestAnswerSchema.parse(body);

/** Names the optimistic record shows until the server answers (never sent). */
export interface SolicitudDisplay {
  nombre_socio: string;
  comunidad: number;
  nombre_comunidad: string;
  region: number;
  nombre_region: string;
  aval_nombre: string;
  /** The capturing user (the server makes it the request's promoter). */
  promotor: number;
  promotor_nombre: string;
}

export interface SolicitudCreatePayload {
  request: SolicitudBody;
  display: SolicitudDisplay;
}

export interface SolicitudResubmitPayload {
  folio: number;
  /** Every field of the form, corrected, with the (required) comment. */
  request: SolicitudBody;
  display: SolicitudDisplay;
  before: SolicitudRow | null;
}

export interface SolicitudRenegotiatePayload {
  folio: number;
  comentarios_promotor: string;
  /** Author name of the comment shown in the chat until the server answers. */
  author: string;
  before: SolicitudRow | null;
}

/** Record id of an existing request's changes (stable: its changes form one history). */
export function solicitudRecordId(folio: number | string): string {
  return typeof folio === 'number' ? `solicitud-${folio}` : folio;
}

/** The request screen route that reopens a refused item in its form. */
export function solicitudFixRoute(mutationId: string): string {
  return `/solicitud-formato?corregir=${encodeURIComponent(mutationId)}`;
}

const solicitudes = () => getDb().solicitudes;

/** A comment of this phone, shown in the chat until the server's own entry replaces it. */
function localChat(comment: string | null, author: string, ctx: MutationContext) {
  const entry: CreditRequestChatEntry[] =
    comment === null ? [] : [{ id: -1, user: author, fecha: ctx.capturedAt, comentario: comment }];
  return entry;
}

/** The request fields of a body, with the display names of its members. */
function formFields(request: SolicitudBody, display: SolicitudDisplay) {
  return {
    fecha_solicitud: request.fecha_solicitud,
    clave_socio: request.clave_socio,
    nombre_socio: display.nombre_socio,
    comunidad: display.comunidad,
    nombre_comunidad: display.nombre_comunidad,
    region: display.region,
    nombre_region: display.nombre_region,
    proceso: request.proceso,
    tipo_credito: request.tipo_credito,
    act_productiva: request.act_productiva,
    act_productiva_otro: request.act_productiva_otro,
    mot_credito: request.mot_credito,
    mot_credito_otro: request.mot_credito_otro,
    emergencia_medica: request.emergencia_medica,
    monto_solicitado: request.monto_solicitado,
    plazo_de_pago_solicitado: request.plazo_de_pago_solicitado,
    justificacion_credito: request.justificacion_credito,
    aval: request.aval,
    aval_nombre: display.aval_nombre,
    familiar_responsable: request.familiar_responsable,
    comentarios_promotor: request.comentarios_promotor,
  };
}

/** The optimistic record of a new request: in review (RV / RV), named by its client UUID. */
export function optimisticRequest(
  recordId: string,
  payload: SolicitudCreatePayload,
  ctx: MutationContext,
): SolicitudRow {
  const { request, display } = payload;
  return {
    ...formFields(request, display),
    folio_solicitud: recordId,
    // Labels come from the codes on this phone; the server's names arrive with its answer.
    proceso_nombre: '',
    area_proceso: '',
    tipo_credito_nombre: '',
    act_productiva_nombre: null,
    mot_credito_nombre: '',
    estatus_solicitud: 'RV',
    estatus_evaluacion: 'RV',
    pregunta_1: null,
    pregunta_2: null,
    pregunta_3: null,
    pregunta_4: null,
    irregularidades: null,
    comentarios_coordinador: null,
    monto_aprobado: null,
    plazo_aprobado: null,
    tasa_aprobada: null,
    tasa_mor_aprobada: null,
    comentarios_gerente: null,
    promotor: display.promotor,
    promotor_nombre: display.promotor_nombre,
    contrato: null,
    capturado_en: ctx.capturedAt,
    recibido_en: null,
    chat: localChat(request.comentarios_promotor, display.promotor_nombre, ctx),
  };
}

/** The server's request replaces whatever the phone had for it. */
async function putAnswer(answer: SolicitudAnswer): Promise<number> {
  await solicitudes().put({ ...answer });
  return answer.folio_solicitud;
}

async function current(folio: number, before: SolicitudRow | null) {
  return (await solicitudes().get(folio)) ?? before;
}

export const solicitudCreateCommand: KindCommand<
  'solicitud.create',
  SolicitudCreatePayload,
  CreditRequestAnswer
> = {
  kind: 'solicitud.create',
  tables: ['solicitudes'],
  request: (payload) => ({ method: 'POST', path: 'solic-creditos/', body: payload.request }),
  chainKey: (_payload, recordId) => `solicitud-${recordId}`,
  parseResult: parseSolicitudAnswer,
  optimistic: async (payload, ctx) => {
    const record = optimisticRequest(ctx.recordId, payload, ctx);
    await solicitudes().put({ ...record, _localId: ctx.recordId, _pending: ctx.mutationId });
  },
  applyResult: async (_payload, answer, ctx) => {
    const table = solicitudes();
    const local = await table.where('_localId').equals(ctx.recordId).primaryKeys();
    const stale = local.filter((key) => key !== answer.folio_solicitud);
    if (stale.length > 0) await table.bulkDelete(stale);
    return putAnswer(answer);
  },
  revert: async (_payload, ctx) => {
    await solicitudes().where('_localId').equals(ctx.recordId).delete();
  },
  describe: (payload) => ({
    key: 'solicitudes.command.create',
    params: { name: payload.display.nombre_socio },
  }),
  editRoute: (row) => solicitudFixRoute(row.id),
};

export const solicitudResubmitCommand: KindCommand<
  'solicitud.resubmit',
  SolicitudResubmitPayload,
  CreditRequestAnswer
> = {
  kind: 'solicitud.resubmit',
  tables: ['solicitudes'],
  request: (payload) => {
    const body: SolicitudResubmitBody = { ...payload.request, estatus_solicitud: 'RV' };
    return { method: 'PATCH', path: `solic-creditos/${payload.folio}.json`, body };
  },
  chainKey: (payload) => `solicitud-${payload.folio}`,
  parseResult: parseSolicitudAnswer,
  optimistic: async (payload, ctx) => {
    const base = await current(payload.folio, payload.before);
    if (!base) return;
    const fields = formFields(payload.request, payload.display);
    const comment = localChat(
      payload.request.comentarios_promotor,
      payload.display.promotor_nombre,
      ctx,
    );
    await solicitudes().put({
      ...base,
      ...fields,
      folio_solicitud: payload.folio,
      estatus_solicitud: 'RV',
      chat: [...(payload.before?.chat ?? base.chat), ...comment],
      _localId: ctx.recordId,
      _pending: ctx.mutationId,
    });
  },
  applyResult: (_payload, answer) => putAnswer(answer),
  revert: async (payload) => {
    if (payload.before) await solicitudes().put({ ...payload.before });
  },
  describe: (payload) => ({
    key: 'solicitudes.command.resubmit',
    params: { folio: payload.folio },
  }),
  editRoute: (row) => solicitudFixRoute(row.id),
};

export const solicitudRenegotiateCommand: KindCommand<
  'solicitud.renegotiate',
  SolicitudRenegotiatePayload,
  CreditRequestAnswer
> = {
  kind: 'solicitud.renegotiate',
  tables: ['solicitudes'],
  request: (payload) => {
    const body: SolicitudRenegotiateBody = {
      estatus_evaluacion: 'RV',
      comentarios_promotor: payload.comentarios_promotor,
    };
    return { method: 'PATCH', path: `solic-creditos/${payload.folio}.json`, body };
  },
  chainKey: (payload) => `solicitud-${payload.folio}`,
  parseResult: parseSolicitudAnswer,
  optimistic: async (payload, ctx) => {
    const base = await current(payload.folio, payload.before);
    if (!base) return;
    await solicitudes().put({
      ...base,
      estatus_evaluacion: 'RV',
      comentarios_promotor: payload.comentarios_promotor,
      chat: [
        ...(payload.before?.chat ?? base.chat),
        ...localChat(payload.comentarios_promotor, payload.author, ctx),
      ],
      _localId: ctx.recordId,
      _pending: ctx.mutationId,
    });
  },
  applyResult: (_payload, answer) => putAnswer(answer),
  revert: async (payload) => {
    if (payload.before) await solicitudes().put({ ...payload.before });
  },
  describe: (payload) => ({
    key: 'solicitudes.command.renegotiate',
    params: { folio: payload.folio },
  }),
  editRoute: (row) => solicitudFixRoute(row.id),
};
