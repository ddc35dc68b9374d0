import path from 'node:path';
import type { ServerModule } from '../../engine/module.ts';
import { setStoredFiles } from '../../engine/jsonShapes.ts';
import fileRoutes, { registerFileServing } from './routes.ts';
import { storedFiles } from './storedFiles.ts';

/** Uploads (spec 5: type and size checks, magic bytes, markup scan) and serving stored files under /files. */
export const filesModule: ServerModule = {
  name: 'files',
  migrations: path.join(import.meta.dirname, 'migrations'),
  routes: { file: fileRoutes },
  outsideApi: (app) => {
    // JSON fields' file references (photos, attachments) are checked against this store.
    setStoredFiles(storedFiles);
    return registerFileServing(app);
  },
};
