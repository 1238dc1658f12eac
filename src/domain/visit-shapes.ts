/**
 * A visit mark as the API answers it (`POST /api/visitas/`, `GET /api/visitas/?clave_socio=`):
 * the server's response schema and the phone's check of a write's answer (docs/community-visit.md).
 */
import * as z from 'zod';
import { VISIT_MARKS } from './forms/visit-mark';

export const visitMarkRowSchema = z.object({
  id: z.number().int(),
  clave_socio: z.number().int(),
  nombre_socio: z.string(),
  comunidad: z.number().int(),
  nombre_comunidad: z.string(),
  tipo: z.enum(VISIT_MARKS),
  fecha: z.string(),
  fecha_promesa: z.string().nullable(),
  promotor: z.number().int(),
  nombre_promotor: z.string(),
  /** When the promoter marked it on the phone (X-Captured-At), else when it arrived. */
  capturado_en: z.string(),
  recibido_en: z.string(),
});
export type VisitMarkRow = z.infer<typeof visitMarkRowSchema>;

export const visitMarkListSchema = z.array(visitMarkRowSchema);

/** A member's marks the list answers at most (the newest). */
export const VISIT_MARKS_LIST_MAX = 100;
