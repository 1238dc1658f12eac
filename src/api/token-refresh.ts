/** `POST /api/token/refresh/` {refresh} → {access, localId}. No bearer. */
import type { RefreshAnswer } from '#domain/entities';
import { refreshAnswerSchema } from '#domain/session-shapes';
import { requestJson } from './http';

export function refreshToken(refresh: string): Promise<RefreshAnswer> {
  return requestJson('post', 'token/refresh/', refreshAnswerSchema, { json: { refresh } });
}
