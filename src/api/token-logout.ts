/** `POST /api/token/logout/` {refresh} → {ended}: the server ends the session on every instance. */
import * as z from 'zod';
import { requestJson } from './http';

const logoutAnswerSchema = z.object({ ended: z.boolean() });

export function endServerSession(refresh: string): Promise<{ ended: boolean }> {
  return requestJson('post', 'token/logout/', logoutAnswerSchema, { json: { refresh } });
}
