/** `GET /api/cargos.json` → reference list (loaded together after login/refresh). */
import { z } from 'zod';
import type { Cargo } from '#domain/entities';
import { cargoSchema } from '#domain/reference-shapes';
import { apiGet, type ApiOptions } from './client';

export function fetchCargos(options?: ApiOptions): Promise<Cargo[]> {
  return apiGet('cargos.json', z.array(cargoSchema), options);
}
