import { badRequest, ok } from '../../../platform/http/envelope.ts';
import { visibleProjectIds } from '../../../engine/scope.ts';
import type { AnyDB, ResourceHooks, Row } from '../../../engine/hooks.ts';
import { dictItems } from '../../../engine/resources/values.ts';
import { byProject } from '../../org/public.ts';

const list = (v: unknown): unknown[] => {
  const parsed = typeof v === 'string' ? JSON.parse(v) : v;
  return Array.isArray(parsed) ? parsed : [];
};

/**
 * Warning rules (/home_task/warnManagement): the work order kinds a rule covers are kinds of
 * the dictionary, the posts it notifies are posts of its project, and it names somebody.
 */
export const warnRuleHooks: ResourceHooks = {
  async beforeSave({ trx, values, current }) {
    const merged: Row = { ...(current ?? {}), ...values };
    if ('kinds' in values || !current) {
      const kinds = typeof merged.kinds === 'string' ? JSON.parse(merged.kinds) : (merged.kinds ?? []);
      if (!Array.isArray(kinds) || kinds.some((k) => typeof k !== 'string')) throw badRequest('适用工单类型应为工单类型的列表');
      const items = await dictItems(trx, 'work_order_kind');
      const unknown = kinds.find((k: string) => !items.some((i) => i.value === k));
      if (unknown) throw badRequest(`适用工单类型「${unknown}」不存在`);
      // Lists show the kinds by name; no kind means every kind.
      values.kinds_text = kinds.length ? items.filter((i) => kinds.includes(i.value)).map((i) => i.label).join('、') : '全部类型';
    }
    const posts = 'notify_post_ids' in values ? list(values.notify_post_ids) : null;
    if (posts?.length) {
      const foreign = await trx.selectFrom('post').select('name').where('id', 'in', posts).where('org_id', '!=', merged.project_id).executeTakeFirst();
      if (foreign) throw badRequest(`通知岗位「${String((foreign as Row).name)}」不属于规则的项目`);
    }
    const staff = 'notify_staff_ids' in values ? list(values.notify_staff_ids) : null;
    const linked = async (table: string) => (current ? (await trx.selectFrom(table).select('warn_rule_id').where('warn_rule_id', '=', current.id).execute()).length : 0);
    const somebody =
      Boolean(merged.notify_processor) ||
      Boolean(merged.notify_dispatcher) ||
      (posts ? posts.length > 0 : (await linked('warn_rule_post')) > 0) ||
      (staff ? staff.length > 0 : (await linked('warn_rule_staff')) > 0);
    if (!somebody) throw badRequest('请至少选择一类通知对象（处理人、调度员、岗位或人员）');
  },
  async routes(app) {
    /** The people a rule may name: enabled staff of the caller's projects, by project. */
    app.get('/people', { config: { btnCode: ['warn:add', 'warn:edit'] } }, async (request) => {
      return ok(await byProject(app.db as unknown as AnyDB, 'staff', await visibleProjectIds(app.db, request.staff!)));
    });
  },
};
