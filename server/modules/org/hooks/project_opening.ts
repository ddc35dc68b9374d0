import { badRequest, conflict } from '../../../platform/http/envelope.ts';
import type { ResourceHooks, Row } from '../../../engine/hooks.ts';

const SERVICES = ['service_repair', 'service_complaint', 'service_payment', 'service_visitor', 'service_decoration', 'service_notice'];

/** What an open project needs: residents must know when, whom to call, and what they can use. */
function checkOpenable(record: Row): void {
  if (!record.golive_date) throw badRequest('开通前请填写上线日期');
  if (!record.hotline) throw badRequest('开通前请填写服务热线');
  if (!SERVICES.some((s) => record[s] === 1 || record[s] === true)) throw badRequest('请至少开通一项住户服务');
}

/**
 * One opening record per project; opening checks the settings residents rely on, and an open
 * project keeps them while it is edited. Only a project still being prepared may lose its record.
 */
export const projectOpeningHooks: ResourceHooks = {
  async beforeSave({ trx, id, values, current }) {
    if (id === null) {
      const existing = (await trx
        .selectFrom('project_opening')
        .innerJoin('org', 'org.id', 'project_opening.project_id')
        .select('org.name')
        .where('project_opening.project_id', '=', values.project_id)
        .executeTakeFirst()) as { name: string } | undefined;
      if (existing) throw conflict(`「${existing.name}」已有开通设置，请直接编辑`);
      return;
    }
    if (current?.status === 'open') checkOpenable({ ...current, ...values });
  },

  async afterTransition({ to, record }) {
    if (to === 'open') checkOpenable(record);
  },

  async beforeDelete({ trx, ids }) {
    const started = await trx.selectFrom('project_opening').select('id').where('id', 'in', ids).where('status', '!=', 'planned').executeTakeFirst();
    if (started) throw conflict('已开通或暂停的项目不能删除开通设置');
  },
};
