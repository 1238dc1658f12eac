/** `POST /api/token/` {username, password} → {access, refresh, localId} (spec part 1 §7). */
import type { TokenPair } from '#domain/entities';
import { tokenPairSchema } from '#domain/session-shapes';
import { requestJson } from './http';

export interface Credentials {
  username: string;
  password: string;
}

export function obtainToken(credentials: Credentials): Promise<TokenPair> {
  return requestJson('post', 'token/', tokenPairSchema, { json: credentials });
}
