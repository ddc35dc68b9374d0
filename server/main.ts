import closeWithGrace from 'close-with-grace';
import { ConfigError, DEMO_DEFAULTS, loadConfig } from './platform/config.ts';
import { buildApp } from './app.ts';
import { CatalogueError } from './engine/catalogue.ts';
import { DEMO_ACCOUNTS, DEMO_OFFICE_ACCOUNTS, DEMO_STAFF_PASSWORD } from './modules/org/public.ts';

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`配置错误 / configuration error: ${error.message}`);
    process.exit(1);
  }
  throw error;
}

let app;
try {
  app = await buildApp(config);
} catch (error) {
  // A schema mistake: the same list as npm run lint:schemas, without a stack trace.
  if (error instanceof CatalogueError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'closing after an error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
});

await app.listen({ host: config.host, port: config.port });
const url = `http://localhost:${config.port}`;
const lines = [`PMS is running at ${url}`];
if (config.seedDemo) {
  lines.push('Demo accounts:');
  for (const a of [...DEMO_ACCOUNTS, ...DEMO_OFFICE_ACCOUNTS]) {
    const password = a.account === 'admin' ? (config.adminPasswordFromEnv ? '(PMS_ADMIN_PASSWORD)' : DEMO_DEFAULTS.adminPassword) : DEMO_STAFF_PASSWORD;
    lines.push(`  ${a.account.padEnd(8)} ${password.padEnd(22)} ${a.name}（${a.label}）`);
  }
}
console.log(lines.join('\n'));
