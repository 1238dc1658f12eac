/** `GET /api/ermitas.json` → hermitages. */
import { z } from 'zod';
import { hermitageSchema } from '#domain/community-shapes';
import type { Hermitage } from '#domain/entities';
import { apiGet, type ApiOptions } from './client';

export function fetchErmitas(options?: ApiOptions): Promise<Hermitage[]> {
  return apiGet('ermitas.json', z.array(hermitageSchema), options);
}
