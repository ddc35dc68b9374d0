import type { FastifyInstance } from 'fastify';
import type { AnyDB, ResourceHooks, Row } from '../../../engine/hooks.ts';
import { describeAudience } from '../../../engine/audience.ts';
import { scopeRows } from '../../../engine/scope.ts';
import { notFound, ok } from '../../../platform/http/envelope.ts';
import { countActivity, voteResults } from '../activities.ts';
import { moveIfDue } from '../dueNow.ts';

/**
 * Activities: the author and the participants in words, online at once when approved without a
 * planned time (else the online_at timer takes it online), and the vote results of one activity.
 */
export const activityHooks: ResourceHooks = {
  async beforeSave({ trx, staff, values, current }) {
    if (!current) values.author_id = staff.id;
    if ('participants' in values) values.participants_text = await describeAudience(trx, 'owner', values.participants);
  },
  async afterTransition({ trx, id, to, record }) {
    if (to === 'approved') await moveIfDue(trx, 'activity', { ...record, id }, { at: 'online_at', from: 'approved', to: 'online', action: 'goLive', stamp: 'published_at', note: '审核通过时已到计划上线时间，系统立即上线' }, Date.now());
  },
  async routes(app: FastifyInstance) {
    app.get(
      '/voteResults',
      { config: { btnCode: 'activity:view' }, schema: { querystring: { type: 'object', required: ['id'], additionalProperties: false, properties: { id: { type: 'integer', minimum: 1 } } } } },
      async (request) => {
        const { id } = request.query as { id: number };
        const db = app.db as unknown as AnyDB;
        const query = db.selectFrom('activity').select(['activity.id', 'activity.vote_options']).where('activity.id', '=', id);
        const activity = (await (await scopeRows({ db, staff: request.staff! }, { name: 'activity', scope: 'project' }, query)).executeTakeFirst()) as Row | undefined;
        if (!activity) throw notFound('活动不存在或无权查看');
        return ok(await voteResults(db, activity as { id: number; vote_options: unknown }));
      },
    );
  },
};

/** Sign-ups: a review or check-in changes the activity's 报名人数. */
export const activitySignupHooks: ResourceHooks = {
  async afterTransition({ trx, record }) {
    await countActivity(trx, record.activity_id as number);
  },
};
