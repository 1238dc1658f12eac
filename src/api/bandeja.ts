/**
 * The office's inbox of field work: `GET /api/bandeja/` a page at a time (the
 * unreviewed count the menu shows is in inbox-count.ts), what the phones hold, the reviewed marks and the XLSX of the list as
 * filtered. Online only: a live office view, asked again after each sync.
 */
import {
  fieldPhonesSchema,
  inboxPageSchema,
  reviewAnswerSchema,
  type FieldPhonesAnswer,
  type InboxFilter,
  type InboxPage,
} from '#domain/field-inbox';
import { apiGet, apiRequest } from './client';
import { fetchServerXlsx } from './contratos-xlsx';
import type { SearchParams } from './http';

/** The filter as query parameters (empty ones left out). */
export function inboxParams(filter: InboxFilter): SearchParams {
  const params: SearchParams = {};
  for (const [key, value] of Object.entries(filter)) {
    if (value !== null && value !== undefined && value !== '') params[key] = value;
  }
  return params;
}

export function fetchInboxPage(
  filter: InboxFilter,
  after: string | null,
  limit = 50,
): Promise<InboxPage> {
  const searchParams = { ...inboxParams(filter), limit, ...(after ? { after } : {}) };
  return apiGet('bandeja/', inboxPageSchema, { searchParams });
}

export function fetchFieldPhones(): Promise<FieldPhonesAnswer> {
  return apiGet('bandeja/telefonos/', fieldPhonesSchema);
}

export async function markInboxReviewed(
  target: { ids: number[] } | { filtro: InboxFilter },
): Promise<number> {
  const json = 'ids' in target ? { ids: target.ids } : { filtro: inboxParams(target.filtro) };
  return (await apiRequest('post', 'bandeja/revisados/', reviewAnswerSchema, { json })).marcados;
}

export function fetchInboxXlsx(filter: InboxFilter): Promise<Blob> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(inboxParams(filter))) params.set(key, String(value));
  return fetchServerXlsx(`bandejaXLSX?${params.toString()}`);
}
