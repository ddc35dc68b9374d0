import Fastify, { LogController, type FastifyInstance } from 'fastify';

/** Per-request lines at debug level, so `npm start` shows what matters (LOG_LEVEL=debug shows them all). */
class QuietRequestLogs extends LogController {
  override incomingRequest(request: Parameters<LogController['incomingRequest']>[0]) {
    request.log.debug({ req: request }, 'incoming request');
  }
  override requestCompleted(error: Error | null, _request: unknown, reply: Parameters<LogController['requestCompleted']>[2]) {
    if (error) reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
import type { Config } from './platform/config.ts';
import { openConfiguredDatabase, refreshPlannerStatistics, type OpenedDatabase } from './platform/db/index.ts';
import { migrateToLatest } from './platform/db/migrator.ts';
import { MODULES } from './modules.ts';
import type { ServerModule } from './engine/module.ts';
import { seedDatabase } from './seed.ts';
import { loadCatalogue, type Catalogue } from './engine/catalogue.ts';
import { syncResourceTables } from './engine/tables.ts';
import { syncPermissionCatalogue } from './engine/access/permissions.ts';
import { SessionStore } from './platform/auth/sessions.ts';
import { authVersionReader } from './platform/auth/authVersion.ts';
import { registerErrorHandling } from './platform/http/errors.ts';
import { registerJsonLimits } from './platform/http/jsonLimits.ts';
import { registerWebApp } from './platform/http/web.ts';
import { registerSecurityHeaders } from './platform/http/securityHeaders.ts';
import { CappedCounts } from './platform/http/paging.ts';
import { ListAnswers } from './platform/http/listAnswers.ts';
import apiPlugin from './api.ts';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { sharedRateLimitStore } from './platform/http/sharedRateLimit.ts';
import { registerEmbeddedProvider } from './platform/sso/provider.ts';
import { SsoClient } from './platform/sso/client.ts';
import { registerWorkflowTimers } from './engine/timers.ts';
import { registerApprovals } from './engine/approvals.ts';
import { registerPush } from './platform/push/index.ts';
import { recordRoutes } from './platform/http/routeTable.ts';
import { sharedRouteCompilers } from './platform/http/validators.ts';

export interface BuildOptions {
  /** Directory of the built web app (tests may point elsewhere). */
  webRoot?: string;
  /** Directory of the page schemas and resource definitions; default schemas/. */
  schemasDir?: string;
  /** The business modules (default: all of server/modules.ts). */
  modules?: readonly ServerModule[];
}

/**
 * What a database goes through before the server serves it: the migrations of the platform and
 * every module, the resource tables and permission catalogue of schemas/, fresh planner
 * statistics, the seed of a new database and a second sync that grants its administrator
 * everything. The test servers' template database is made by the same steps.
 */
export async function prepareDatabase(database: OpenedDatabase, config: Config, options: BuildOptions = {}): Promise<{ catalogue: Catalogue; applied: string[]; seeded: boolean }> {
  const modules = options.modules ?? MODULES;
  // Schemas first: a mistake in them refuses to start before the database is touched.
  const catalogue = loadCatalogue(options.schemasDir ?? process.env.PMS_SCHEMAS_DIR ?? undefined);
  const early: string[] = [];
  const makeTables = async () => early.push(...(await syncResourceTables(database.db, catalogue.resources, Date.now(), { partial: true })));
  await migrateToLatest(database.db, modules.flatMap((m) => (m.migrations ? [m.migrations] : [])), makeTables);
  const applied = [...early, ...(await syncResourceTables(database.db, catalogue.resources))];
  await syncPermissionCatalogue(database.db, catalogue);
  // PostgreSQL's autovacuum keeps statistics; it is asked only after tables were made.
  if (database.kind === 'sqlite' || applied.length) await refreshPlannerStatistics(database);
  const seeded = await seedDatabase(database.db, modules, { adminPassword: config.adminPassword, demo: config.seedDemo, dataDir: config.filesDir });
  // The administrator role is created by the seed: a second sync grants it every menu and button.
  if (seeded) await syncPermissionCatalogue(database.db, catalogue);
  return { catalogue, applied, seeded };
}

/** One pool of route validators for every server this process builds (validators.ts). */
const routeCompilers = sharedRouteCompilers();

/** Builds the whole reference server: database, services under /api, the web app. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    logController: new QuietRequestLogs(),
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: false,
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, useDefaults: true, allErrors: false, allowUnionTypes: true } },
    schemaController: { compilersFactory: { buildValidator: routeCompilers } },
  });
  const modules = options.modules ?? MODULES;
  const database = openConfiguredDatabase(config);
  app.addHook('onClose', () => database.close());
  const { catalogue, applied, seeded } = await prepareDatabase(database, config, options);
  if (applied.length) app.log.info({ statements: applied.length }, 'resource tables migrated');
  if (seeded) app.log.info({ demo: config.seedDemo }, 'seeded a new database');
  app.decorate('catalogue', catalogue);

  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('sqlite', database.kind === 'sqlite' ? database.sqlite : undefined);
  app.decorate<OpenedDatabase>('database', database);
  app.decorate('counts', new CappedCounts(() => database.dataVersion()));
  app.decorate('listAnswers', new ListAnswers(() => database.dataVersion()));
  const authVersion = authVersionReader(database);
  app.decorate('authVersion', authVersion);
  app.decorate('sessions', new SessionStore(database.db, { idleSeconds: config.sessionIdleSeconds, maxSeconds: config.sessionMaxSeconds }, Date.now, database.kind === 'sqlite' ? authVersion : undefined));

  app.decorate('sso', new SsoClient(config.sso));
  registerWorkflowTimers(app);
  registerApprovals(app);
  await registerPush(app);
  registerErrorHandling(app);
  // Before any processing: a JSON body's nesting, member count and member names are limited (issue 40).
  registerJsonLimits(app);
  recordRoutes(app);
  // First of the hooks: every answer carries the headers, the provider's middleware under /sso too.
  await registerSecurityHeaders(app);
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: config.uploadMaxBytes, files: 10, fields: 20, parts: 30 } });
  // Limits are opt-in per route (sign-in, code exchange, the flag login).
  // On a shared database (several instances) the counters live in it: one limit across instances.
  await app.register(rateLimit, { global: false, ...(database.kind === 'sqlite' ? {} : { store: sharedRateLimitStore(database.db) }), errorResponseBuilder: () => ({ statusCode: 429, status: '429', code: '429', message: '操作过于频繁，请稍后再试' }) });
  if (config.sso.embedded) await registerEmbeddedProvider(app);
  await app.register(apiPlugin, { prefix: '/api', modules });
  for (const m of modules) await m.outsideApi?.(app);
  for (const m of modules) m.background?.(app);
  await registerWebApp(app, options.webRoot);
  return app;
}
