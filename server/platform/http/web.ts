import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { failure } from './envelope.ts';
import { pageWithHints } from './firstScreen.ts';
import { SERVICE_PREFIXES } from '../../../src/shared/servicePrefixes.ts';
import { browserBrokerUrl } from '../push/index.ts';

// PMS_WEB_ROOT lets a test run serve its own build (parallel work must not share dist/).
export const WEB_ROOT = path.resolve(process.env.PMS_WEB_ROOT ?? path.join(import.meta.dirname, '../../../dist'));

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and
 * every other GET that accepts HTML answered with index.html so client routes deep-link.
 * Each file goes out as the build's brotli or gzip copy the browser accepts (scripts/build/precompress.ts).
 */
export async function registerWebApp(app: FastifyInstance, webRoot = WEB_ROOT) {
  app.get('/runtime-config.json', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const services = Object.fromEntries(SERVICE_PREFIXES.map((p) => [p, app.config.serviceUrls[p] ?? `/api/${p}`]));
    const { sso } = app.config;
    return {
      services,
      signSeed: app.config.signSeed,
      cryptoKey: app.config.cryptoKey,
      isuseDomain: app.config.isuseDomain,
      appDownloadUrl: app.config.appDownloadUrl,
      oaScriptUrl: app.config.oaScriptUrl,
      mapTiles: app.config.mapTiles,
      mqttUrl: browserBrokerUrl(app.config.mqttUrl),
      flagLogin: app.config.flagLogin.enabled ? { smsCode: app.config.flagLogin.smsCode } : null,
      sso: {
        clientId: sso.clientId,
        authorizationEndpoint: await app.sso.authorizationEndpoint(),
        endSessionEndpoint: await app.sso.endSessionEndpoint(),
        scope: 'openid profile phone',
      },
    };
  });

  const hasBuild = fs.existsSync(path.join(webRoot, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, file) {
        res.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' && !request.url.startsWith('/api/') && (request.headers.accept ?? '').includes('text/html');
    if (wantsPage && hasBuild) {
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
      const page = pageWithHints(webRoot, request.url.split('?', 1)[0]!);
      if (page) reply.send(page);
      else reply.sendFile('index.html');
      return;
    }
    reply.code(404).send(failure(404, wantsPage ? '前端尚未构建，请先运行 npm run build' : '接口不存在'));
  });
}
