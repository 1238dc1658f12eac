/**
 * The low-level HTTP layer: one ky instance for the whole app
 * (docs/architecture.md#api-conventions: base `/api`, JSON in and out, `Accept-Language` from the
 * UI language). It never retries a write and never adds the bearer token itself — `client.ts` does
 * that, reading the token at send time. Token calls (`token.ts`, `token-refresh.ts`) use this layer
 * directly because they carry no bearer.
 */
import { noticeLost } from './lost-signal';
import ky from 'ky';
import type { z } from 'zod';
import { ApiError, BadResponseError, NetworkError } from './errors';
import { parseJson } from '#domain/guards';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
export type SearchParams = Record<string, string | number | boolean>;

export interface HttpOptions {
  json?: unknown;
  searchParams?: SearchParams;
  headers?: Record<string, string>;
  /** Bearer token to send; `null`/absent sends none. */
  bearer?: string | null;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface HttpAnswer {
  status: number;
  ok: boolean;
  body: unknown;
}

/** Slow rural links: generous, but a hung request must end so the UI can say "no answer". */
export const REQUEST_TIMEOUT_MS = 20_000;

let apiBase = '/api';
let language = 'es';

/** Point the client at another API root (tests, the sync engine running outside a page). */
export function setApiBase(base: string): void {
  apiBase = base;
}

/** The UI language, sent as `Accept-Language` so server messages come translated. */
export function setApiLanguage(lang: string): void {
  language = lang;
}

export function getApiLanguage(): string {
  return language;
}

/** The API root as an absolute URL when a page (or worker) location is known. */
function absoluteBase(): string {
  const here = typeof location === 'undefined' ? undefined : location.href;
  return here ? new URL(apiBase, here).href : apiBase;
}

/** The absolute API root (for callers that speak HTTP themselves, e.g. the sync engine). */
export function getApiBase(): string {
  return absoluteBase();
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return parseJson(text);
  } catch {
    return text;
  }
}

/** Send one request; answers every HTTP status, throws `NetworkError` when nothing came back. */
export async function sendRequest(
  method: HttpMethod,
  path: string,
  options: HttpOptions = {},
): Promise<HttpAnswer> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': language,
    ...options.headers,
  };
  if (options.bearer) headers.Authorization = `Bearer ${options.bearer}`;
  // The device has no network at all (the browser knows that much; a connection it believes in
  // may still be dead): no answer at once, rather than a fetch and its retry that cannot succeed
  // on the main thread of a phone starting offline.
  if (typeof navigator !== 'undefined' && navigator.onLine === false)
    throw new NetworkError(new Error('offline'));
  try {
    const response = await ky(path.replace(/^\/+/, ''), {
      prefixUrl: absoluteBase(),
      method,
      headers,
      json: options.json,
      searchParams: options.searchParams,
      timeout: options.timeoutMs ?? REQUEST_TIMEOUT_MS,
      signal: options.signal,
      // Reads may be retried once on a dropped connection; writes never (idempotency is the
      // sync engine's job, with its Idempotency-Key).
      retry: method === 'get' ? { limit: 1, statusCodes: [] } : 0,
      throwHttpErrors: false,
      // Resolved per call so tests and the service worker can swap `fetch`.
      fetch: (input, init) => globalThis.fetch(input, init),
    });
    const body = await readBody(response);
    noticeLost(response.status, body);
    return { status: response.status, ok: response.ok, body };
  } catch (error) {
    // A caller's own abort is not a connectivity problem; everything else (offline, DNS,
    // timeout, connection reset) is "no answer".
    if (options.signal?.aborted) throw error;
    throw new NetworkError(error);
  }
}

/** Throw `ApiError` for a non-2xx answer, else validate the body against the answer schema. */
export function parseAnswer<S extends z.ZodType>(answer: HttpAnswer, schema: S): z.output<S> {
  if (!answer.ok) throw new ApiError(answer.status, answer.body);
  const parsed = schema.safeParse(answer.body);
  if (!parsed.success) throw new BadResponseError(answer.status, parsed.error.issues);
  return parsed.data;
}

/** A call without bearer and without refresh handling (login, token refresh, public config). */
export async function requestJson<S extends z.ZodType>(
  method: HttpMethod,
  path: string,
  schema: S,
  options: HttpOptions = {},
): Promise<z.output<S>> {
  return parseAnswer(await sendRequest(method, path, options), schema);
}
