/** Zod shape of the current user (`GET /api/users/me.json`, docs/architecture.md#api-conventions). */
export { meSchema } from '#domain/session-shapes';
