/**
 * `PATCH /api/users/me.json` with the touched fields of first_name, last_name, phone (the
 * server refuses any other field, docs/business-rules.md#roles-and-scope) → the
 * updated user.
 */
import type { Me } from '#domain/entities';
import { apiRequest, type ApiOptions } from './client';
import { meSchema } from './me-schema';

export interface MePatch {
  first_name?: string;
  last_name?: string;
  phone?: string;
}

export function updateMe(patch: MePatch, options?: ApiOptions): Promise<Me> {
  return apiRequest('patch', 'users/me.json', meSchema, { ...options, json: patch });
}
