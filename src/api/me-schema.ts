/**
 * Zod shape of the current user (`GET /api/users/me.json`, ARCHITECTURE.md "API conventions").
 * The phone reads `traductor` (issue 20) with a default: an older server, or a user stored on the
 * phone before the flag existed, means "not a translator".
 */
import { z } from 'zod';
import { meSchema as answerSchema } from '#domain/reference-shapes';

export const meSchema = answerSchema.extend({ traductor: z.boolean().default(false) });
