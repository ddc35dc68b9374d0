import type { FastifyInstance } from 'fastify';
import type { RouteEntry } from '../../server/platform/http/routeTable.ts';

/** Every /api route of the running server, from its route table (routes added later come by themselves). */
export const apiRoutes = (app: FastifyInstance): RouteEntry[] => app.routeTable.filter((r) => r.url.startsWith('/api/'));

/** The btnCodes a route needs (none for public and any-staff routes). */
export const codesOf = (route: RouteEntry) => [route.config.btnCode].flat().filter(Boolean) as string[];

/** A callable URL for a route: path parameters get plausible values (a month, a stored file name, else id 1). */
export const concreteUrl = (url: string) => url.replace(':month', '202611').replace(':name', `${'0'.repeat(32)}.png`).replace(/:(\w+)/g, '1');
