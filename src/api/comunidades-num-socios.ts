/**
 * `GET /api/comunidades/num-socios/` (spec part 2 §7, BUSINESS_RULES §12): every community
 * with its location and its members AC in coffee, honey, soap and salaries — the process map's
 * counts for a user whose phone holds only part of the members (a promoter).
 */
import { z } from 'zod';
import { apiGet, type ApiOptions } from './client';
import { latLngSchema } from './geo-schema';

const count = z.number().int().nonnegative();

export const communityMemberCountsSchema = z.object({
  id: z.number().int(),
  nombre_de_comunidad: z.string(),
  nombre_region: z.string(),
  region: z.number().int(),
  ubicacion: latLngSchema.default(null),
  ermita_name: z.string().nullable().default(null),
  inegiLocalidad: z.string().nullable().default(null),
  num_socios_cf: count,
  num_socios_mi: count,
  num_socios_ja: count,
  num_socios_sl: count,
});
export type CommunityMemberCounts = z.output<typeof communityMemberCountsSchema>;

export function fetchCommunityMemberCounts(options?: ApiOptions): Promise<CommunityMemberCounts[]> {
  return apiGet('comunidades/num-socios/', z.array(communityMemberCountsSchema), options);
}
