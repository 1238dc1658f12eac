/**
 * Authenticated API calls. The bearer token is read from the session store at SEND time (a
 * request queued before a refresh goes out with the fresh token). A 401 triggers one token
 * refresh — shared by all calls that hit it at once — and one retry; anything else is
 * returned or thrown as it is (`ApiError` / `NetworkError`).
 */
import type { z } from 'zod';
import { isApiError, errorDetail } from './errors';
import { parseAnswer, sendRequest, type HttpMethod, type HttpOptions } from './http';
import { getSession, patchSession } from './session-store';
import { refreshToken } from './token-refresh';

export type ApiOptions = Omit<HttpOptions, 'bearer'>;

let refreshing: Promise<boolean> | null = null;

async function refreshOnce(): Promise<boolean> {
  const { refresh } = getSession();
  if (!refresh) return false;
  try {
    const answer = await refreshToken(refresh);
    // A logout while the refresh was in flight wins: don't resurrect the session.
    if (getSession().refresh !== refresh) return false;
    // Refresh tokens rotate: the one just sent no longer refreshes.
    patchSession({
      access: answer.access,
      userId: answer.localId,
      error: null,
      ...(answer.refresh !== undefined && { refresh: answer.refresh }),
    });
    return true;
  } catch (error) {
    if (isApiError(error)) patchSession({ error: errorDetail(error) });
    return false;
  }
}

/** Renew the access token; concurrent callers share one request. Resolves `true` on success. */
export function refreshAccessToken(): Promise<boolean> {
  refreshing ??= refreshOnce().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

export async function apiRequest<S extends z.ZodType>(
  method: HttpMethod,
  path: string,
  schema: S,
  options: ApiOptions = {},
): Promise<z.output<S>> {
  let answer = await sendRequest(method, path, { ...options, bearer: getSession().access });
  if (answer.status === 401 && getSession().refresh && (await refreshAccessToken())) {
    answer = await sendRequest(method, path, { ...options, bearer: getSession().access });
  }
  return parseAnswer(answer, schema);
}

export const apiGet = <S extends z.ZodType>(path: string, schema: S, options?: ApiOptions) =>
  apiRequest('get', path, schema, options);
