import type { ResourceHooks, Row } from '../../../engine/hooks.ts';
import { writeTimeline } from '../../../engine/resources/workflow.ts';
import { badRequest } from '../../../platform/http/envelope.ts';
import { parseJson, type Quota } from '../honorTypes.ts';

/**
 * Rounds: each quota names an existing organisation and an honour type the round offers, once;
 * publishing the results marks every approved nomination not awarded as 未获奖.
 */
export const honorRoundHooks: ResourceHooks = {
  async beforeSave({ trx, values, current }) {
    if (!('quotas' in values) && !('honor_types' in values)) return;
    const types = parseJson<string[]>(values.honor_types ?? current?.honor_types, []);
    const quotas = parseJson<Quota[]>(values.quotas ?? current?.quotas, []);
    const seen = new Set<string>();
    for (const [i, q] of quotas.entries()) {
      const at = `名额分配第 ${i + 1} 行`;
      if (!types.includes(q.honor_type)) throw badRequest(`${at}的荣誉类型不在本轮的荣誉类型中`);
      const org = await trx.selectFrom('org').select('id').where('id', '=', q.org_id).where('enabled', '=', 1).executeTakeFirst();
      if (!org) throw badRequest(`${at}的组织不存在或已停用`);
      const key = `${q.org_id}:${q.honor_type}`;
      if (seen.has(key)) throw badRequest(`${at}与前面的行重复（同一组织、同一荣誉类型只能设一次名额）`);
      seen.add(key);
    }
  },

  async afterTransition({ trx, id, action, staff }) {
    if (action !== 'publish') return;
    const left = (await trx.selectFrom('honor_nomination').select('id').where('round_id', '=', id).where('status', '=', 'approved').execute()) as Row[];
    for (const n of left) {
      await trx.updateTable('honor_nomination').set({ status: 'not_awarded' }).where('id', '=', n.id as number).execute();
      await writeTimeline(trx, 'honor_nomination', { id: n.id as number, action: 'notAward', from: 'approved', to: 'not_awarded', note: '评选结果公布，未获奖' }, staff);
    }
  },
};
