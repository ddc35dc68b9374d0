import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';

export interface TestServer {
  app: FastifyInstance;
  url: string;
  config: Config;
  close(): Promise<void>;
}

/** The real server on a free loopback port with a fresh data directory, seeded with demo data. */
export async function startServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pms-test-'));
  const config = loadConfig({ NODE_ENV: 'test', PMS_DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', ...env });
  const app = await buildApp(config);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    config,
    url: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in through the real login route and returns the session token. */
export async function login(url: string, account = 'admin', password = 'Pms@2026'): Promise<{ token: string; result: Record<string, unknown> }> {
  const response = await fetch(`${url}/api/auth/login/userlogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password }),
  });
  const body = (await response.json()) as { data: Record<string, unknown> & { authToken: string } };
  if (!response.ok) throw new Error(`login ${account} failed: ${JSON.stringify(body)}`);
  return { token: body.data.authToken, result: body.data };
}
