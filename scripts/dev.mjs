// `npm run dev`: the reference server (restarted on server changes) and Vite with hot reload,
// which proxies /api, /sso, /mqtt and /files to it (see vite.config.ts).
import { spawn } from 'node:child_process';

const serverPort = process.env.PMS_SERVER_PORT ?? '8080';
const vitePort = process.env.VITE_PORT ?? '5173';
// The single sign-on returns to the Vite origin in development.
const redirectUris = process.env.PMS_SSO_REDIRECT_URIS ?? `http://localhost:${vitePort}/yslogin`;
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch-path=server', '--watch-path=schemas', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: serverPort, PMS_SSO_REDIRECT_URIS: redirectUris },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--port', vitePort, '--strictPort'], { stdio: 'inherit', env: { ...process.env, PMS_SERVER_PORT: serverPort } }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => { stop(); process.exitCode = code ?? 0; });
