/**
 * A credit request as the phone's replica keeps it: exactly the shape of
 * GET /solic-creditos/{folio}.json (with its chat and every read-only name field), which the
 * pull and every write answer. While a new request waits for the server its record is keyed by
 * the client UUID (`folio_solicitud` is that string) and marked with `_localId` / `_pending`.
 * Shared by every screen of the area (list, form, control desk, evaluation).
 */
import {
  creditRequestAnswerSchema,
  type CreditRequestAnswer,
  type CreditRequestChatEntry,
} from '#domain/credit-request-shape';

/** One comment of the request's conversation. */
export type SolicitudChatEntry = CreditRequestChatEntry;

/** The server's request (GET /solic-creditos/{folio}.json). */
export type SolicitudAnswer = CreditRequestAnswer;

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

/** Check the server's answer to a request write before it replaces the replica's record. */
export function parseSolicitudAnswer(body: unknown): SolicitudAnswer {
  return creditRequestAnswerSchema.parse(body);
}
