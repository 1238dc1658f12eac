/**
 * The office's inbox of field work: every write a phone sent — taken from the
 * server's idempotency rows — with its member, amount or kilos, capture and receive times, the
 * office's reviewed mark and, for a refusal, what the promoter did next. Shared by the API
 * (`/api/bandeja/…`, `POST /api/sync/queue-report/`) and the office screen `/bandeja`.
 */
import * as z from 'zod';
import {
  DISCARD_REASONS,
  IDEMPOTENCY_KEY_RE,
  QUEUE_REPORT_MAX_ENTRIES,
  QUEUE_STATES,
} from './sync-wire';
import { enumField, idListField, integerField, isoDateField, requiredText } from './rules';
import { msg } from './messages';

export {
  DISCARD_REASONS,
  QUEUE_REPORT_MAX_ENTRIES,
  QUEUE_STATES,
  REPLACES_KEY_HEADER,
  type DiscardReason,
  type QueueState,
} from './sync-wire';

/** The kinds of write a phone sends from the field (office decisions are not field work). */
export const FIELD_KINDS = [
  'solicitud.create',
  'solicitud.resubmit',
  'acopio.create',
  'pago.create',
  'movimiento.create',
  'viaje.close',
  'visita.marca',
  'profile.update',
  'socio.create',
  'socio.update',
] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

/** i18n key of a write kind's label ("acopio.create" → syncCenter.kinds.acopio_create). */
export function kindLabelKey(kind: string): string {
  return `syncCenter.kinds.${kind.replace(/\./g, '_')}`;
}

/**
 * The inbox's states, each a filter of its own (a row may be in two: refused and reviewed):
 * `new` not yet reviewed, `reviewed` marked by the office, `refused` refused and not replaced,
 * `corrected` refused and replaced by a later write of the phone.
 */
export const INBOX_STATES = ['new', 'reviewed', 'refused', 'corrected'] as const;
export type InboxState = (typeof INBOX_STATES)[number];

/** What happened to a refused write after the refusal. */
export const REFUSAL_OUTCOMES = ['corrected', 'discarded', 'on_phone'] as const;
export type RefusalOutcome = (typeof REFUSAL_OUTCOMES)[number];

/** Rows per page of the inbox (the screen asks 50). */
export const INBOX_PAGE_MAX = 200;
export const INBOX_PAGE_DEFAULT = 50;

/** Ids are PostgreSQL integers: a larger one is a 400 on its field, never a database error. */
const INT4_MAX = 2_147_483_647;

/** The filters of the inbox (query of the list, the export and "mark all reviewed"). */
export const inboxFilterShape = {
  promotor: integerField({ min: 1, max: INT4_MAX, required: false }).optional(),
  region: integerField({ min: 1, max: INT4_MAX, required: false }).optional(),
  tipo: enumField(FIELD_KINDS, { required: false }).optional(),
  desde: isoDateField({ required: false }).optional(),
  hasta: isoDateField({ required: false }).optional(),
  estado: enumField(INBOX_STATES, { required: false }).optional(),
};
export const inboxFilterSchema = z.object(inboxFilterShape);
export type InboxFilter = z.output<typeof inboxFilterSchema>;

export const inboxRowSchema = z.object({
  /** The key row's id: what a reviewed mark names. */
  id: z.number().int(),
  kind: z.string(),
  /** HTTP status the server answered (2xx accepted, 4xx refused). */
  status: z.number().int(),
  user_id: z.number().int(),
  promotor: z.string(),
  region: z.number().int().nullable(),
  clave_socio: z.number().int().nullable(),
  nombre_socio: z.string().nullable(),
  credito: z.number().int().nullable(),
  /** Money as a decimal string ("1040.50"); kilos likewise; null when the kind has none. */
  monto: z.string().nullable(),
  kilos: z.string().nullable(),
  /** A movement: contribution (true) or withdrawal (false); null for other kinds. */
  aportacion: z.boolean().nullable(),
  /** The record the write created or changed (folio, id, clave_socio); null for refusals. */
  record_ref: z.string().nullable(),
  capturado_en: z.iso.datetime().nullable(),
  recibido_en: z.iso.datetime(),
  /** Minutes between capture on the phone and receipt; null without a capture time. */
  retraso_min: z.number().int().nullable(),
  revisado_en: z.iso.datetime().nullable(),
  revisado_por: z.string().nullable(),
  /** The refusal and what followed it; null for an accepted write. */
  rechazo: z
    .object({
      motivo: z.string(),
      desenlace: z.enum(REFUSAL_OUTCOMES),
      /** The write that replaced it (its row id, kind and record). */
      reemplazo: z
        .object({ id: z.number().int(), kind: z.string(), record_ref: z.string().nullable() })
        .nullable(),
      descartado_en: z.iso.datetime().nullable(),
      motivo_descarte: z.string().nullable(),
    })
    .nullable(),
  /** The refused write this one corrects (its row id), if any. */
  reemplaza: z.number().int().nullable(),
});
export type InboxRow = z.output<typeof inboxRowSchema>;

