import type { FastifyInstance } from 'fastify';
import type { AnyDB, ResourceHooks } from '../../../engine/hooks.ts';
import { audienceOptions, checkAudience } from '../../../engine/audience.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { letterToOrder } from '../letterToOrder.ts';

/**
 * Community mailbox letters: the handler a letter is given to is someone within the
 * dispatcher's data scope (the scope picker's reach), offered by /handlers; a letter turned into
 * a work order goes through the work-order module's intake and names the order.
 */
export const communityLetterHooks: ResourceHooks = {
  async afterTransition({ trx, app, staff, id, action, record }) {
    if (action === 'accept') await checkAudience(trx, 'staff', '承办人', { mode: 'staff', ids: [record.handler_id as number] }, staff);
    if (action === 'toOrder') await letterToOrder(app, trx, staff, { ...record, id });
  },
  async routes(app: FastifyInstance) {
    // A RemoteSelect asks with all=true, as for every option list; keyword narrows by name.
    const query = { type: 'object', additionalProperties: false, properties: { all: { type: 'boolean' }, keyword: { type: 'string', maxLength: 50 } } };
    app.get('/handlers', { config: { btnCode: 'mailbox:handle' }, schema: { querystring: query } }, async (request) => {
      const { keyword } = request.query as { keyword?: string };
      return ok(await audienceOptions(app.db as unknown as AnyDB, 'staff', request.staff!, undefined, keyword?.trim() || undefined));
    });
  },
};
