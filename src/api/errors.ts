/**
 * The two ways an API call fails (docs/architecture.md#api-conventions):
 * - `ApiError`: the server answered with a non-2xx status; `body` is its parsed JSON (or text).
 * - `NetworkError`: no answer at all (offline, DNS, timeout) — the error modal's
 *   "Servidor No Responde". `status` is 0 so UI code can treat both shapes as `{status, body}`.
 */
import { fieldOf } from '#domain/guards';
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`API answered ${status}`);
  }
}

export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  readonly status = 0;
  readonly body = null;
  constructor(readonly reason: unknown) {
    super('No answer from the server');
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function isNetworkError(error: unknown): error is NetworkError {
  return error instanceof NetworkError;
}

/** The server's `detail` text of an error body, when it has one. */
export function errorDetail(error: unknown): string | null {
  if (!isApiError(error)) return null;
  const { body } = error;
  if (typeof body === 'string') return body;
  const detail = fieldOf(body, 'detail');
  return typeof detail === 'string' ? detail : null;
}

/**
 * A 2xx answer whose JSON does not have the agreed shape: treated like a server error so the
 * UI never renders half-parsed data. `body.detail` is an i18n key the error modal translates.
 */
export class BadResponseError extends ApiError {
  constructor(
    status: number,
    readonly issues: unknown,
  ) {
    super(status >= 200 && status < 300 ? 502 : status, { detail: 'errors.badResponse' });
  }
}
