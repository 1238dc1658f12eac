/** `GET /api/cargos-coop.json` → reference list (loaded together after login/refresh). */
import { z } from 'zod';
import type { CargoCoop } from '#domain/entities';
import { cargoCoopSchema } from '#domain/reference-shapes';
import { apiGet, type ApiOptions } from './client';

export function fetchCargosCoop(options?: ApiOptions): Promise<CargoCoop[]> {
  return apiGet('cargos-coop.json', z.array(cargoCoopSchema), options);
}
