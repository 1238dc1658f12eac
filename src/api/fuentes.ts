/** `GET /api/fuentes.json` → reference list (spec part 1 §7, loaded together after login/refresh). */
import { z } from 'zod';
import type { Fuente } from '#domain/entities';
import { apiGet, type ApiOptions } from './client';

export const fuenteSchema = z.object({
  id: z.number().int(),
  fuente: z.string(),
}) satisfies z.ZodType<Fuente, unknown>;

export function fetchFuentes(options?: ApiOptions): Promise<Fuente[]> {
  return apiGet('fuentes.json', z.array(fuenteSchema), options);
}
