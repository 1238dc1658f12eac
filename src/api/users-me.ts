/** `GET /api/users/me.json` → the current user. */
import type { Me } from '#domain/entities';
import { apiGet, type ApiOptions } from './client';
import { meSchema } from './me-schema';

export { meSchema };

export function fetchMe(options?: ApiOptions): Promise<Me> {
  return apiGet('users/me.json', meSchema, options);
}
