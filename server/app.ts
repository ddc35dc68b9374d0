import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { migrateToLatest, openDatabase } from './db/index.ts';
import { seedDatabase } from './db/seed.ts';
import { SessionStore } from './auth/sessions.ts';
import { registerErrorHandling } from './http/errors.ts';
import { registerWebApp } from './http/web.ts';
import apiPlugin from './services/index.ts';
import './types.ts';

export interface BuildOptions {
  /** Directory of the built web app (tests may point elsewhere). */
  webRoot?: string;
}

/** Builds the whole reference server: database, services under /api, the web app. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    disableRequestLogging: config.env !== 'development' || config.logLevel !== 'debug',
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: false,
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, useDefaults: true, allErrors: false } },
  });
  const database = openDatabase(config.dataDir);
  app.addHook('onClose', () => database.close());
  await migrateToLatest(database.db);
  const seeded = await seedDatabase(database.db, { adminPassword: config.adminPassword, demo: config.seedDemo });
  if (seeded) app.log.info({ demo: config.seedDemo }, 'seeded a new database');

  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('sessions', new SessionStore(database.db, { idleSeconds: config.sessionIdleSeconds, maxSeconds: config.sessionMaxSeconds }));

  registerErrorHandling(app);
  await app.register(apiPlugin, { prefix: '/api' });
  await registerWebApp(app, options.webRoot);
  return app;
}
