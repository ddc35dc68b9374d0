import type { FastifyInstance } from 'fastify';
import { ok } from './platform/http/envelope.ts';
import { registerAuthentication } from './engine/access/authenticate.ts';
import { registerSignatureCheck } from './platform/http/signature.ts';
import { registerRequestLog } from './platform/http/requestLog.ts';
import { registerAuthorization } from './engine/access/authorize.ts';
import { registerInputDefaults } from './platform/http/inputSchemas.ts';
import { registerPersonalDataMasking } from './platform/http/personalData.ts';
import { registerListAnswers } from './platform/http/listAnswers.ts';
import { resourceRoutes } from './engine/resources/index.ts';
import { reportRoutes } from './engine/reports.ts';
import { registerSchedule } from './engine/schedule.ts';
import { downloadCenterRoutes } from './engine/exportJobs.ts';
import { hooksOf, type ServerModule } from './engine/module.ts';
import { SERVICE_PREFIXES } from '../src/shared/servicePrefixes.ts';
import { namedPlugin } from './platform/http/namedPlugin.ts';

/**
 * Mounts every service as its own plugin under /api/<prefix>, behind one authentication and one
 * signature check: the modules' own routes for that prefix, then the generic endpoints of the
 * resources and reports declared under schemas/. A service without routes yet still answers /health.
 */
export default async function apiPlugin(app: FastifyInstance, { modules }: { modules: readonly ServerModule[] }) {
  registerAuthentication(app);
  registerSignatureCheck(app);
  registerRequestLog(app);
  registerAuthorization(app);
  registerInputDefaults(app);
  registerListAnswers(app);
  registerPersonalDataMasking(app);
  const hooks = hooksOf(modules);
  for (const prefix of SERVICE_PREFIXES) {
    await app.register(
      namedPlugin(`service ${prefix}`, async (service) => {
        service.get('/health', { config: { public: true, unsigned: true } }, async () => ok({ service: prefix, status: 'up' }));
        for (const m of modules) {
          const routes = m.routes?.[prefix];
          if (routes) await service.register(namedPlugin(`${m.name} ${prefix} routes`, routes));
        }
        for (const resource of app.catalogue.resources.values()) {
          if (resource.service === prefix) await service.register(namedPlugin(`resource ${resource.name}`, resourceRoutes(resource, hooks[resource.name], hooks)), { prefix: resource.path });
        }
        // The download center of background exports, owned by each caller (server/engine/exportJobs.ts).
        if (prefix === 'report') await service.register(namedPlugin('download center', downloadCenterRoutes('download-center:view')), { prefix: '/downloadCenter' });
        for (const report of app.catalogue.reports.values()) {
          if (report.service === prefix) await service.register(namedPlugin(`report ${report.name}`, reportRoutes(report, hooks[report.source], hooks)), { prefix: report.path });
        }
      }),
      { prefix: `/${prefix}` },
    );
  }
  // Recurring generation (a plan's tasks) runs on the timers' clock once every resource is mounted.
  for (const resource of app.catalogue.resources.values()) if (resource.schedule) registerSchedule(app, resource, app.catalogue.resources);
}
