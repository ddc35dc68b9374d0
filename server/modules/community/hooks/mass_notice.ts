import type { FastifyInstance } from 'fastify';
import type { AnyDB, ResourceHooks } from '../../../engine/hooks.ts';
import { describeAudience } from '../../../engine/audience.ts';
import { scopeRows } from '../../../engine/scope.ts';
import { notFound, ok } from '../../../platform/http/envelope.ts';
import { publishNotice } from '../notices.ts';
import { moveIfDue } from '../dueNow.ts';

/** How many recipient rows the detail shows at once (the rest are counted on the notice). */
const RECIPIENTS_SHOWN = 500;

/**
 * Mass notices: the audience in words beside the stored choice, the send at the planned time
 * once approved (at once when none is planned), and the recipients of one notice.
 */
export const massNoticeHooks: ResourceHooks = {
  async beforeSave({ trx, staff, values, current }) {
    if (!current) values.author_id = staff.id;
    if ('audience' in values) values.audience_text = await describeAudience(trx, 'owner', values.audience);
  },
  async afterTransition({ trx, id, to, record }) {
    const now = Date.now();
    // Approved without a planned time (or one already past), it goes out now; else the send_at timer sends it.
    const due = to === 'scheduled' && (await moveIfDue(trx, 'mass_notice', { ...record, id }, { at: 'send_at', from: 'scheduled', to: 'sent', action: 'send', stamp: 'sent_at', note: '审核通过时已到计划发送时间，系统立即发送' }, now));
    if (to === 'sent' || due) await publishNotice(trx, { ...record, id }, now);
  },
  async routes(app: FastifyInstance) {
    app.get(
      '/recipients',
      { config: { btnCode: 'notice:view' }, schema: { querystring: { type: 'object', required: ['id'], additionalProperties: false, properties: { id: { type: 'integer', minimum: 1 } } } } },
      async (request) => {
        const { id } = request.query as { id: number };
        const db = app.db as unknown as AnyDB;
        const seen = await (await scopeRows({ db, staff: request.staff! }, { name: 'mass_notice', scope: 'project' }, db.selectFrom('mass_notice').select('id').where('mass_notice.id', '=', id))).executeTakeFirst();
        if (!seen) throw notFound('通知不存在或无权查看');
        const rows = await db
          .selectFrom('notice_recipient as r')
          .leftJoin('customer as c', 'c.id', 'r.customer_id')
          .leftJoin('house as h', 'h.id', 'r.house_id')
          .leftJoin('org as p', 'p.id', 'r.project_id')
          .select(['r.id', 'r.channel', 'r.delivery', 'r.sent_at', 'r.read_at', 'c.name as customer_name', 'p.name as project_name', 'h.building_name', 'h.unit_no', 'h.room_no'])
          .where('r.notice_id', '=', id)
          .orderBy('r.id')
          .limit(RECIPIENTS_SHOWN)
          .execute();
        return ok(rows.map((r) => ({ ...r, house: r.room_no ? `${r.building_name} ${r.unit_no}单元 ${r.room_no}` : null })));
      },
    );
  },
};
