import type { FastifyInstance } from 'fastify';
import type { ResourceHooks } from '../../../engine/hooks.ts';
import { issueCertificate, syncCandidates } from '../certificates.ts';
import { staffOptionsRoute } from '../staffOptions.ts';

/** Certification plans: the candidates become the result sheet; closing a plan fails whoever has no result. */
export const certPlanHooks: ResourceHooks = {
  async afterSave({ trx, id, staff }) {
    await syncCandidates(trx, id, Date.now(), staff.id);
  },
  async beforeDelete({ trx, ids }) {
    await trx.deleteFrom('staff_cert').where('plan_id', 'in', ids).where('status', '=', 'pending').execute();
  },
  async afterTransition({ trx, id, to }) {
    if (to === 'closed') await trx.updateTable('staff_cert').set({ status: 'failed', state_at: Date.now() }).where('plan_id', '=', id).where('status', '=', 'pending').execute();
  },
  async routes(app: FastifyInstance) {
    staffOptionsRoute(app, ['certPlan:add', 'certPlan:edit']);
  },
};

/** A passed candidate is issued the certificate (the timers then flag it 即将到期 and 已过期). */
export const staffCertHooks: ResourceHooks = {
  async afterTransition({ trx, id, to, action }) {
    if (action === 'pass' && to === 'valid') await issueCertificate(trx, id, Date.now());
  },
};
