/** Route guards shared by the member, community and hermitage routes. */
import type { preHandlerAsyncHookHandler } from 'fastify';
import { can, type ActionOf, type Resource } from '#domain/permissions';
import { currentUser } from '#server/auth/authenticate';
import { forbidden, notFound } from '#server/http/errors';
import { isDbId } from '#server/services/references';

/** preHandler: 403 unless the caller's role may do `action` on `resource` (#domain/permissions). */
export function requirePermission<R extends Resource>(
  resource: R,
  action: ActionOf<R>,
): preHandlerAsyncHookHandler {
  return async (request) => {
    if (!can(currentUser(request).role, resource, action)) throw forbidden();
  };
}

/** A record id from the path; anything that cannot be an id is a 404 like an unknown id. */
export function pathId(raw: string): number {
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!isDbId(id)) throw notFound();
  return id;
}
