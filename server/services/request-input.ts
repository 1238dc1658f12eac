/**
 * Reading the bodies of POST and PATCH /solic-creditos/: the spec's client
 * sends its comment as `chat` (one comment) while the domain forms name it
 * `comentarios_promotor` / `_coordinador` / `_gerente`; both are accepted, the named field
 * first. Keys a variant does not know are 400s on those keys ("Este campo no se puede
 * modificar"), except the read-only fields of the request shape, which a client holding a
 * whole request may send back and which are ignored.
 */
import type * as z from 'zod';
import { bodyReading } from '#server/http/route';
import type { FieldErrors } from '#domain/entities';
import { msg } from '#domain/messages';
import { issuesToFieldErrors, RuleError, zodDefaultMessage } from '#domain/rule-errors';

/** Fields the server computes; sent back by a client, they are ignored. */
export const READ_ONLY_REQUEST_FIELDS = [
  'folio_solicitud',
  'nombre_socio',
  'comunidad',
  'nombre_comunidad',
  'region',
  'nombre_region',
  'proceso_nombre',
  'area_proceso',
  'tipo_credito_nombre',
  'act_productiva_nombre',
  'mot_credito_nombre',
  'aval_nombre',
  'promotor',
  'promotor_nombre',
  'contrato',
  'capturado_en',
  'recibido_en',
] as const;

/** The fields of the request form (#domain/forms/credit-request) a client may send. */
export const CREDIT_REQUEST_FIELDS = [
  'fecha_solicitud',
  'clave_socio',
  'proceso',
  'tipo_credito',
  'mot_credito',
  'mot_credito_otro',
  'emergencia_medica',
  'act_productiva',
  'act_productiva_otro',
  'monto_solicitado',
  'plazo_de_pago_solicitado',
  'justificacion_credito',
  'aval',
  'familiar_responsable',
  'comentarios_promotor',
] as const;

export type RequestBody = Record<string, unknown>;

/** The body of POST /solic-creditos/: the request form's fields, or its comment as `chat`. */
export const requestCreateBody = bodyReading([...CREDIT_REQUEST_FIELDS, 'chat']);

/** The comment carried by `chat`: a text, or a list whose last entry has `comentario`. */
function chatText(chat: unknown): string | null | undefined {
  if (chat === undefined || chat === null) return undefined;
  if (typeof chat === 'string') return chat;
  if (Array.isArray(chat)) {
    const last: unknown = chat[chat.length - 1];
    if (last === undefined) return undefined;
    if (typeof last === 'string') return last;
    if (last !== null && typeof last === 'object' && 'comentario' in last) {
      const text = (last as { comentario: unknown }).comentario;
      if (typeof text === 'string') return text;
    }
  }
  return null;
}

/**
 * Parse `body` with `schema` after moving `chat` into `commentField` (when that field is
 * absent or empty), refusing keys outside `allowed` + the read-only fields. Every problem is
 * reported in one 400.
 */
export function parseRequestBody<S extends z.ZodType>(
  schema: S,
  body: RequestBody,
  options: { commentField: string; allowed: readonly string[] },
): z.output<S> {
  const errors: FieldErrors = {};
  const input: RequestBody = {};
  const known = new Set<string>([...options.allowed, ...READ_ONLY_REQUEST_FIELDS, 'chat']);
  for (const [key, value] of Object.entries(body)) {
    if (!known.has(key)) (errors[key] ??= []).push(msg('validation.notEditable'));
    else if (options.allowed.includes(key)) input[key] = value;
  }
  const fromChat = chatText(body.chat);
  if (fromChat === null) errors.chat = [msg('server.fields.invalidType')];
  const named = input[options.commentField];
  if (fromChat && (named === undefined || named === null || named === '')) {
    input[options.commentField] = fromChat;
  }
  const result = schema.safeParse(input, { error: zodDefaultMessage });
  if (!result.success) {
    for (const [field, messages] of Object.entries(issuesToFieldErrors(result.error.issues))) {
      (errors[field] ??= []).push(...messages);
    }
  }
  if (Object.keys(errors).length > 0 || !result.success) throw new RuleError(errors);
  return result.data;
}

/** Field errors collected by a rule check, thrown as one 400 when there are any. */
export class ErrorBag {
  readonly errors: FieldErrors = {};
  add(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }
  throwIfAny(): void {
    if (Object.keys(this.errors).length > 0) throw new RuleError(this.errors);
  }
}
