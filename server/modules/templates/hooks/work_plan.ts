import { OPTION_LIST_QUERY } from '../../../platform/http/inputSchemas.ts';
import type { FastifyInstance } from 'fastify';
import type { AnyDB, ResourceHooks } from '../../../engine/hooks.ts';
import { visibleProjectIds } from '../../../engine/scope.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { visibleRow } from '../../questionnaires/public.ts';
import { effectiveActions } from '../actions.ts';

const STATUS: Record<string, string> = { pending: '未开始', processing: '执行中', suspended: '已挂起', overdue: '已超时', done: '已完成', accepted: '已验收', closed: '已关闭' };

/** The staff a plan or task may go to (those of the caller's projects), and a plan's generated tasks. */
export const workPlanHooks: ResourceHooks = {
  async beforeSave({ trx, values, current }) {
    // The days are kept as text, whatever the form sent (tags are text, a number picker numbers).
    if (typeof values.days === 'string') values.days = JSON.stringify((JSON.parse(values.days) as unknown[]).map(String));
    // The actions its tasks allow: the project's list of its template, given to each task it generates.
    const template = (values.template_id ?? current?.template_id) as number;
    if (!current || values.template_id !== undefined) values.actions = JSON.stringify(await effectiveActions(trx, template, (values.project_id ?? current?.project_id) as number));
  },

  async routes(app: FastifyInstance) {
    const db = app.db as unknown as AnyDB;
    app.get('/assignees', { config: { btnCode: ['plan:view', 'task:view', 'event:view'] }, schema: { querystring: OPTION_LIST_QUERY } }, async (request) => {
      const projects = await visibleProjectIds(app.db, request.staff!);
      if (!projects.length) return ok([]);
      const rows = await db.selectFrom('staff').innerJoin('org', 'org.id', 'staff.org_id').select(['staff.id', 'staff.name', 'org.name as project']).where('staff.org_id', 'in', projects).where('staff.enabled', '=', 1).orderBy('staff.org_id').orderBy('staff.id').execute();
      return ok(rows.map((r) => ({ label: `${r.name}（${r.project}）`, value: r.id })));
    });
    app.get('/tasks', { config: { btnCode: 'plan:view' }, schema: { querystring: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } } } }, async (request) => {
      const { id } = request.query as { id: number };
      await visibleRow(app, 'work_plan', id, request.staff!, '计划');
      const rows = await db.selectFrom('work_task').leftJoin('staff', 'staff.id', 'work_task.assignee_id').select(['work_task.id', 'period_key', 'plan_end', 'finished_at', 'status', 'overdue', 'staff.name as assignee']).where('plan_id', '=', id).orderBy('period_key', 'desc').limit(50).execute();
      return ok(rows.map((r) => ({ ...r, statusText: STATUS[r.status as string] ?? r.status, overdueText: r.overdue ? '超时' : '' })));
    });
  },
};
