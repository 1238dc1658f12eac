/**
 * The server's answer to a member create or update (the shape of GET /socios/{id}.json), checked
 * before it replaces the optimistic record in the replica.
 */
import { socioAnswerSchema, type SocioAnswer } from '#domain/member-shapes';

export type { SocioAnswer } from '#domain/member-shapes';

export function parseSocioAnswer(body: unknown): SocioAnswer {
  return socioAnswerSchema.parse(body);
}
