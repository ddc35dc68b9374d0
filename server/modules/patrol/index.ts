import type { FastifyInstance } from 'fastify';
import classifyRoutes from './classify.ts';
import standardRoutes from './standard.ts';
import stripeRoutes from './stripe.ts';
import pointRoutes from './point.ts';
import qrRoutes from './qr.ts';
import planRoutes from './plan.ts';
import taskRoutes from './task.ts';
import recordRoutes from './record.ts';
import recordOrderRoutes from './recordOrder.ts';
import statsRoutes from './stats.ts';

/**
 * The patrol service (spec 7.2), mounted at /api/patrol: categories, standards, stripes, points,
 * QR codes, plans, tasks, records and statistics. README.md next to this
 * file documents the task states and the staff app's check-in calls.
 */
export default async function patrolService(app: FastifyInstance) {
  await app.register(classifyRoutes);
  await app.register(standardRoutes);
  await app.register(stripeRoutes);
  await app.register(pointRoutes);
  await app.register(qrRoutes);
  await app.register(planRoutes);
  await app.register(taskRoutes);
  await app.register(recordRoutes);
  await app.register(recordOrderRoutes);
  await app.register(statsRoutes);
}
