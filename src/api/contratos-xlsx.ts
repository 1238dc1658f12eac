/**
 * `GET /api/contratosXLSX/?all=&region=`: the contracts spreadsheet the
 * server builds (privileged and visitors); `fetchServerXlsx` fetches any other such file (the
 * reports'). The answer is a binary file, so this call reads a
 * Blob instead of JSON; like every authenticated call it renews the token once on a 401.
 */
import { refreshAccessToken } from './client';
import { ApiError, NetworkError } from './errors';
import { getApiBase, getApiLanguage } from './http';
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

/**
 * Where a server-built file is: the server is still writing it (nothing has come back yet), or
 * its bytes are arriving.
 */
export type DownloadProgress = { phase: 'preparing' } | { phase: 'receiving'; bytes: number };

/**
 * The request of a file. No fixed time limit: a large spreadsheet can take the server minutes
 * under load, and a limit had given up on files that were about to come; the download is
 * shown as being prepared meanwhile, and a dropped connection still ends it.
 */
async function send(url: string, signal: AbortSignal | undefined): Promise<Response> {
  const headers: Record<string, string> = { 'Accept-Language': getApiLanguage() };
  const token = getSession().access;
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await globalThis.fetch(url, { headers, ...(signal && { signal }) });
  } catch (error) {
    throw new NetworkError(error);
  }
}

/** The file's body, telling `onProgress` the bytes received so far after each chunk. */
async function bodyOf(
  response: Response,
  onProgress: ((progress: DownloadProgress) => void) | undefined,
): Promise<Blob> {
  const type = response.headers.get('content-type') ?? '';
  if (!onProgress || !response.body) return response.blob();
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  onProgress({ phase: 'receiving', bytes });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      bytes += value.byteLength;
      onProgress({ phase: 'receiving', bytes });
    }
  } catch (error) {
    throw new NetworkError(error);
  }
  return new Blob(chunks, { type });
}

async function errorBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return parseJson(text);
  } catch {
    return text;
  }
}

export interface FileFetchOptions {
  onProgress?: (progress: DownloadProgress) => void;
  signal?: AbortSignal;
}

/** A spreadsheet the server builds, at `path` below the API base (query included). */
export async function fetchServerXlsx(path: string, options: FileFetchOptions = {}): Promise<Blob> {
  const url = `${getApiBase().replace(/\/+$/, '')}/${path}`;
  options.onProgress?.({ phase: 'preparing' });
  let response = await send(url, options.signal);
  if (response.status === 401 && getSession().refresh && (await refreshAccessToken()))
    response = await send(url, options.signal);
  if (!response.ok) throw new ApiError(response.status, await errorBody(response));
  return bodyOf(response, options.onProgress);
}

export function fetchContratosXlsx(
  query: ContratosXlsxQuery,
  options?: FileFetchOptions,
): Promise<Blob> {
  const params = new URLSearchParams({ region: String(query.region) });
  if (query.all) params.set('all', 'true');
  return fetchServerXlsx(`contratosXLSX/?${params.toString()}`, options);
}
