/**
 * A member's visit marks for its detail (`GET /api/visitas/?clave_socio=`, docs/community-visit.md):
 * newest first, with who marked them. Online only; the answer is checked against its schema.
 */
import { visitMarkListSchema, type VisitMarkRow } from '#domain/visit-shapes';
import { apiGet, type ApiOptions } from './client';

export function fetchVisitMarks(clave: number, options?: ApiOptions): Promise<VisitMarkRow[]> {
  return apiGet(`visitas/?clave_socio=${clave}`, visitMarkListSchema, options);
}
