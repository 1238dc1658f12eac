/** `GET /api/fuentes.json` → reference list (loaded together after login/refresh). */
import { z } from 'zod';
import type { Fuente } from '#domain/entities';
import { fuenteSchema } from '#domain/reference-shapes';
import { apiGet, type ApiOptions } from './client';

export function fetchFuentes(options?: ApiOptions): Promise<Fuente[]> {
  return apiGet('fuentes.json', z.array(fuenteSchema), options);
}
