import { badRequest } from '../../platform/http/envelope.ts';
import type { ResourceHooks, Row } from '../../engine/hooks.ts';

/** Flows are checked on save by the engine: steps, kind, and an approver for every step in every project in scope. */
export const approvalFlowHooks: ResourceHooks = {
  async beforeSave({ trx, app, values, current }) {
    const merged: Row = { ...(current ?? {}), ...values };
    await app.approvals.checkFlow(trx, { biz_type: merged.biz_type, scope_org_id: merged.scope_org_id ?? null, steps: merged.steps, copy_to: merged.copy_to ?? null });
  },
};

const TASK_VIEWS = ['todo', 'done', 'all'] as const;
const INSTANCE_VIEWS = ['mine', 'involved', 'copied', 'all'] as const;

/**
 * The approval center's task lists, by the page's fixed filter `view`: 待我审批 (my waiting
 * tasks), 我已审批 (tasks I acted on), 全部 (every task of the projects in scope, with
 * approval:all; the default for those who have it). Without approval:all a list never shows
 * another approver's tasks.
 */
export const approvalTaskHooks: ResourceHooks = {
  ownRows: ({ staff }) => (eb) => eb('approval_task.approver_id', '=', staff.id),
  mineRows: ({ staff }) => (eb) => eb('approval_task.approver_id', '=', staff.id),
  listFilter({ staff, query, filters }) {
    const view = filters.view ?? (staff.buttons.has('approval:all') ? 'all' : 'todo');
    if (!TASK_VIEWS.includes(view as never)) throw badRequest('审批列表视图不正确');
    if (view === 'all' && staff.buttons.has('approval:all')) return query;
    let q = query.where('approval_task.approver_id', '=', staff.id);
    if (view === 'todo') q = q.where('approval_task.status', '=', 'wait');
    if (view === 'done') q = q.where('approval_task.status', 'in', ['approve', 'reject', 'transfer']);
    return q;
  },
};

/**
 * The approval center's instance lists: 我提交的 (`mine`), those I took part in (`involved`),
 * those copied to me when they ended (`copied`, 抄送我的) and, with approval:all, every approval
 * of the projects in scope (`all`).
 */
export const approvalInstanceHooks: ResourceHooks = {
  ownRows: ({ staff }) => (eb) => eb('approval_instance.submitter_id', '=', staff.id),
  mineRows: ({ db, staff }) => (eb) =>
    eb.or([
      eb('approval_instance.submitter_id', '=', staff.id),
      eb('approval_instance.id', 'in', db.selectFrom('approval_task').select('instance_id').where('approver_id', '=', staff.id)),
      eb('approval_instance.id', 'in', db.selectFrom('approval_copy').select('instance_id').where('staff_id', '=', staff.id)),
    ]),
  listFilter({ db, staff, query, filters }) {
    const view = filters.view ?? (staff.buttons.has('approval:all') ? 'all' : 'mine');
    if (!INSTANCE_VIEWS.includes(view as never)) throw badRequest('审批列表视图不正确');
    if (view === 'all' && staff.buttons.has('approval:all')) return query;
    if (view === 'mine') return query.where('approval_instance.submitter_id', '=', staff.id);
    if (view === 'copied') return query.where('approval_instance.id', 'in', db.selectFrom('approval_copy').select('instance_id').where('staff_id', '=', staff.id));
    const mine = db.selectFrom('approval_task').select('instance_id').where('approver_id', '=', staff.id);
    return query.where((eb) => eb.or([eb('approval_instance.submitter_id', '=', staff.id), eb('approval_instance.id', 'in', mine)]));
  },
};
