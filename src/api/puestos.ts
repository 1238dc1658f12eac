/** `GET /api/puestos.json` → reference list (loaded together after login/refresh). */
import { z } from 'zod';
import type { Puesto } from '#domain/entities';
import { puestoSchema } from '#domain/reference-shapes';
import { apiGet, type ApiOptions } from './client';

export function fetchPuestos(options?: ApiOptions): Promise<Puesto[]> {
  return apiGet('puestos.json', z.array(puestoSchema), options);
}
