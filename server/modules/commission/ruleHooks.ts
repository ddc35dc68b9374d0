import { badRequest, conflict } from '../../platform/http/envelope.ts';
import type { ResourceHooks } from '../../engine/hooks.ts';
import { overlappingRule } from './rules.ts';

const day = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);

/**
 * 佣金规则: a rate or a fixed sum, whichever the mode asks for; a project that exists; and no
 * second rule of the same business type and reach in force over the same days, so the rule an
 * order falls under is never a guess. Pools already locked keep the figures they were computed with.
 */
export const commissionRuleHooks: ResourceHooks = {
  async beforeSave({ trx, id, values, current }) {
    const m = { ...(current ?? {}), ...values };
    if (m.mode === 'rate' && (m.rate === null || m.rate === undefined)) throw badRequest('按比例计算的规则请填写提成比例');
    if (m.mode === 'fixed' && (m.fixed_amount === null || m.fixed_amount === undefined)) throw badRequest('每单固定金额的规则请填写每单金额');
    if (m.mode === 'rate') values.fixed_amount = null;
    else values.rate = null;
    let scope = '全部项目';
    if (m.scope_project_id !== null && m.scope_project_id !== undefined) {
      const project = await trx.selectFrom('org').select(['name', 'type']).where('id', '=', m.scope_project_id as number).executeTakeFirst();
      if (!project || project.type !== 'project') throw badRequest('适用项目不存在');
      scope = project.name as string;
    }
    values.scope_label = scope;
    const clash = await overlappingRule(trx, { id: id ?? undefined, biz_type: m.biz_type as string, project_id: (m.scope_project_id as number | null) ?? null, effective_from: Number(m.effective_from), effective_to: m.effective_to === null || m.effective_to === undefined ? null : Number(m.effective_to) });
    if (clash) throw conflict(`与规则「${clash.name}」（${day(clash.effective_from)} 起${clash.effective_to === null ? '长期有效' : `至 ${day(clash.effective_to)}`}）的适用期重叠，请先调整其失效日期`);
  },
};
