/**
 * "Send and give me status, headers and body" for the sync engine, which must see every
 * outcome itself (Retry-After, Idempotent-Replayed, 401 → its own refresh) and must never be
 * retried behind its back. Same API root and Accept-Language as the rest of the API layer
 * (`http.ts`); `fetch` is injectable (tests, the service worker).
 */
import { WIPE_HEADER } from '#domain/lost-device';
import { noticeLost } from './lost-signal';
import { getApiBase, getApiLanguage, REQUEST_TIMEOUT_MS, type SearchParams } from './http';
import { NetworkError } from './errors';
import { parseJson } from '#domain/guards';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface RawRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path relative to the API root, e.g. "users/me.json". */
  path: string;
  searchParams?: SearchParams;
  json?: unknown;
  headers?: Record<string, string>;
  bearer?: string | null;
  timeoutMs?: number;
  fetch?: FetchLike;
  /** Called as the answer's body arrives, with the bytes received so far (the pull's counter). */
  onBytes?: (received: number) => void;
}

export interface RawAnswer {
  status: number;
  headers: Headers;
  body: unknown;
  /** Bytes of the answer's body (its text's length when it could not be read as a stream). */
  bytes: number;
}

/** The body as text, telling `onBytes` how much has arrived after each chunk. */
async function readBody(
  response: Response,
  onBytes: ((received: number) => void) | undefined,
): Promise<{ text: string; bytes: number }> {
  if (!onBytes || !response.body) {
    const text = await response.text();
    return { text, bytes: text.length };
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    text += decoder.decode(value, { stream: true });
    onBytes(received);
  }
  return { text: text + decoder.decode(), bytes: received };
}

function buildUrl(path: string, searchParams?: SearchParams): string {
  const base = getApiBase().replace(/\/+$/, '');
  const url = `${base}/${path.replace(/^\/+/, '')}`;
  if (!searchParams) return url;
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(searchParams)) query.set(k, String(v));
  return `${url}${url.includes('?') ? '&' : '?'}${query.toString()}`;
}

/** The absolute path of an API path on the server, e.g. "pagos/" → "/api/pagos/". */
export function apiPathname(path: string): string {
  return new URL(buildUrl(path), 'http://api.invalid').pathname;
}

/** One request, no retry; throws `NetworkError` when no complete answer came back. */
export async function rawRequest(request: RawRequest): Promise<RawAnswer> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': getApiLanguage(),
    ...request.headers,
  };
  if (request.bearer) headers.Authorization = `Bearer ${request.bearer}`;
  let body: string | undefined;
  if (request.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(request.json);
  }
  const doFetch = request.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), request.timeoutMs ?? REQUEST_TIMEOUT_MS);
  try {
    const response = await doFetch(buildUrl(request.path, request.searchParams), {
      method: request.method,
      headers,
      body,
      signal: controller.signal,
    });
    // The body is part of the answer: a connection cut while reading it is "no answer".
    const { text, bytes } = await readBody(response, request.onBytes);
    let parsed: unknown = null;
    if (text !== '') {
      try {
        parsed = parseJson(text);
      } catch {
        parsed = text;
      }
    }
    noticeLost(response.status, parsed, response.headers.get(WIPE_HEADER));
    return { status: response.status, headers: response.headers, body: parsed, bytes };
  } catch (error) {
    throw new NetworkError(error);
  } finally {
    clearTimeout(timer);
  }
}
