/**
 * `GET /api/comunidades/num-socios/` (docs/business-rules.md#other-areas): every
 * community with its location and its members AC in coffee, honey, soap and salaries — the process
 * map's counts for a user whose phone holds only part of the members (a promoter).
 */
import { z } from 'zod';
import { communityMemberCountsSchema, type CommunityMemberCounts } from '#domain/community-shapes';
import { apiGet, type ApiOptions } from './client';

export function fetchCommunityMemberCounts(options?: ApiOptions): Promise<CommunityMemberCounts[]> {
  return apiGet('comunidades/num-socios/', z.array(communityMemberCountsSchema), options);
}
