/** `GET /api/cargos.json` → reference list (spec part 1 §7, loaded together after login/refresh). */
import { z } from 'zod';
import type { Cargo } from '#domain/entities';
import { apiGet, type ApiOptions } from './client';

export const cargoSchema = z.object({
  id: z.number().int(),
  nombre_de_cargo: z.string(),
}) satisfies z.ZodType<Cargo, unknown>;

export function fetchCargos(options?: ApiOptions): Promise<Cargo[]> {
  return apiGet('cargos.json', z.array(cargoSchema), options);
}
