import type { FastifyInstance } from 'fastify';

/** A route as registered, for the authorisation matrix and the fuzzers. */
export interface RouteEntry {
  method: string;
  url: string;
  config: Record<string, unknown>;
  schema: Record<string, unknown> | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered (tests walk it: the authorisation matrix, the fuzzers). */
    routeTable: RouteEntry[];
  }
}

/** Records every route as it is added; must be registered before the routes. */
export function recordRoutes(app: FastifyInstance): void {
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      // schema is read when asked: the /api plugin's own onRoute hooks run later and give it defaults.
      if (method !== 'HEAD') routeTable.push({ method, url: route.url, config: (route.config ?? {}) as Record<string, unknown>, get schema() { return route.schema as Record<string, unknown> | undefined; } });
    }
  });
}
