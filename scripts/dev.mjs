// `npm run dev`: the reference server (restarted on server and schema changes once the schemas
// pass the validator, scripts/devServer.mjs) and Vite with hot reload, which proxies /api, /sso,
// /mqtt and /files to it and shows a refused schema in its overlay (see vite.config.ts).
import { spawn } from 'node:child_process';
import { defaultStateFile, startDevServer } from './devServer.mjs';

const serverPort = process.env.PMS_SERVER_PORT ?? '8080';
const vitePort = process.env.VITE_PORT ?? '5173';
// The single sign-on returns to the Vite origin in development.
const redirectUris = process.env.PMS_SSO_REDIRECT_URIS ?? `http://localhost:${vitePort}/yslogin`;
const server = startDevServer({ env: { ...process.env, PORT: serverPort, PMS_SSO_REDIRECT_URIS: redirectUris } });
const vite = spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--port', vitePort, '--strictPort'], {
  stdio: 'inherit',
  env: { ...process.env, PMS_SERVER_PORT: serverPort, PMS_DEV_STATE: defaultStateFile },
});
const stop = async () => {
  vite.kill('SIGTERM');
  await server.stop();
  process.exit(process.exitCode ?? 0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
vite.on('exit', (code) => {
  process.exitCode = code ?? 0;
  void stop();
});
