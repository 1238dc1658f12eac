/** `GET /api/comunidades.json` → communities with region and hermitage names (spec part 1 §7). */
import { z } from 'zod';
import type { Community } from '#domain/entities';
import { apiGet, type ApiOptions } from './client';
import { latLngSchema } from './geo-schema';

export const communitySchema = z.object({
  id: z.number().int(),
  nombre_de_comunidad: z.string(),
  region: z.number().int(),
  nombre_region: z.string(),
  ermita: z.number().int().nullable(),
  ermita_name: z.string().nullable().default(null),
  inegiLocalidad: z.string().nullable().default(null),
  ubicacion: latLngSchema.default(null),
}) satisfies z.ZodType<Community, unknown>;

export function fetchComunidades(options?: ApiOptions): Promise<Community[]> {
  return apiGet('comunidades.json', z.array(communitySchema), options);
}
