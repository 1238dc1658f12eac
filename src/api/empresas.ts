/** `GET /api/empresas.json` → reference list (spec part 1 §7, loaded together after login/refresh). */
import { z } from 'zod';
import type { Empresa } from '#domain/entities';
import { apiGet, type ApiOptions } from './client';

export const empresaSchema = z.object({
  id: z.number().int(),
  nombre_empresa: z.string(),
}) satisfies z.ZodType<Empresa, unknown>;

export function fetchEmpresas(options?: ApiOptions): Promise<Empresa[]> {
  return apiGet('empresas.json', z.array(empresaSchema), options);
}
