/**
 * `GET /api/sync/field-activity/` (CO, GE, VI): what arrived from each user in the field — the
 * office view of field queues in the sync center. Online only: it is a live office report, not
 * replicated data.
 */
import { fieldActivitySchema, type FieldActivityAnswer } from '#domain/sync-protocol';
import { apiGet, type ApiOptions } from './client';

export function fetchFieldActivity(options?: ApiOptions): Promise<FieldActivityAnswer> {
  return apiGet('sync/field-activity/', fieldActivitySchema, options);
}
