/**
 * PATCH /solic-creditos/{folio}.json (docs/business-rules.md#credit-requests). One call, four
 * variants, told apart by the decision field sent:
 *
 * | variant        | sends                        | who (#domain/permissions)    | from state       | to            |
 * | -------------- | ---------------------------- | ---------------------------- | ---------------- | ------------- |
 * | review         | estatus_solicitud AP or RE   | privileged                   | RV               | AP / RE       |
 * | resubmit       | estatus_solicitud RV         | its promoter or privileged   | RE               | RV            |
 * | evaluation     | estatus_evaluacion AP/NE/CA  | GE                           | AP + evaluación RV | AP / NE / CA |
 * | renegotiation  | estatus_evaluacion RV        | its promoter or privileged   | AP + evaluación NE | RV          |
 *
 * Order of the checks: the role may do the variant at all (403), the request is in the
 * caller's scope (404), the request is in the variant's starting state (400 naming the current
 * state), then the fields (400 field errors). An accepted change appends its comment to the
 * chat and rewrites the request row, which bumps its row_version so phones re-pull it with its
 * chat. The manager's approval creates the contract in the same transaction.
 */
import { and, eq } from 'drizzle-orm';
import type { CommandKind } from '#domain/command-kinds';
import type { EvaluationStatus, RequestStatus } from '#domain/codes';
import { CONTROL_DESK_QUESTIONS, controlDeskSchema } from '#domain/forms/control-desk';
import { creditRequestSchema, type CreditRequestValues } from '#domain/forms/credit-request';
import { evaluationSchema } from '#domain/forms/evaluation';
import { renegotiationBodySchema } from '#domain/forms/renegotiation';
import { msg } from '#domain/messages';
import { centsToDecimalString } from '#domain/money';
import { can, type ActionOf } from '#domain/permissions';
import type { IsoDate } from '#domain/dates';
import type { AuthUser } from '#server/auth/authenticate';
import type { Db } from '#server/db/client';
import { solicitudes } from '#server/db/schema';
import type { Capture } from '#domain/sync-protocol';
import { ForbiddenError, NotFoundError, ruleError } from '#domain/rule-errors';
import { createContractFromRequest } from './contracts.ts';
import {
  CREDIT_REQUEST_FIELDS,
  ErrorBag,
  parseRequestBody,
  type RequestBody,
} from './request-input.ts';
import { requestScope, type CreditRequestDetail } from './request-shape.ts';
import {
  appendChat,
  checkRequestRules,
  readerOf,
  requestByFolio,
  requestFormColumns,
} from './requests.ts';

export type PatchVariant = 'review' | 'resubmit' | 'evaluation' | 'renegotiation';

const ACTION: Record<PatchVariant, ActionOf<'solicitudes'>> = {
  review: 'review',
  resubmit: 'resubmit',
  evaluation: 'evaluate',
  renegotiation: 'renegotiate',
};

/** The office view's record kind of each variant: the phone's name of the same write. */
export const PATCH_KINDS: Record<PatchVariant, CommandKind> = {
  review: 'solicitud.review',
  resubmit: 'solicitud.resubmit',
  evaluation: 'solicitud.evaluation',
  renegotiation: 'solicitud.renegotiate',
};

/** The fields each variant reads (the resubmission reads the request form's). */
const REVIEW_FIELDS = [
  'estatus_solicitud',
  ...CONTROL_DESK_QUESTIONS,
  'irregularidades',
  'comentarios_coordinador',
] as const;
const EVALUATION_FIELDS = [
  'estatus_evaluacion',
  'monto_aprobado',
  'plazo_aprobado',
  'tasa_aprobada',
  'tasa_mor_aprobada',
  'comentarios_gerente',
] as const;
const RENEGOTIATION_FIELDS = ['estatus_evaluacion', 'comentarios_promotor'] as const;

