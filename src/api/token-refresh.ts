/** `POST /api/token/refresh/` {refresh} → {access, localId} (spec part 1 §7). No bearer. */
import { z } from 'zod';
import type { RefreshAnswer } from '#domain/entities';
import { requestJson } from './http';

export const refreshAnswerSchema = z.object({
  access: z.string().min(1),
  localId: z.number().int(),
}) satisfies z.ZodType<RefreshAnswer, unknown>;

export function refreshToken(refresh: string): Promise<RefreshAnswer> {
  return requestJson('post', 'token/refresh/', refreshAnswerSchema, { json: { refresh } });
}
