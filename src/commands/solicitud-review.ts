/**
 * The office decisions on a credit request as
 * outbox commands — the office may have weak signal too, so a decision is saved on the device
 * first and sent when it can:
 * - 'solicitud.review' — the coordinator's control desk: PATCH solic-creditos/{folio}.json with
 *   estatus_solicitud AP / RE, the four questions, irregularidades and the comment;
 * - 'solicitud.evaluation' — the manager's evaluation: estatus_evaluacion AP / NE / CA with the
 *   comment and, on approval, the approved amount, term and rates. The answer names the new
 *   contract (`contrato`); the contract itself arrives in the replica by pull.
 * The replica's request shows the decision at once (marked `_pending`) and the server's answer
 * replaces it; `before` (never sent) puts the request back if the decision is discarded. All
 * decisions of one request go in order (chain `solicitud-<folio>`).
 * React-free: the service worker imports it.
 */
import type { controlDeskSchema, ControlDeskValues } from '#domain/forms/control-desk';
import type {
  EvaluationDecision,
  evaluationSchema,
  EvaluationValues,
} from '#domain/forms/evaluation';
import type { WireBody } from '#domain/wire';
import { centsToDecimalString } from '#domain/money';
import { creditRequestAnswerSchema, type CreditRequestAnswer } from '#domain/credit-request-shape';
import { getDb } from '#db/database';
import type { SolicitudRow } from '#db/replica-rows';
import type { MutationContext } from '#sync/types';
import type { KindCommand } from './command-definition.ts';

type SolicitudAnswer = CreditRequestAnswer;

const parseSolicitudAnswer = (body: unknown): SolicitudAnswer =>
  creditRequestAnswerSchema.parse(body);

export interface SolicitudReviewPayload {
  folio: number;
  /** The control desk form's output (the API body). */
  review: ControlDeskValues;
  /** The request before the decision, to undo it on the device if discarded (never sent). */
  before: SolicitudRow | null;
}

export interface SolicitudEvaluationPayload {
  folio: number;
  /** The evaluation form's output; money in cents (sent as a decimal text). */
  evaluation: EvaluationValues;
  before: SolicitudRow | null;
}

/** Record id of a request's decisions (stable, so they form one history per request). */
export function solicitudReviewRecordId(folio: number): string {
  return `solicitud-${folio}`;
}

/** Screens that reopen a refused decision with its server errors (sync center "Corregir"). */
export function mesaControlFixRoute(mutationId: string): string {
  return `/mesa-control?corregir=${encodeURIComponent(mutationId)}`;
}

export function evaluacionFixRoute(mutationId: string): string {
  return `/evaluacion?corregir=${encodeURIComponent(mutationId)}`;
}

/** The PATCH body of an evaluation: the approval figures only with an approval. */
/** The control desk's PATCH body: the form's output is an input of the same schema. */
type ReviewBody = WireBody<typeof controlDeskSchema, ControlDeskValues>;

/** The evaluation's PATCH body: the approved figures travel only with an approval. */
export type EvaluationBody = WireBody<
  typeof evaluationSchema,
  {
    estatus_evaluacion: EvaluationDecision;
    comentarios_gerente: string | null;
    monto_aprobado?: string | null;
    plazo_aprobado?: number | null;
    tasa_aprobada?: string | null;
    tasa_mor_aprobada?: string | null;
  }
>;

export function evaluationBody(values: EvaluationValues): EvaluationBody {
  const decision = {
    estatus_evaluacion: values.estatus_evaluacion,
    comentarios_gerente: values.comentarios_gerente,
  };
  if (values.estatus_evaluacion !== 'AP') return decision;
  return {
    ...decision,
    monto_aprobado:
      values.monto_aprobado === null ? null : centsToDecimalString(values.monto_aprobado),
    plazo_aprobado: values.plazo_aprobado,
    tasa_aprobada: values.tasa_aprobada,
    tasa_mor_aprobada: values.tasa_mor_aprobada,
  };
}

const reviewBody = (values: ControlDeskValues): ReviewBody => values;

const solicitudes = () => getDb().solicitudes;

/** Show the decision on the replica's request at once. */
async function markPending(
  folio: number,
  patch: Partial<SolicitudRow>,
  ctx: MutationContext,
): Promise<void> {
  const current = await solicitudes().get(folio);
  if (!current) return;
  await solicitudes().put({
    ...current,
    ...patch,
    _localId: ctx.recordId,
    _pending: ctx.mutationId,
  });
}

async function applyAnswer(answer: SolicitudAnswer): Promise<number> {
  await solicitudes().put({ ...answer });
  return answer.folio_solicitud;
}

async function restore(before: SolicitudRow | null): Promise<void> {
  if (!before) return;
  const { _localId: _l, _pending: _p, ...clean } = before;
  await solicitudes().put({ ...clean });
}

const path = (folio: number) => `solic-creditos/${folio}.json`;
const chainKey = (payload: { folio: number }) => `solicitud-${payload.folio}`;

export const solicitudReviewCommand: KindCommand<
  'solicitud.review',
  SolicitudReviewPayload,
  CreditRequestAnswer
> = {
  kind: 'solicitud.review',
  tables: ['solicitudes'],
  request: (payload) => ({
    method: 'PATCH',
    path: path(payload.folio),
    body: reviewBody(payload.review),
  }),
  chainKey,
  parseResult: parseSolicitudAnswer,
  optimistic: (payload, ctx) => markPending(payload.folio, payload.review, ctx),
  applyResult: (_payload, answer) => applyAnswer(answer),
  revert: (payload) => restore(payload.before),
  describe: (payload) => ({
    key:
      payload.review.estatus_solicitud === 'AP'
        ? 'mesaControl.command.approve'
        : 'mesaControl.command.reject',
    params: { folio: payload.folio },
  }),
  editRoute: (row) => mesaControlFixRoute(row.id),
};

const EVALUATION_DESCRIPTION = {
  AP: 'evaluacion.command.approve',
  NE: 'evaluacion.command.negotiate',
  CA: 'evaluacion.command.cancel',
} as const;

export const solicitudEvaluationCommand: KindCommand<
  'solicitud.evaluation',
  SolicitudEvaluationPayload,
  CreditRequestAnswer
> = {
  kind: 'solicitud.evaluation',
  tables: ['solicitudes'],
  request: (payload) => ({
    method: 'PATCH',
    path: path(payload.folio),
    body: evaluationBody(payload.evaluation),
  }),
  chainKey,
  parseResult: parseSolicitudAnswer,
  optimistic: (payload, ctx) => {
    const v = payload.evaluation;
    const patch: Partial<SolicitudRow> = {
      estatus_evaluacion: v.estatus_evaluacion,
      comentarios_gerente: v.comentarios_gerente,
    };
    if (v.estatus_evaluacion === 'AP') {
      patch.monto_aprobado =
        v.monto_aprobado === null ? null : centsToDecimalString(v.monto_aprobado);
      patch.plazo_aprobado = v.plazo_aprobado;
      patch.tasa_aprobada = v.tasa_aprobada;
      patch.tasa_mor_aprobada = v.tasa_mor_aprobada;
    }
    return markPending(payload.folio, patch, ctx);
  },
  applyResult: (_payload, answer) => applyAnswer(answer),
  revert: (payload) => restore(payload.before),
  describe: (payload) => ({
    key: EVALUATION_DESCRIPTION[payload.evaluation.estatus_evaluacion],
    params: { folio: payload.folio },
  }),
  editRoute: (row) => evaluacionFixRoute(row.id),
};