/** Every field a PATCH may carry, whichever variant it asks for (`chat` too: ./request-input). */
export const PATCH_REQUEST_FIELDS = [
  ...new Set([
    ...REVIEW_FIELDS,
    ...EVALUATION_FIELDS,
    ...RENEGOTIATION_FIELDS,
    ...CREDIT_REQUEST_FIELDS,
    'chat',
  ]),
];

const present = (value: unknown) => value !== undefined && value !== null && value !== '';

/** Which variant a body asks for (the evaluation field wins), null when it names no decision. */
export function patchVariant(body: unknown): PatchVariant | null {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null;
  const { estatus_solicitud, estatus_evaluacion } = body as RequestBody;
  if (present(estatus_evaluacion))
    return estatus_evaluacion === 'RV' ? 'renegotiation' : 'evaluation';
  if (present(estatus_solicitud)) return estatus_solicitud === 'RV' ? 'resubmit' : 'review';
  return null;
}

/** The state each variant starts from. */
const FROM: Record<PatchVariant, { solicitud: RequestStatus; evaluacion: EvaluationStatus }> = {
  review: { solicitud: 'RV', evaluacion: 'RV' },
  resubmit: { solicitud: 'RE', evaluacion: 'RV' },
  evaluation: { solicitud: 'AP', evaluacion: 'RV' },
  renegotiation: { solicitud: 'AP', evaluacion: 'NE' },
};

type Row = typeof solicitudes.$inferSelect;

interface TransitionInput {
  tx: Db;
  user: AuthUser;
  row: Row;
  body: RequestBody;
  capture: Capture;
  today: IsoDate;
}

/** The changed columns and the comment to append, or the contract to create. */
interface Change {
  set: Partial<typeof solicitudes.$inferInsert>;
  comment: string | null;
  approve?: { monto: number; plazo: number; tasa: string; tasaMor: string };
}

function review({ body }: TransitionInput): Change {
  const v = parseRequestBody(controlDeskSchema, body, {
    commentField: 'comentarios_coordinador',
    allowed: REVIEW_FIELDS,
  });
  return {
    set: {
      estatus_solicitud: v.estatus_solicitud,
      pregunta_1: v.pregunta_1,
      pregunta_2: v.pregunta_2,
      pregunta_3: v.pregunta_3,
      pregunta_4: v.pregunta_4,
      irregularidades: v.irregularidades,
      comentarios_coordinador: v.comentarios_coordinador,
    },
    comment: v.comentarios_coordinador,
  };
}

function evaluation({ body }: TransitionInput): Change {
  const v = parseRequestBody(evaluationSchema, body, {
    commentField: 'comentarios_gerente',
    allowed: EVALUATION_FIELDS,
  });
  const change: Change = {
    set: { estatus_evaluacion: v.estatus_evaluacion, comentarios_gerente: v.comentarios_gerente },
    comment: v.comentarios_gerente,
  };
  if (v.estatus_evaluacion === 'AP') {
    // The schema makes the four figures required for AP; a null here would be its bug.
    const { monto_aprobado, plazo_aprobado, tasa_aprobada, tasa_mor_aprobada } = v;
    if (
      monto_aprobado === null ||
      plazo_aprobado === null ||
      tasa_aprobada === null ||
      tasa_mor_aprobada === null
    ) {
      throw new Error('evaluation schema let an approval through without its figures');
    }
    change.set = {
      ...change.set,
      monto_aprobado: centsToDecimalString(monto_aprobado),
      plazo_aprobado,
      tasa_aprobada,
      tasa_mor_aprobada,
    };
    change.approve = {
      monto: monto_aprobado,
      plazo: plazo_aprobado,
      tasa: tasa_aprobada,
      tasaMor: tasa_mor_aprobada,
    };
  }
  return change;
}

function renegotiation({ body }: TransitionInput): Change {
  const v = parseRequestBody(renegotiationBodySchema, body, {
    commentField: 'comentarios_promotor',
    allowed: RENEGOTIATION_FIELDS,
  });
  return {
    set: { estatus_evaluacion: 'RV', comentarios_promotor: v.comentarios_promotor },
    comment: v.comentarios_promotor,
  };
}

