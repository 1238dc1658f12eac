/** `GET /api/ermitas.json` → hermitages (spec part 1 §3 "Reference lists"). */
import { z } from 'zod';
import type { Hermitage } from '#domain/entities';
import { apiGet, type ApiOptions } from './client';
import { latLngSchema } from './geo-schema';

/** Descriptive texts may be missing in the source data; the UI shows them empty. */
const text = z
  .string()
  .nullable()
  .transform((v) => v ?? '');

export const hermitageSchema = z.object({
  ermita_id: z.number().int(),
  nombre: z.string(),
  zona: text,
  interzona: text,
  municipio: text,
  localidad: text,
  localidad_nota: text,
  ubicacion: latLngSchema.default(null),
}) satisfies z.ZodType<Hermitage, unknown>;

export function fetchErmitas(options?: ApiOptions): Promise<Hermitage[]> {
  return apiGet('ermitas.json', z.array(hermitageSchema), options);
}
