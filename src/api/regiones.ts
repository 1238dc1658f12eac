/** `GET /api/regiones.json` → regions 1–10 with their polygon. */
import { z } from 'zod';
import type { Region } from '#domain/entities';
import { regionSchema } from '#domain/reference-shapes';
import { apiGet, type ApiOptions } from './client';

export function fetchRegiones(options?: ApiOptions): Promise<Region[]> {
  return apiGet('regiones.json', z.array(regionSchema), options);
}
