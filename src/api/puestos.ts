/** `GET /api/puestos.json` → reference list (spec part 1 §7, loaded together after login/refresh). */
import { z } from 'zod';
import type { Puesto } from '#domain/entities';
import { apiGet, type ApiOptions } from './client';

export const puestoSchema = z.object({
  id: z.number().int(),
  puesto: z.string(),
}) satisfies z.ZodType<Puesto, unknown>;

export function fetchPuestos(options?: ApiOptions): Promise<Puesto[]> {
  return apiGet('puestos.json', z.array(puestoSchema), options);
}
