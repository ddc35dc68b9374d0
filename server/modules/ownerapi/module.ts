import path from 'node:path';
import type { ServerModule } from '../../engine/module.ts';
import ownerRoutes from './routes.ts';
import { seedOwnerApi } from './seed.ts';

/**
 * The owner-side API (issue 32): the owner app signs in with the mobile and the SMS code, and its
 * session (a kind of its own) reaches only /api/owner: the notices sent to the owner (reading one
 * is the read receipt), the activities of their scope (sign-up and cancel, votes, results under
 * the vote's rules), their mailbox letters with approved replies, app feedback and its answers, and the pictures an owner
 * uploads and attaches to a letter or a feedback.
 */
export const ownerApiModule: ServerModule = {
  name: 'ownerapi',
  dependsOn: ['auth', 'files', 'community', 'operations', 'customers', 'ownerapp'],
  migrations: path.join(import.meta.dirname, 'migrations'),
  routes: { owner: ownerRoutes },
  seed: seedOwnerApi,
};
