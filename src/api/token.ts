/** `POST /api/token/` {username, password} → {access, refresh, localId} (spec part 1 §7). */
import { z } from 'zod';
import type { TokenPair } from '#domain/entities';
import { requestJson } from './http';

export const tokenPairSchema = z.object({
  access: z.string().min(1),
  refresh: z.string().min(1),
  localId: z.number().int(),
}) satisfies z.ZodType<TokenPair, unknown>;

export interface Credentials {
  username: string;
  password: string;
}

export function obtainToken(credentials: Credentials): Promise<TokenPair> {
  return requestJson('post', 'token/', tokenPairSchema, { json: credentials });
}
