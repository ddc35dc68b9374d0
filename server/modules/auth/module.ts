import type { ServerModule } from '../../engine/module.ts';
import authRoutes from './routes.ts';

/** The sign-in calls of spec 7.4 (password, SMS code, job number, flag), password changes, the login log, owners' SMS codes. */
export const authModule: ServerModule = {
  name: 'auth',
  dependsOn: ['org'],
  routes: { auth: authRoutes },
};
