/** `GET /api/regiones.json` → regions 1–10 with their polygon (spec part 1 §7). */
import { z } from 'zod';
import type { Region } from '#domain/entities';
import { apiGet, type ApiOptions } from './client';
import { geoPolygonSchema } from './geo-schema';

export const regionSchema = z.object({
  id: z.number().int(),
  nombre_de_region: z.string(),
  poly: geoPolygonSchema.nullable().default(null),
}) satisfies z.ZodType<Region, unknown>;

export function fetchRegiones(options?: ApiOptions): Promise<Region[]> {
  return apiGet('regiones.json', z.array(regionSchema), options);
}
