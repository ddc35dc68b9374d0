import type { FastifyInstance } from 'fastify';
import type { AnyDB, ResourceHooks } from '../../../engine/hooks.ts';
import { currentFormVersion, formVersion } from '../../../engine/runtimeForms.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { visibleRow } from '../../questionnaires/public.ts';
import { badRequest } from '../../../platform/http/envelope.ts';
import { notifyTask } from '../notify.ts';
import { actionList, effectiveActions } from '../actions.ts';
import { registerTaskPeople, taskPeople } from '../taskPeople.ts';

/**
 * Tasks: one sent by hand is marked so (a plan's come from the schedule) and told to its assignee;
 * a task still open at its deadline is lapsed (已超时) by the date timer and stays counted overdue;
 * a finished task is overdue when finished after its deadline; a transfer goes to a staff member of
 * the task's project with a new deadline; a rework sends a finished task back with one; /sheet answers a task with the template's form, in
 * the version its result was given for (or the current one, to fill).
 */
export const workTaskHooks: ResourceHooks = {
  async beforeSave({ trx, id, values }) {
    // A task sent by hand allows the actions its project keeps of the template (a plan's get its plan's).
    if (id === null) Object.assign(values, { source: 'manual', overdue: 0, actions: JSON.stringify(await effectiveActions(trx, values.template_id as number, values.project_id as number)) });
  },

  // "Own records" of a task are those the caller sent, must do (a transfer makes it the new assignee's), helps with or is copied on.
  ownRows: ({ staff }) => (eb) =>
    eb.or([
      eb('work_task.assignee_id', '=', staff.id),
      eb('work_task.created_by', '=', staff.id),
      eb.exists(eb.selectFrom('work_task_helper').select('task_id').whereRef('work_task_helper.task_id', '=', 'work_task.id').where('work_task_helper.staff_id', '=', staff.id)),
      eb.exists(eb.selectFrom('work_task_watcher').select('task_id').whereRef('work_task_watcher.task_id', '=', 'work_task.id').where('work_task_watcher.staff_id', '=', staff.id)),
    ]),

  async afterSave({ app, trx, id, created }) {
    if (created) await notifyTask(app, trx, id, 'assigned');
  },

  async afterTransition({ app, trx, staff, id, action, from, record, before }) {
    if (action === 'finish') {
      const row = await trx.selectFrom('work_task').select(['finished_at', 'plan_end', 'overdue']).where('id', '=', id).executeTakeFirstOrThrow();
      // A task lapsed before it was finished stays counted overdue.
      const late = from === 'overdue' || row.overdue === 1 || (row.finished_at as number) > (record.plan_end as number);
      await trx.updateTable('work_task').set({ overdue: late ? 1 : 0 }).where('id', '=', id).execute();
    } else if (action === 'lapse') {
      // The timer (系统) moves at the deadline; a manager may only mark what is already past it.
      if (staff.id !== 0 && (record.plan_end as number) > Date.now()) throw badRequest('尚未到截止时间，不能标记超时');
      await trx.updateTable('work_task').set({ overdue: 1 }).where('id', '=', id).execute();
      await notifyTask(app, trx, id, 'overdue');
    } else if (action === 'transfer' || action === 'rework') {
      if ((record.plan_end as number) <= Date.now()) throw badRequest('新的截止时间须晚于当前时间');
      if (action === 'transfer') {
        const to = await trx.selectFrom('staff').select(['org_id', 'enabled']).where('id', '=', record.assignee_id as number).executeTakeFirst();
        if (!to || to.org_id !== record.project_id || !to.enabled) throw badRequest('只能转派给本项目在职的员工');
      } else {
        await trx.updateTable('work_task').set({ finished_at: null, rework_count: ((record.rework_count as number | null) ?? 0) + 1 }).where('id', '=', id).execute();
      }
      await notifyTask(app, trx, id, action === 'transfer' ? 'transferred' : 'rework');
    } else if (action === 'suspend') {
      await notifyTask(app, trx, id, 'suspended');
    } else if (action === 'resume') {
      // The deadline's clock stood still while suspended: it moves on by the time the task was held.
      const held = Date.now() - ((before.suspended_at as number | null) ?? Date.now());
      await trx.updateTable('work_task').set({ plan_end: (before.plan_end as number) + held, suspended_at: null }).where('id', '=', id).execute();
      await notifyTask(app, trx, id, 'resumed');
    } else if (action === 'extend' || action === 'extendStarted') {
      if ((record.plan_end as number) <= Math.max(Date.now(), before.plan_end as number)) throw badRequest('延期后的截止时间须晚于原截止时间和当前时间');
      await notifyTask(app, trx, id, 'extended');
    }
  },

  async routes(app: FastifyInstance) {
    const db = app.db as unknown as AnyDB;
    registerTaskPeople(app);
    app.get('/sheet', { config: { btnCode: 'task:view' }, schema: { querystring: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } } } }, async (request) => {
      const { id } = request.query as { id: number };
      const task = await visibleRow(app, 'work_task', id, request.staff!, '任务');
      const names = await db.selectFrom('staff').select(['id', 'name']).where('id', 'in', [task.assignee_id as number]).execute();
      const template = await db.selectFrom('work_template').select(['name', 'description', 'need_photo']).where('id', '=', task.template_id as number).executeTakeFirstOrThrow();
      const project = await db.selectFrom('org').select('name').where('id', '=', task.project_id as number).executeTakeFirst();
      const form = task.form_version ? await formVersion(db, 'work_template', task.template_id as number, 'form', task.form_version as number) : (await currentFormVersion(db, 'work_template', task.template_id as number, 'form'))?.form;
      return ok({
        ...task,
        result: task.result ? JSON.parse(String(task.result)) : null,
        actions: actionList(task.actions),
        ...(await taskPeople(db, id)),
        assignee_name: names[0]?.name ?? null,
        template_name: template.name,
        standard: template.description,
        project_name: project?.name ?? null,
        mine: task.assignee_id === request.staff!.id,
        form,
      });
    });
  },
};
