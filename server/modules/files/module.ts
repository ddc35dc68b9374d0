import path from 'node:path';
import type { ServerModule } from '../../engine/module.ts';
import fileRoutes, { registerFileServing } from './routes.ts';

/** Uploads (spec 5: type and size checks, magic bytes, markup scan) and serving stored files under /files. */
export const filesModule: ServerModule = {
  name: 'files',
  migrations: path.join(import.meta.dirname, 'migrations'),
  routes: { file: fileRoutes },
  outsideApi: registerFileServing,
};
