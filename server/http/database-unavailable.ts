/**
 * Whether an error means "the database cannot be reached right now" (a PostgreSQL restart,
 * failover, or the server starting up or shutting down) rather than a bug: such a request is
 * answered 503 with Retry-After (http/errors.ts), never stored under an Idempotency-Key, and
 * the phone resends it with the same key.
 */

/** Retry-After (seconds) of a 503: long enough for a restart, short enough for a failover. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** Socket errors of the driver and PostgreSQL's own codes for "not now". */
const CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  // admin_shutdown, crash_shutdown, cannot_connect_now (starting up / shutting down)
  '57P01',
  '57P02',
  '57P03',
  // too_many_connections
  '53300',
]);

/** node-postgres's own words for a connection that went away or never came. */
const MESSAGES =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Client was closed and is not queryable/i;

function fieldOf(value: object, name: 'code' | 'message' | 'cause'): unknown {
  return (value as Record<string, unknown>)[name];
}

export function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps the driver's error in `cause` (a failed query), once or twice.
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth++) {
    const code = fieldOf(current, 'code');
    // Class 08: connection exception.
    if (typeof code === 'string' && (CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    const message = fieldOf(current, 'message');
    if (typeof message === 'string' && MESSAGES.test(message)) return true;
    current = fieldOf(current, 'cause');
  }
  return false;
}
