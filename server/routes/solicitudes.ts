/**
 * Credit requests (spec part 1 §7, BUSINESS_RULES §2): recent and all lists, detail with its
 * chat, create, and the PATCH variants (coordinator review, manager evaluation, promoter
 * renegotiation, resubmission after a rejection). Rights come from #domain/permissions; a
 * request outside the caller's scope answers 404 like an unknown folio.
 */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod';
import {
  CREDIT_REASONS,
  CREDIT_TYPES,
  EVALUATION_STATUSES,
  PROCESSES,
  PRODUCTIVE_ACTIVITIES,
  REQUEST_STATUSES,
} from '#domain/codes';
import { todayIn } from '#domain/dates';
import { creditRequestSchema } from '#domain/forms/credit-request';
import { currentUser } from '#server/auth/authenticate';
import { notFound } from '#server/http/errors';
import { defineRoute } from '#server/http/route';
import { defineWriteRoute } from '#server/http/write-route';
import { CREDIT_REQUEST_FIELDS, parseRequestBody } from '#server/services/request-input';
import { PATCH_KINDS, patchRequest, patchVariant } from '#server/services/request-transitions';
import {
  createRequest,
  findRequest,
  listRequests,
  readerOf,
  type CreditRequestDetail,
  type RequestChatEntry,
} from '#server/services/requests';
import { pathId, requirePermission } from './access.ts';
import type { RouteDeps } from './deps.ts';

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const decimal = z.string().regex(/^\d+\.\d{2}$/);
const rate = z.string().regex(/^\d+\.\d{4}$/);

const chatEntrySchema = z.object({
  id: z.number().int(),
  user: z.string(),
  fecha: z.iso.datetime(),
  comentario: z.string(),
}) satisfies z.ZodType<RequestChatEntry>;

export const creditRequestDetailSchema = z.object({
  folio_solicitud: z.number().int(),
  fecha_solicitud: date,
  clave_socio: z.number().int(),
  nombre_socio: z.string(),
  comunidad: z.number().int(),
  nombre_comunidad: z.string(),
  region: z.number().int(),
  nombre_region: z.string(),
  proceso: z.enum(PROCESSES),
  proceso_nombre: z.string(),
  area_proceso: z.string(),
  tipo_credito: z.enum(CREDIT_TYPES),
  tipo_credito_nombre: z.string(),
  act_productiva: z.enum(PRODUCTIVE_ACTIVITIES).nullable(),
  act_productiva_nombre: z.string().nullable(),
  act_productiva_otro: z.string().nullable(),
  mot_credito: z.enum(CREDIT_REASONS),
  mot_credito_nombre: z.string(),
  mot_credito_otro: z.string().nullable(),
  emergencia_medica: z.boolean(),
  monto_solicitado: decimal,
  plazo_de_pago_solicitado: z.number().int(),
  justificacion_credito: z.string(),
  aval: z.number().int(),
  aval_nombre: z.string(),
  familiar_responsable: z.string(),
  comentarios_promotor: z.string().nullable(),
  estatus_solicitud: z.enum(REQUEST_STATUSES),
  estatus_evaluacion: z.enum(EVALUATION_STATUSES),
  pregunta_1: z.boolean().nullable(),
  pregunta_2: z.boolean().nullable(),
  pregunta_3: z.boolean().nullable(),
  pregunta_4: z.boolean().nullable(),
  irregularidades: z.string().nullable(),
  comentarios_coordinador: z.string().nullable(),
  monto_aprobado: decimal.nullable(),
  plazo_aprobado: z.number().int().nullable(),
  tasa_aprobada: rate.nullable(),
  tasa_mor_aprobada: rate.nullable(),
  comentarios_gerente: z.string().nullable(),
  promotor: z.number().int(),
  promotor_nombre: z.string(),
  contrato: z.number().int().nullable(),
  capturado_en: z.iso.datetime().nullable(),
  recibido_en: z.iso.datetime().nullable(),
  chat: z.array(chatEntrySchema),
}) satisfies z.ZodType<CreditRequestDetail>;

/** Any JSON object: each variant validates its own fields in the handler. */
const anyObject = z.record(z.string(), z.unknown());
const folioParams = z.object({ folio: z.string() });

export function registerSolicitudRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db } = deps;
  const today = () => todayIn(deps.config.timezone);

  defineRoute(app, deps.routeOptions, {
    method: 'GET',
    url: '/api/solic-creditos',
    preHandler: [requirePermission('solicitudes', 'read')],
    response: z.array(creditRequestDetailSchema),
    handler: ({ request }) => listRequests(db, readerOf(currentUser(request)), 'recent'),
  });

  defineRoute(app, deps.routeOptions, {
    method: 'GET',
    url: '/api/solic-creditos/all',
    preHandler: [requirePermission('solicitudes', 'read')],
    response: z.array(creditRequestDetailSchema),
    handler: ({ request }) => listRequests(db, readerOf(currentUser(request)), 'all'),
  });

  defineRoute(app, deps.routeOptions, {
    method: 'GET',
    url: '/api/solic-creditos/:folio',
    params: folioParams,
    preHandler: [requirePermission('solicitudes', 'read')],
    response: creditRequestDetailSchema,
    handler: async ({ request, params }) => {
      const found = await findRequest(db, readerOf(currentUser(request)), pathId(params.folio));
      if (!found) throw notFound();
      return found;
    },
  });

  defineWriteRoute(app, deps, {
    method: 'POST',
    url: '/api/solic-creditos',
    kind: 'solicitud.create',
    status: 201,
    preHandler: [requirePermission('solicitudes', 'create')],
    body: anyObject,
    response: creditRequestDetailSchema,
    handler: async ({ tx, user, body, capture }) => {
      const values = parseRequestBody(creditRequestSchema({ today: today() }), body, {
        commentField: 'comentarios_promotor',
        allowed: CREDIT_REQUEST_FIELDS,
      });
      const created = await createRequest(tx, user, values, capture);
      return { answer: created, recordRef: created.folio_solicitud };
    },
  });

  defineWriteRoute(app, deps, {
    method: 'PATCH',
    url: '/api/solic-creditos/:folio',
    kind: (body) => {
      const variant = patchVariant(body);
      return variant === null ? 'solicitud.update' : PATCH_KINDS[variant];
    },
    params: folioParams,
    body: anyObject,
    response: creditRequestDetailSchema,
    handler: async ({ tx, user, body, params, capture }) => {
      const folio = pathId(params.folio);
      const updated = await patchRequest(tx, user, folio, body, capture, today());
      return { answer: updated, recordRef: folio };
    },
  });
}
