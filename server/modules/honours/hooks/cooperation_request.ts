import type { ResourceHooks } from '../../../engine/hooks.ts';
import { badRequest, forbidden } from '../../../platform/http/envelope.ts';
import { formatTime } from '../../../../src/shared/format.ts';
import { belongsTo, orgBelow } from '../orgs.ts';

/**
 * Cooperation requests between teams: numbered when drafted, sent by their initiator, accepted or
 * refused only by someone of the team asked (who then finishes it), rated by the initiator. Both
 * sides see the request: the initiating project's readers, the asked team and the initiator.
 */
export const cooperationRequestHooks: ResourceHooks = {
  async visibleRows({ db, staff, projects }) {
    const mine = [...new Set([...projects, ...(await orgBelow(db, staff.orgId))])];
    return (eb) =>
      eb.or([
        eb('cooperation_request.initiator_id', '=', staff.id),
        ...(projects.length ? [eb('cooperation_request.project_id', 'in', projects)] : []),
        eb('cooperation_request.to_org_id', 'in', mine.length ? mine : [0]),
      ]);
  },

  async beforeSave({ trx, staff, values, current }) {
    const merged = { ...current, ...values };
    if (merged.to_org_id === merged.project_id) throw badRequest('协作部门不能是发起项目本身');
    if (current) return;
    values.initiator_id = staff.id;
    const day = formatTime(Date.now(), 'YYYYMMDD');
    const last = (await trx.selectFrom('cooperation_request').select('code').where('code', 'like', `XZ${day}%`).orderBy('code', 'desc').executeTakeFirst()) as { code: string } | undefined;
    values.code = `XZ${day}${String(Number(String(last?.code ?? '').slice(-3) || 0) + 1).padStart(3, '0')}`;
  },

  async afterTransition({ trx, staff, action, record }) {
    if (action !== 'accept' && action !== 'refuse') return;
    if (staff.dataScopes.includes('all')) return;
    if (!(await belongsTo(trx, staff.id, record.to_org_id as number))) throw forbidden('只有协作部门的人员可以接收或拒绝协作单');
  },
};
