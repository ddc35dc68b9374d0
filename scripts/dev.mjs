// `npm run dev`: the reference server (restarted on server changes) and Vite with hot reload,
// which proxies /api, /sso, /mqtt and /files to it (see vite.config.ts).
import { spawn } from 'node:child_process';

const serverPort = process.env.PMS_SERVER_PORT ?? '8080';
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch-path=server', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: serverPort },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit', env: { ...process.env, PMS_SERVER_PORT: serverPort } }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => { stop(); process.exitCode = code ?? 0; });
