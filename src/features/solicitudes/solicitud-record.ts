/**
 * A credit request as the phone's replica keeps it: exactly the shape of
 * GET /solic-creditos/{folio}.json (with its chat and every read-only name field), which the
 * pull and every write answer. While a new request waits for the server its record is keyed by
 * the client UUID (`folio_solicitud` is that string) and marked with `_localId` / `_pending`.
 * Shared by every screen of the area (list, form, control desk, evaluation).
 */
import { z } from 'zod';
import {
  CREDIT_REASONS,
  CREDIT_TYPES,
  EVALUATION_STATUSES,
  PROCESSES,
  PRODUCTIVE_ACTIVITIES,
  REQUEST_STATUSES,
  type CreditReason,
  type CreditType,
  type EvaluationStatus,
  type Process,
  type ProductiveActivity,
  type RequestStatus,
} from '#domain/codes';

/** One comment of the request's conversation. */
export interface SolicitudChatEntry {
  id: number;
  /** Name of the author. */
  user: string;
  /** ISO 8601 UTC timestamp. */
  fecha: string;
  comentario: string;
}

/** The server's request (GET /solic-creditos/{folio}.json). */
export interface SolicitudAnswer {
  folio_solicitud: number;
  fecha_solicitud: string;
  clave_socio: number;
  nombre_socio: string;
  comunidad: number;
  nombre_comunidad: string;
  region: number;
  nombre_region: string;
  proceso: Process;
  proceso_nombre: string;
  area_proceso: string;
  tipo_credito: CreditType;
  tipo_credito_nombre: string;
  act_productiva: ProductiveActivity | null;
  act_productiva_nombre: string | null;
  act_productiva_otro: string | null;
  mot_credito: CreditReason;
  mot_credito_nombre: string;
  mot_credito_otro: string | null;
  emergencia_medica: boolean;
  /** Decimal string with 2 decimals ("1500.00"). */
  monto_solicitado: string;
  plazo_de_pago_solicitado: number;
  justificacion_credito: string;
  aval: number;
  aval_nombre: string;
  familiar_responsable: string;
  comentarios_promotor: string | null;
  estatus_solicitud: RequestStatus;
  estatus_evaluacion: EvaluationStatus;
  pregunta_1: boolean | null;
  pregunta_2: boolean | null;
  pregunta_3: boolean | null;
  pregunta_4: boolean | null;
  irregularidades: string | null;
  comentarios_coordinador: string | null;
  monto_aprobado: string | null;
  plazo_aprobado: number | null;
  tasa_aprobada: string | null;
  tasa_mor_aprobada: string | null;
  comentarios_gerente: string | null;
  /** Id of the user who created it (a promoter sees only its own). */
  promotor: number;
  promotor_nombre: string;
  /** The contract created by the manager's approval, else null. */
  contrato: number | null;
  capturado_en: string | null;
  recibido_en: string | null;
  chat: SolicitudChatEntry[];
}

/** A replica row: the server's request, or an optimistic one keyed by its client UUID. */
export interface SolicitudRecord extends Omit<SolicitudAnswer, 'folio_solicitud'> {
  /** The server's folio, or the client UUID of a request the server has not numbered yet. */
  folio_solicitud: number | string;
  _localId?: string;
  _pending?: string;
}

/** A request the server has not numbered yet. */
export function isLocalOnly(record: Pick<SolicitudRecord, 'folio_solicitud'>): boolean {
  return typeof record.folio_solicitud !== 'number';
}

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const id = z.number().int();

const chatEntrySchema = z.object({
  id,
  user: z.string(),
  fecha: z.string(),
  comentario: z.string(),
});

const solicitudAnswerSchema = z.object({
  folio_solicitud: id,
  fecha_solicitud: date,
  clave_socio: id,
  nombre_socio: z.string(),
  comunidad: id,
  nombre_comunidad: z.string(),
  region: id,
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
  monto_solicitado: z.string(),
  plazo_de_pago_solicitado: id,
  justificacion_credito: z.string(),
  aval: id,
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
  monto_aprobado: z.string().nullable(),
  plazo_aprobado: id.nullable(),
  tasa_aprobada: z.string().nullable(),
  tasa_mor_aprobada: z.string().nullable(),
  comentarios_gerente: z.string().nullable(),
  promotor: id,
  promotor_nombre: z.string(),
  contrato: id.nullable(),
  capturado_en: z.string().nullable(),
  recibido_en: z.string().nullable(),
  chat: z.array(chatEntrySchema),
}) satisfies z.ZodType<SolicitudAnswer>;

/** Check the server's answer to a request write before it replaces the replica's record. */
export function parseSolicitudAnswer(body: unknown): SolicitudAnswer {
  return solicitudAnswerSchema.parse(body);
}
