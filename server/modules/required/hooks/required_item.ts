import type { FastifyInstance } from 'fastify';
import { describeAudience, resolveAudience } from '../../../engine/audience.ts';
import type { AnyDB, ResourceHooks, Row } from '../../../engine/hooks.ts';
import { dayOf } from '../../../engine/schedule.ts';
import { scopeRows } from '../../../engine/scope.ts';
import { badRequest, conflict, notFound, ok } from '../../../platform/http/envelope.ts';
import { coursesOf, generateForItem, lastDayOf, midnightOf } from '../generate.ts';

const DAY_MS = 86_400_000;
/** A second 催读 of one item within this time is refused: staff are not flooded with the same reminder. */
export const REMIND_GAP_MS = 10 * 60_000;

const list = (value: unknown): unknown[] => {
  const raw = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(raw) ? raw : [];
};

/**
 * Required-reading items: edited only as drafts; publishing makes today's reading records and
 * tells the readers (the timers' clock makes each later day's); withdrawing cancels what is still
 * unread; the item expires after its last day (a date timer); 催读 reminds who has not read today.
 */
export const requiredItemHooks: ResourceHooks = {
  async beforeSave({ trx, values, current }) {
    if (current && current.status !== 'draft') throw badRequest('已发布的必读不能修改，请先撤回');
    const merged = { ...current, ...values };
    if (merged.repeat === 'weekly') {
      if (!list(merged.week_days).length) throw badRequest('每周必读须选择每周阅读日');
    } else values.week_days = null;
    if (merged.repeat === 'once') values.end_date = null;
    const last = lastDayOf({ ...merged, end_date: values.end_date === undefined ? merged.end_date : values.end_date });
    values.expire_at = last ? midnightOf(last) + DAY_MS - 1 : null;
    if ('audience' in values) values.audience_text = await describeAudience(trx, 'staff', values.audience);
    if ('course_ids' in values) {
      const ids = list(values.course_ids) as number[];
      const off = (await trx.selectFrom('required_course').select('title').where('id', 'in', [...ids, 0]).where('enabled', '=', 0).execute()) as { title: string }[];
      if (off.length) throw badRequest(`课程${off.map((c) => `「${c.title}」`).join('')}已停用，不能选用`);
    }
  },
  async afterTransition({ trx, app, id, to }) {
    const now = Date.now();
    if (to === 'published') {
      const item = (await trx.selectFrom('required_item').selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as Row;
      const last = lastDayOf(item);
      if (last && last < dayOf(now)) throw badRequest(`必读的有效期已于 ${last} 结束，不能发布，请修改日期`);
      if (!(await coursesOf(trx, id)).length) throw badRequest('必读课程均已停用，不能发布');
      if (!(await resolveAudience(trx, 'staff', item.audience)).length) throw badRequest('阅读对象中没有在职员工，请调整阅读对象');
      await generateForItem(app, trx, item, now);
    }
    // Withdrawn: what nobody has read yet is no longer due; what was read stays on record.
    if (to === 'draft') await trx.deleteFrom('required_read_record').where('item_id', '=', id).where('status', '=', 'unread').execute();
  },
  async routes(app: FastifyInstance) {
    const db = app.db as unknown as AnyDB;
    app.post(
      '/remind',
      { config: { btnCode: 'requiredItem:remind' }, schema: { body: { type: 'object', required: ['id'], additionalProperties: false, properties: { id: { type: 'integer', minimum: 1 } } } } },
      async (request) => {
        const { id } = request.body as { id: number };
        const staff = request.staff!;
        const now = Date.now();
        const count = await db.transaction().execute(async (trx) => {
          const item = (await trx.selectFrom('required_item').selectAll().where('id', '=', id).executeTakeFirst()) as Row | undefined;
          if (!item) throw notFound('必读不存在或已被删除');
          if (item.status !== 'published') throw conflict('只有已发布的必读可以催读');
          if (item.reminded_at && now - Number(item.reminded_at) < REMIND_GAP_MS) throw conflict(`10 分钟内已催读过，请 ${Math.ceil((REMIND_GAP_MS - (now - Number(item.reminded_at))) / 60_000)} 分钟后再试`);
          const unread = trx.selectFrom('required_read_record').select(['required_read_record.id', 'required_read_record.staff_id']).where('item_id', '=', id).where('read_on', '=', midnightOf(dayOf(now))).where('status', '=', 'unread');
          const rows = (await (await scopeRows({ db: trx, staff }, { name: 'required_read_record', scope: 'project' }, unread)).execute()) as { id: number; staff_id: number }[];
          if (!rows.length) throw conflict('今天的阅读任务都已完成，无需催读');
          await trx.updateTable('required_read_record').set((eb) => ({ remind_count: eb('remind_count', '+', 1), updated_at: now })).where('id', 'in', rows.map((r) => r.id)).execute();
          await trx.updateTable('required_item').set({ reminded_at: now }).where('id', '=', id).execute();
          const staffIds = [...new Set(rows.map((r) => r.staff_id))];
          await app.notices.send(trx as never, { staffIds, category: '2', type: 'required_remind', title: '催读提醒', content: `「${String(item.title)}」您今天还未读完，请在 ${String(item.deadline_time)} 前完成`, functionId: null });
          return staffIds.length;
        });
        return ok({ reminded: count }, `已提醒 ${count} 人`);
      },
    );
  },
};