/** The stored request as the form's input, so a correction may send only what changed. */
function formInput(row: Row): RequestBody {
  return {
    fecha_solicitud: row.fecha_solicitud,
    clave_socio: row.clave_socio,
    proceso: row.proceso,
    tipo_credito: row.tipo_credito,
    mot_credito: row.mot_credito,
    mot_credito_otro: row.mot_credito_otro,
    emergencia_medica: row.emergencia_medica,
    act_productiva: row.act_productiva,
    act_productiva_otro: row.act_productiva_otro,
    monto_solicitado: row.monto_solicitado,
    plazo_de_pago_solicitado: row.plazo_de_pago_solicitado,
    justificacion_credito: row.justificacion_credito,
    aval: row.aval,
    familiar_responsable: row.familiar_responsable,
  };
}

async function resubmit(input: TransitionInput): Promise<Change> {
  const { tx, user, row, body, today } = input;
  // What was sent corrects the stored request; every rule is checked again on the result.
  const sent = { ...body };
  delete sent.estatus_solicitud;
  const merged: RequestBody = { ...formInput(row), ...sent };
  const values: CreditRequestValues = parseRequestBody(creditRequestSchema({ today }), merged, {
    commentField: 'comentarios_promotor',
    allowed: CREDIT_REQUEST_FIELDS,
  });
  if (values.comentarios_promotor === null) {
    const bag = new ErrorBag();
    bag.add('comentarios_promotor', msg('validation.required'));
    bag.throwIfAny();
  }
  await checkRequestRules(tx, user, values, row.folio_solicitud);
  return {
    set: {
      ...requestFormColumns(values),
      estatus_solicitud: 'RV',
      comentarios_promotor: values.comentarios_promotor,
    },
    comment: values.comentarios_promotor,
  };
}

const APPLY: Record<PatchVariant, (input: TransitionInput) => Change | Promise<Change>> = {
  review,
  resubmit,
  evaluation,
  renegotiation,
};

/** Apply one PATCH to request `folio`; answers the request (with `contrato` after approval). */
export async function patchRequest(
  tx: Db,
  user: AuthUser,
  folio: number,
  body: RequestBody,
  capture: Capture,
  today: IsoDate,
): Promise<CreditRequestDetail> {
  const variant = patchVariant(body);
  if (variant === null) throw ruleError('server.requests.noDecision');
  if (!can(user.role, 'solicitudes', ACTION[variant])) throw new ForbiddenError();

  // Locked: two decisions on one request (two office desks, a phone replaying) run in turn.
  const [row] = await tx
    .select()
    .from(solicitudes)
    .where(and(eq(solicitudes.folio_solicitud, folio), requestScope(readerOf(user))))
    .for('update');
  if (!row) throw new NotFoundError();

  const from = FROM[variant];
  if (row.estatus_solicitud !== from.solicitud || row.estatus_evaluacion !== from.evaluacion) {
    throw ruleError('server.requests.wrongState', {
      estatus_solicitud: row.estatus_solicitud,
      estatus_evaluacion: row.estatus_evaluacion,
    });
  }

  const change = await APPLY[variant]({ tx, user, row, body, capture, today });
  await tx
    .update(solicitudes)
    .set({ ...change.set, updated_at: capture.receivedAt })
    .where(eq(solicitudes.folio_solicitud, folio));
  await appendChat(tx, folio, user.id, change.comment, capture);
  if (change.approve) {
    await createContractFromRequest(tx, {
      folio_solicitud: folio,
      clave_socio: row.clave_socio,
      proceso: row.proceso,
      tipo_credito: row.tipo_credito,
      monto_aprobado: change.approve.monto,
      plazo_aprobado: change.approve.plazo,
      tasa_aprobada: change.approve.tasa,
      tasa_mor_aprobada: change.approve.tasaMor,
    });
  }
  return requestByFolio(tx, folio);
}
