/**
 * THE shape of a credit request as the API answers it:
 * GET /solic-creditos/{folio}.json, both lists, every write and the delta pull. The server
 * builds it (server/services/request-shape.ts) and declares it as its response schema; the
 * phone checks a write's answer with the same schema before it replaces the replica's record,
 * so the two never drift apart.
 *
 * Display names (`*_nombre`, `area_proceso`) are the SPANISH labels of the codes; the PWA shows
 * its own translation from the code beside each one. Stored decimals travel as text: money
 * "1500.00", rates "2.0000"; instants as ISO 8601 UTC.
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
} from './codes';

/** One comment of the request's conversation. */
export interface CreditRequestChatEntry {
  id: number;
  /** Name of the author (first and last name, else the username). */
  user: string;
  /** ISO 8601 UTC timestamp. */
  fecha: string;
  comentario: string;
}

export interface CreditRequestAnswer {
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
  /** The member area the process belongs to (codes.memberAreas), e.g. "Jabón (Yip)" for JA. */
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
  chat: CreditRequestChatEntry[];
}

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const decimal = z.string().regex(/^\d+\.\d{2}$/);
const rate = z.string().regex(/^\d+\.\d{4}$/);
const id = z.number().int();

export const creditRequestChatEntrySchema = z.object({
  id,
  user: z.string(),
  fecha: z.iso.datetime(),
  comentario: z.string(),
}) satisfies z.ZodType<CreditRequestChatEntry>;

export const creditRequestAnswerSchema = z.object({
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
  monto_solicitado: decimal,
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
  monto_aprobado: decimal.nullable(),
  plazo_aprobado: id.nullable(),
  tasa_aprobada: rate.nullable(),
  tasa_mor_aprobada: rate.nullable(),
  comentarios_gerente: z.string().nullable(),
  promotor: id,
  promotor_nombre: z.string(),
  contrato: id.nullable(),
  capturado_en: z.iso.datetime().nullable(),
  recibido_en: z.iso.datetime().nullable(),
  chat: z.array(creditRequestChatEntrySchema),
}) satisfies z.ZodType<CreditRequestAnswer>;
