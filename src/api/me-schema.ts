/** Zod shape of the current user (`GET /api/users/me.json`, ARCHITECTURE.md "API conventions"). */
export { meSchema } from '#domain/session-shapes';
