import type { FastifyInstance } from 'fastify';
import activityRoutes from './activities.ts';
import { registerOwnerAuthentication } from './context.ts';
import feedbackRoutes from './feedback.ts';
import letterRoutes from './letters.ts';
import noticeRoutes from './notices.ts';
import pictureRoutes from './pictures.ts';
import signInRoutes from './signIn.ts';
import voteRoutes from './votes.ts';

/** The owner-side API under /api/owner: sign-in, then routes an owner session alone may call, each over the owner's own houses. */
export default async function ownerRoutes(app: FastifyInstance) {
  registerOwnerAuthentication(app);
  for (const routes of [signInRoutes, noticeRoutes, activityRoutes, voteRoutes, letterRoutes, feedbackRoutes, pictureRoutes]) await routes(app);
}
