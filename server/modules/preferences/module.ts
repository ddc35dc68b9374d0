import path from 'node:path';
import type { ServerModule } from '../../engine/module.ts';
import preferenceRoutes from './routes.ts';

/** Each user's saved list settings (columns, widths, page size), which follow them to any browser. */
export const preferencesModule: ServerModule = {
  name: 'preferences',
  dependsOn: ['org'],
  migrations: path.join(import.meta.dirname, 'migrations'),
  routes: { base: preferenceRoutes },
};
