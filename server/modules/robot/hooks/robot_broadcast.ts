import type { AnyDB, ResourceHooks } from '../../../engine/hooks.ts';
import { badRequest } from '../../../platform/http/envelope.ts';

/** What each period's days must be, and the message naming them. */
const DAY_RULES: Record<string, [RegExp, string]> = {
  week: [/^[1-7]$/, '每周播报请填写 1 至 7（周一至周日）的播报日'],
  month: [/^([1-9]|[12]\d|3[01])$/, '每月播报请填写 1 至 31 的播报日'],
  fixed: [/^\d{4}-\d{2}-\d{2}$/, '固定日期播报请按 2026-12-01 的格式填写播报日'],
};

/**
 * A broadcast's days fit its period (the schedule engine would skip days it cannot read, and the
 * broadcast would never play), and it plays only on robots of its own project.
 */
export const robotBroadcastHooks: ResourceHooks = {
  beforeSave({ values, current }) {
    const period = String(values.period ?? current?.period ?? '');
    const raw = values.days !== undefined ? values.days : current?.days;
    const days = ((typeof raw === 'string' ? JSON.parse(raw) : raw) ?? []) as unknown[];
    const rule = DAY_RULES[period];
    if (rule && (!days.length || !days.every((d) => rule[0].test(String(d))))) throw badRequest(rule[1]);
    // Kept as text, whatever the form sent (tags are text, a number picker numbers).
    if (values.days !== undefined) values.days = JSON.stringify(period === 'day' ? [] : days.map(String));
  },

  async afterSave({ trx, id }) {
    const db = trx as unknown as AnyDB;
    const foreign = await db
      .selectFrom('robot_broadcast_device as l')
      .innerJoin('robot_device as d', 'd.id', 'l.device_id')
      .innerJoin('robot_broadcast as b', 'b.id', 'l.broadcast_id')
      .select('d.name')
      .where('l.broadcast_id', '=', id)
      .whereRef('d.project_id', '!=', 'b.project_id')
      .executeTakeFirst();
    if (foreign) throw badRequest(`机器人「${String(foreign.name)}」不属于该播报的项目`);
  },
};
