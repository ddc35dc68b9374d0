import type { FastifyInstance } from 'fastify';
import type { AnyDB, ResourceHooks } from '../../../engine/hooks.ts';
import { audienceOptions, checkAudience } from '../../../engine/audience.ts';
import { ok } from '../../../platform/http/envelope.ts';

/**
 * Community mailbox letters: the handler a letter is given to is someone within the
 * dispatcher's data scope (the scope picker's reach), offered by /handlers.
 */
export const communityLetterHooks: ResourceHooks = {
  async afterTransition({ trx, staff, action, record }) {
    if (action === 'accept') await checkAudience(trx, 'staff', '承办人', { mode: 'staff', ids: [record.handler_id as number] }, staff);
  },
  async routes(app: FastifyInstance) {
    app.get('/handlers', { config: { btnCode: 'mailbox:handle' } }, async (request) => ok(await audienceOptions(app.db as unknown as AnyDB, 'staff', request.staff!)));
  },
};
