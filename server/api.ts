import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { ok } from './platform/http/envelope.ts';
import { registerAuthentication } from './engine/access/authenticate.ts';
import { registerSignatureCheck } from './platform/http/signature.ts';
import { registerAuthorization } from './engine/access/authorize.ts';
import { registerInputDefaults } from './platform/http/inputSchemas.ts';
import { registerListAnswers } from './platform/http/listAnswers.ts';
import { resourceRoutes } from './engine/resources/index.ts';
import { RESOURCE_HOOKS } from './resourceHooks.ts';
import { reportRoutes } from './engine/reports.ts';
import basisService from './modules/settings/dictRoutes.ts';
import { SERVICE_PREFIXES, type ServicePrefix } from '../src/shared/servicePrefixes.ts';
import authService from './modules/auth/routes.ts';
import baseService from './modules/org/baseRoutes.ts';
import fileService from './modules/files/routes.ts';
import patrolService, { taskSyncRoutes } from './modules/patrol/index.ts';
import messageService from './modules/messages/routes.ts';
import esService from './modules/workorder/searchRoutes.ts';

/** The routes of each service; a service without its own routes yet still answers /health. */
const SERVICES: Partial<Record<ServicePrefix, FastifyPluginAsync>> = {
  auth: authService,
  base: baseService,
  file: fileService,
  message: messageService,
  basis: basisService,
  patrol: patrolService,
  mkf: taskSyncRoutes,
  es: esService,
};

/** Mounts every service as its own plugin under /api/<prefix>, behind one authentication and one signature check. */
export default async function apiPlugin(app: FastifyInstance) {
  registerAuthentication(app);
  registerSignatureCheck(app);
  registerAuthorization(app);
  registerInputDefaults(app);
  registerListAnswers(app);
  for (const prefix of SERVICE_PREFIXES) {
    await app.register(
      async (service) => {
        service.get('/health', { config: { public: true, unsigned: true } }, async () => ok({ service: prefix, status: 'up' }));
        const routes = SERVICES[prefix];
        if (routes) await service.register(routes);
        // Resources declared in schemas/resources/ get their generic endpoints under their service.
        for (const resource of app.catalogue.resources.values()) {
          if (resource.service === prefix) await service.register(resourceRoutes(resource, RESOURCE_HOOKS[resource.name]), { prefix: resource.path });
        }
        // Reports declared in schemas/reports/ likewise.
        for (const report of app.catalogue.reports.values()) {
          if (report.service === prefix) await service.register(reportRoutes(report, RESOURCE_HOOKS[report.source]), { prefix: report.path });
        }
      },
      { prefix: `/${prefix}` },
    );
  }
}
