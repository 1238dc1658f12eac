/**
 * The office's inbox of field work (issue 22): `GET /api/bandeja/` a page at a time, the
 * unreviewed count, what the phones hold, the reviewed marks and the XLSX of the list as
 * filtered. Online only: a live office view, asked again after each sync.
 */
import {
  fieldPhonesSchema,
  inboxPageSchema,
  inboxSummarySchema,
  reviewAnswerSchema,
  type FieldPhonesAnswer,
  type InboxFilter,
  type InboxPage,
} from '#domain/field-inbox';
import { apiGet, apiRequest } from './client';
import { fetchServerXlsx } from './contratos-xlsx';
import type { SearchParams } from './http';
import { createStore } from 'zustand/vanilla';

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

export async function fetchUnreviewedCount(): Promise<number> {
  return (await apiGet('bandeja/resumen/', inboxSummarySchema)).sin_revisar;
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

/**
 * The unreviewed count the side menu shows, shared by the menu and the inbox (a mark made on
 * the screen updates the menu at once); refreshed after each of this office user's syncs.
 */
export const inboxCountStore = createStore<{ unreviewed: number | null }>(() => ({
  unreviewed: null,
}));

export async function refreshUnreviewedCount(): Promise<void> {
  try {
    inboxCountStore.setState({ unreviewed: await fetchUnreviewedCount() });
  } catch {
    // Offline or refused: the menu keeps the count it had.
  }
}
