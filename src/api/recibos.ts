/**
 * `GET /api/recibos/{code}/` (CO, GE, VI): what the server knows of a member's receipt code
 * (received, refused, not yet received). Online only: it asks the office's records.
 * `GET /api/recibos/mios/` (SO): the member's own receipts.
 */
import {
  memberReceiptsSchema,
  receiptLookupSchema,
  type MemberReceipt,
  type ReceiptLookup,
} from '#domain/receipts';
import { apiGet, type ApiOptions } from './client';

export function fetchReceiptLookup(code: string, options?: ApiOptions): Promise<ReceiptLookup> {
  return apiGet(`recibos/${encodeURIComponent(code)}/`, receiptLookupSchema, options);
}

/** `GET /api/recibos/mios/` (SO): the caller's own receipts, newest first. */
export function fetchMemberReceipts(options?: ApiOptions): Promise<MemberReceipt[]> {
  return apiGet('recibos/mios/', memberReceiptsSchema, options);
}
