/**
 * `POST /api/token/` {username, password, device?} → {access, refresh, localId,
 * device}. The device token of an earlier login of the user goes along, and the one
 * answered is kept for the next (server/auth/login-limiter.ts: a known device).
 */
import type { TokenPair } from '#domain/entities';
import { tokenPairSchema } from '#domain/session-shapes';
import { requestJson } from './http';
import { keepDeviceToken, keptDeviceToken } from './session-store';

export interface Credentials {
  username: string;
  password: string;
}

export async function obtainToken(credentials: Credentials): Promise<TokenPair> {
  const device = keptDeviceToken(credentials.username);
  const pair = await requestJson('post', 'token/', tokenPairSchema, {
    json: { ...credentials, ...(device !== null && { device }) },
  });
  if (pair.device) keepDeviceToken(credentials.username, pair.device);
  return pair;
}
