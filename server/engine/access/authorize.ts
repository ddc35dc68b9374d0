import type { FastifyInstance } from 'fastify';
import { guardCodes } from '../catalogue.ts';
import { forbidden } from '../../platform/http/envelope.ts';
import { buttonRefusal, declarationProblem, type RouteGuard } from './guards.ts';

/**
 * The server is where permissions are enforced (spec 6): every /api route declares what it
 * needs (public, any signed-in staff, or btnCodes of the catalogue) or the server does not
 * start; a caller without one of the route's codes gets 403 whatever the browser shows.
 */
export function registerAuthorization(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const problem = declarationProblem(String(route.method), route.url, (route.config ?? {}) as RouteGuard, app.catalogue.buttons);
    if (problem) throw new Error(problem);
  });

  // preValidation, after the signature check and before input validation: a caller without
  // the code learns nothing about what input the route would accept.
  app.addHook('preValidation', async (request) => {
    if (!request.staff) return;
    const refusal = buttonRefusal(guardCodes(request.routeOptions.config?.btnCode), request.staff.buttons, (c) => app.catalogue.buttons.get(c)?.name);
    if (refusal) throw forbidden(refusal);
  });
}
