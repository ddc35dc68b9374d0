import type { FastifyInstance } from 'fastify';
import type { AnyDB, ResourceHooks } from '../../../engine/hooks.ts';
import { currentFormVersion, formVersion } from '../../../engine/runtimeForms.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { visibleRow } from '../../questionnaires/public.ts';

/**
 * Tasks: one sent by hand is marked so (a plan's come from the schedule); a finished task is
 * overdue when finished after its deadline; /sheet answers a task with the template's form, in
 * the version its result was given for (or the current one, to fill).
 */
export const workTaskHooks: ResourceHooks = {
  async beforeSave({ id, values }) {
    if (id === null) Object.assign(values, { source: 'manual', overdue: 0 });
  },

  async afterTransition({ trx, id, action, record }) {
    if (action !== 'finish') return;
    const row = await trx.selectFrom('work_task').select(['finished_at', 'plan_end']).where('id', '=', id).executeTakeFirstOrThrow();
    await trx.updateTable('work_task').set({ overdue: (row.finished_at as number) > (record.plan_end as number) ? 1 : 0 }).where('id', '=', id).execute();
  },

  async routes(app: FastifyInstance) {
    const db = app.db as unknown as AnyDB;
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
