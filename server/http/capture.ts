/**
 * Sync headers every write reads before doing anything (docs/architecture.md#api-conventions):
 * `X-Client-Schema` (an outdated phone gets 426 and asks to update), `Idempotency-Key` (format
 * only; the store is server/sync/idempotency.ts) and `X-Captured-At` (when the promoter
 * captured the record, stored as capturado_en beside recibido_en).
 */
import type { FastifyRequest } from 'fastify';
import { isIsoDate } from '#domain/dates';
import { msg } from '#domain/messages';
import {
  CAPTURED_AT_FUTURE_SKEW_MS,
  CAPTURED_AT_HEADER,
  CAPTURED_AT_MAX_AGE_MS,
  CLIENT_SCHEMA_HEADER,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_RE,
  MIN_CLIENT_SCHEMA,
  type Capture,
} from '#domain/sync-protocol';
import { badRequest, HttpError } from './errors.ts';

/** One value of a header; a header sent twice is ambiguous and treated as malformed. */
function header(request: FastifyRequest, name: string): string | undefined | string[] {
  return request.headers[name.toLowerCase()];
}

/**
 * 426 when the client says it speaks a schema older than the server still accepts, or says
 * something that is no schema number. API users who send no header are not phones: allowed.
 */
export function checkClientSchema(request: FastifyRequest): void {
  const raw = header(request, CLIENT_SCHEMA_HEADER);
  if (raw === undefined) return;
  const value = Array.isArray(raw) ? '' : raw.trim();
  const version = /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
  if (!(version >= MIN_CLIENT_SCHEMA)) {
    throw new HttpError(426, msg('server.sync.clientOutdated'), { code: 'client_outdated' });
  }
}

/** The request's Idempotency-Key, null when absent; a malformed one is a 400. */
export function readIdempotencyKey(request: FastifyRequest): string | null {
  const raw = header(request, IDEMPOTENCY_KEY_HEADER);
  if (raw === undefined) return null;
  if (Array.isArray(raw) || !IDEMPOTENCY_KEY_RE.test(raw)) {
    throw badRequest('server.sync.idempotencyKeyInvalid');
  }
  return raw;
}

// Date, time to at least minutes, and an explicit offset: a bare local time would be read in
// the server's zone, which is never what the phone meant.
const INSTANT_RE =
  /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)$/i;

/** Parse an ISO 8601 instant strictly (real calendar date, offset required); null if not one. */
export function parseInstant(value: string): Date | null {
  const match = INSTANT_RE.exec(value.trim());
  if (!match || !isIsoDate(match[1])) return null;
  const ms = Date.parse(value.trim());
  return Number.isFinite(ms) ? new Date(ms) : null;
}

/**
 * The capture instants of this request. A captured-at in the future (beyond the tolerated
 * clock skew) or older than the accepted lag is refused with a message the promoter can act
 * on; the sync center shows it on the item.
 */
export function readCapture(request: FastifyRequest, receivedAt: Date): Capture {
  const raw = header(request, CAPTURED_AT_HEADER);
  if (raw === undefined) return { capturedAt: null, receivedAt };
  const capturedAt = Array.isArray(raw) ? null : parseInstant(raw);
  if (!capturedAt) throw badRequest('server.sync.capturedAtInvalid');
  const shown = capturedAt.toISOString();
  if (capturedAt.getTime() > receivedAt.getTime() + CAPTURED_AT_FUTURE_SKEW_MS) {
    throw badRequest('server.sync.capturedAtFuture', { capturedAt: shown });
  }
  if (capturedAt.getTime() < receivedAt.getTime() - CAPTURED_AT_MAX_AGE_MS) {
    throw badRequest('server.sync.capturedAtTooOld', {
      capturedAt: shown,
      days: Math.round(CAPTURED_AT_MAX_AGE_MS / 86_400_000),
    });
  }
  return { capturedAt, receivedAt };
}

/** The captured-at of a request when it parses, else null (to describe a rejected write). */
export function capturedAtIfValid(request: FastifyRequest): Date | null {
  const raw = header(request, CAPTURED_AT_HEADER);
  return typeof raw === 'string' ? parseInstant(raw) : null;
}