export const inboxPageSchema = z.object({
  results: z.array(inboxRowSchema),
  /** Cursor of the next page; null on the last. */
  next: z.string().nullable(),
});
export type InboxPage = z.output<typeof inboxPageSchema>;

export { inboxSummarySchema, type InboxSummary } from './inbox-summary';

/** POST /bandeja/revisados/: some rows by id, or every row of a filter. */
export const reviewBodySchema = z
  .object({
    ids: idListField().optional(),
    filtro: inboxFilterSchema.strict().optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if ((body.ids === undefined || body.ids.length === 0) && body.filtro === undefined)
      ctx.addIssue({ code: 'custom', message: msg('validation.required'), path: ['ids'] });
    if (body.ids?.some((id) => id > INT4_MAX))
      ctx.addIssue({ code: 'custom', message: msg('validation.invalidValue'), path: ['ids'] });
  });
export const reviewAnswerSchema = z.object({ marcados: z.number().int() });

// ---------------------------------------------------------------- what the phones hold

const instant = z.iso.datetime({ offset: true, error: msg('validation.invalidDate') });

/** POST /sync/queue-report/: the phone's queue in counts, and the discards it made. */
export const queueReportSchema = z.strictObject({
  device: requiredText({ max: 64 }),
  counts: z
    .array(
      z.strictObject({
        kind: requiredText({ max: 64 }),
        state: enumField(QUEUE_STATES),
        count: integerField({ min: 1, max: 1_000_000 }),
      }),
    )
    .max(QUEUE_REPORT_MAX_ENTRIES, { error: msg('validation.maxItems', { n: 200 }) }),
  oldest_captured_at: instant.nullable(),
  /** When the oldest refused write still on the phone was refused. */
  oldest_refused_at: instant.nullable(),
  discarded: z
    .array(
      z.strictObject({
        key: requiredText({ max: 128 }).refine((key) => IDEMPOTENCY_KEY_RE.test(key), {
          error: msg('validation.invalidValue'),
        }),
        reason: enumField(DISCARD_REASONS),
        at: instant,
      }),
    )
    .max(QUEUE_REPORT_MAX_ENTRIES, { error: msg('validation.maxItems', { n: 200 }) }),
});
export type QueueReport = z.output<typeof queueReportSchema>;
export type QueueReportInput = z.input<typeof queueReportSchema>;
export const queueReportAnswerSchema = z.object({ recibido_en: z.iso.datetime() });

export const fieldPhoneSchema = z.object({
  user_id: z.number().int(),
  promotor: z.string(),
  region: z.number().int().nullable(),
  ultimo_contacto: z.iso.datetime().nullable(),
  ultimo_reporte: z.iso.datetime().nullable(),
  /** Counts by kind and state over the user's devices (latest report of each). */
  cola: z.array(z.object({ kind: z.string(), state: z.string(), count: z.number().int() })),
  captura_mas_antigua: z.iso.datetime().nullable(),
  rechazo_mas_antiguo: z.iso.datetime().nullable(),
  /** Silent for more than the configured days. */
  silencioso: z.boolean(),
  /** Holding a refused write for more than the configured days. */
  rechazos_viejos: z.boolean(),
});
export type FieldPhone = z.output<typeof fieldPhoneSchema>;
export const fieldPhonesSchema = z.object({
  dias_silencio: z.number().int(),
  dias_rechazo: z.number().int(),
  telefonos: z.array(fieldPhoneSchema),
});
export type FieldPhonesAnswer = z.output<typeof fieldPhonesSchema>;
