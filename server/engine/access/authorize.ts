import type { FastifyInstance } from 'fastify';
import { guardCodes } from '../catalogue.ts';
import { forbidden } from '../../platform/http/envelope.ts';

/**
 * The server is where permissions are enforced (spec 6): every /api route declares what it
 * needs (public, any signed-in staff, or btnCodes of the catalogue) or the server does not
 * start; a caller without one of the route's codes gets 403 whatever the browser shows.
 */
export function registerAuthorization(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const config = (route.config ?? {}) as { public?: boolean; anyStaff?: boolean; btnCode?: string | string[] };
    const codes = guardCodes(config.btnCode);
    if (!config.public && !config.anyStaff && codes.length === 0) {
      throw new Error(`${route.method} ${route.url}: declare config.btnCode, config.anyStaff or config.public`);
    }
    for (const code of codes) {
      if (!app.catalogue.buttons.has(code)) throw new Error(`${route.method} ${route.url}: btnCode "${code}" is not in the permission catalogue`);
    }
  });

  // preValidation, after the signature check and before input validation: a caller without
  // the code learns nothing about what input the route would accept.
  app.addHook('preValidation', async (request) => {
    const codes = guardCodes(request.routeOptions.config?.btnCode);
    if (!codes.length || !request.staff) return;
    if (codes.some((code) => request.staff!.buttons.has(code))) return;
    const names = codes.map((c) => app.catalogue.buttons.get(c)?.name ?? c).join('」或「');
    throw forbidden(`没有权限执行该操作（需要「${names}」权限）`);
  });
}
