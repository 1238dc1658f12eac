/**
 * `GET /api/sync/field-activity/` (CO, GE, VI): what arrived from each user in the field — the
 * office view of field queues in the sync center. Online only: it is a live office report, not
 * replicated data.
 */
import { z } from 'zod';
import type {
  FieldActivityAnswer,
  FieldActivityItem,
  FieldActivityUser,
} from '#domain/sync-protocol';
import { apiGet, type ApiOptions } from './client';

const countsSchema = z.record(z.string(), z.number().int());

export const fieldActivityItemSchema = z.object({
  kind: z.string(),
  record_ref: z.string().nullable(),
  status: z.number().int(),
  captured_at: z.string().nullable(),
  received_at: z.string(),
  reason: z.string().nullable(),
}) satisfies z.ZodType<FieldActivityItem, unknown>;

export const fieldActivityUserSchema = z.object({
  user_id: z.number().int(),
  username: z.string(),
  name: z.string(),
  role: z.string(),
  region: z.number().int().nullable(),
  last_contact: z.string().nullable(),
  today: countsSchema,
  week: countsSchema,
  recent: z.array(fieldActivityItemSchema),
  rejected: z.array(fieldActivityItemSchema),
}) satisfies z.ZodType<FieldActivityUser, unknown>;

export const fieldActivitySchema = z.object({
  generated_at: z.string(),
  users: z.array(fieldActivityUserSchema),
}) satisfies z.ZodType<FieldActivityAnswer, unknown>;

export function fetchFieldActivity(options?: ApiOptions): Promise<FieldActivityAnswer> {
  return apiGet('sync/field-activity/', fieldActivitySchema, options);
}
