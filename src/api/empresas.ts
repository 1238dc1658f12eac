/** `GET /api/empresas.json` → reference list (loaded together after login/refresh). */
import { z } from 'zod';
import type { Empresa } from '#domain/entities';
import { empresaSchema } from '#domain/reference-shapes';
import { apiGet, type ApiOptions } from './client';

export function fetchEmpresas(options?: ApiOptions): Promise<Empresa[]> {
  return apiGet('empresas.json', z.array(empresaSchema), options);
}
