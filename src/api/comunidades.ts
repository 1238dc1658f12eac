/** `GET /api/comunidades.json` → communities with region and hermitage names. */
import { z } from 'zod';
import { communitySchema } from '#domain/community-shapes';
import type { Community } from '#domain/entities';
import { apiGet, type ApiOptions } from './client';

// The tsumbalil commands check a community write's answer with it.
export { communitySchema } from '#domain/community-shapes';

export function fetchComunidades(options?: ApiOptions): Promise<Community[]> {
  return apiGet('comunidades.json', z.array(communitySchema), options);
}
