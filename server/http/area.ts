/**
 * `area(tag, routes)`: the encapsulated plugin of one area of the API (members, contracts,
 * payments…). app.ts registers it with the area's prefix; its routes are tagged with the area
 * in the OpenAPI document.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

export function area(
  tag: string,
  routes: (app: FastifyInstance) => void | Promise<void>,
): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, tags: [tag] };
    });
    await routes(app);
  };
}
