/**
 * `GET /api/contratosXLSX/?all=&region=` (spec part 2 §7): the contracts spreadsheet the
 * server builds (privileged and visitors); `fetchServerXlsx` fetches any other such file (the
 * reports'). The answer is a binary file, so this call reads a
 * Blob instead of JSON; like every authenticated call it renews the token once on a 401.
 */
import { refreshAccessToken } from './client';
import { ApiError, NetworkError } from './errors';
import { getApiBase, getApiLanguage, REQUEST_TIMEOUT_MS } from './http';
import { getSession } from './session-store';
import { parseJson } from '#domain/guards';

export interface ContratosXlsxQuery {
  /** Every contract (true) or only those with debt (false). */
  all: boolean;
  /** 'ALL' or a region 1–10. */
  region: 'ALL' | number;
}

export function contratosXlsxFilename(query: ContratosXlsxQuery): string {
  return `contratos-${query.region}.xlsx`;
}

async function send(url: string): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS * 3);
  const headers: Record<string, string> = { 'Accept-Language': getApiLanguage() };
  const token = getSession().access;
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await globalThis.fetch(url, { headers, signal: controller.signal });
  } catch (error) {
    throw new NetworkError(error);
  } finally {
    clearTimeout(timer);
  }
}

async function errorBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return parseJson(text);
  } catch {
    return text;
  }
}

/** A spreadsheet the server builds, at `path` below the API base (query included). */
export async function fetchServerXlsx(path: string): Promise<Blob> {
  const url = `${getApiBase().replace(/\/+$/, '')}/${path}`;
  let response = await send(url);
  if (response.status === 401 && getSession().refresh && (await refreshAccessToken()))
    response = await send(url);
  if (!response.ok) throw new ApiError(response.status, await errorBody(response));
  return response.blob();
}

export function fetchContratosXlsx(query: ContratosXlsxQuery): Promise<Blob> {
  const params = new URLSearchParams({ region: String(query.region) });
  if (query.all) params.set('all', 'true');
  return fetchServerXlsx(`contratosXLSX/?${params.toString()}`);
}
