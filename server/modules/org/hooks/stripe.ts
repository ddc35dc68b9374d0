import type { FastifyInstance } from 'fastify';
import type { ResourceHooks } from '../../../engine/hooks.ts';
import { badRequest, ok } from '../../../platform/http/envelope.ts';

/**
 * Business lines (schemas/org/resources/stripe.json), the patrol "stripes": other modules refer to
 * a line by its code (spec 3: stripeCode is the value of a stripe option), so the code is fixed
 * once created; the posts of a line are chosen across all projects.
 */
export const stripeHooks: ResourceHooks = {
  beforeSave({ values, current }) {
    if (current && values.stripe_code !== undefined && values.stripe_code !== current.stripe_code) {
      throw badRequest('条线编码创建后不能修改（巡查计划与任务按编码引用条线）');
    }
  },

  async routes(app: FastifyInstance) {
    /** Enabled posts of every organisation, named "organisation / post", to choose a line's posts from. */
    app.get(
      '/postOptions',
      { config: { btnCode: ['stripe:view', 'stripe:add', 'stripe:edit'] }, schema: { querystring: { type: 'object', additionalProperties: false, properties: { all: { type: 'boolean' } } } } },
      async () => {
        const posts = await app.db
          .selectFrom('post')
          .innerJoin('org', 'org.id', 'post.org_id')
          .select(['post.id', 'post.name', 'org.name as orgName'])
          .where('post.enabled', '=', 1)
          .orderBy('org.sort')
          .orderBy('org.id')
          .orderBy('post.id')
          .execute();
        return ok(posts.map((p) => ({ label: `${p.orgName} / ${p.name}`, value: p.id })));
      },
    );
  },
};
