import type { FastifyInstance } from 'fastify';
import type { AnyDB, Row } from '../../engine/hooks.ts';
import { writeTimeline } from '../../engine/resources/workflow.ts';
import { allowedRefusal } from '../../engine/resources/workflowGuards.ts';
import { ApiError, badRequest, conflict, ok } from '../../platform/http/envelope.ts';
import { visibleRow } from '../questionnaires/public.ts';
import { TASK_NOTICE_TYPE } from './notify.ts';

/**
 * 协助 and 抄送 of a task still open: helpers who work on it beside its assignee, and read-only
 * watchers; both of the task's project, both may then see it (work_task's ownRows), both are told.
 * Neither changes the task's state, so they are calls of their own rather than workflow moves, held
 * to the same rules: the button, the state, the template's allowed actions.
 */
const KINDS = {
  assist: { label: '协助', table: 'work_task_helper', btnCode: 'task:assist', done: '已邀请协助', notice: (t: string) => `作业任务「${t}」邀请您协助执行，可在任务详情查看` },
  copy: { label: '抄送', table: 'work_task_watcher', btnCode: 'task:copy', done: '已抄送', notice: (t: string) => `作业任务「${t}」已抄送给您，请知悉` },
} as const;

const OPEN: Record<string, true> = { pending: true, processing: true, suspended: true, overdue: true };
const STATE_TEXT: Record<string, string> = { done: '已完成', accepted: '已验收', closed: '已关闭' };

const BODY = {
  type: 'object',
  required: ['id', 'staff_ids'],
  additionalProperties: false,
  properties: { id: { type: 'integer', minimum: 1 }, staff_ids: { type: 'array', minItems: 1, maxItems: 20, uniqueItems: true, items: { type: 'integer', minimum: 1 } }, note: { type: ['string', 'null'], maxLength: 200 } },
};

export function registerTaskPeople(app: FastifyInstance): void {
  const db = app.db as unknown as AnyDB;
  for (const [action, kind] of Object.entries(KINDS)) {
    app.post(
      `/${action}`,
      { config: { btnCode: kind.btnCode }, schema: { body: BODY }, schemaErrorFormatter: () => new ApiError(400, `请选择${kind.label}的员工（最多 20 人）`) },
      async (request) => {
        const body = request.body as { id: number; staff_ids: number[]; note?: string | null };
        const staff = request.staff!;
        const task = await visibleRow(app, 'work_task', body.id, staff, '任务');
        await db.transaction().execute(async (trx) => {
          const current = (await trx.selectFrom('work_task').selectAll().where('id', '=', body.id).executeTakeFirstOrThrow()) as Row;
          if (!OPEN[String(current.status)]) throw conflict(`当前状态为「${STATE_TEXT[String(current.status)] ?? current.status}」，不能${kind.label}`);
          const refused = allowedRefusal({ allowedBy: { field: 'actions', value: action, message: `该任务的作业模板不允许${kind.label}` } }, current);
          if (refused) throw conflict(refused);
          if (body.staff_ids.includes(current.assignee_id as number)) throw badRequest(`执行人本人不必${kind.label}`);
          const people = (await trx.selectFrom('staff').select(['id', 'name']).where('id', 'in', body.staff_ids).where('org_id', '=', task.project_id as number).where('enabled', '=', 1).execute()) as { id: number; name: string }[];
          if (people.length !== body.staff_ids.length) throw badRequest(`只能${kind.label}本项目在职的员工`);
          const already = new Set(((await trx.selectFrom(kind.table).select('staff_id').where('task_id', '=', body.id).execute()) as { staff_id: number }[]).map((r) => r.staff_id));
          const added = people.filter((p) => !already.has(p.id));
          if (!added.length) throw conflict(`所选员工都已在${kind.label}名单中`);
          for (const p of added) await trx.insertInto(kind.table).values({ task_id: body.id, staff_id: p.id }).execute();
          // The timeline names the move in Chinese: it is no transition of the workflow.
          await writeTimeline(trx, 'work_task', { id: body.id, action: kind.label, from: String(current.status), to: String(current.status), note: `${added.map((p) => p.name).join('、')}${body.note?.trim() ? `：${body.note.trim()}` : ''}` }, staff);
          await app.notices.send(trx, { staffIds: added.map((p) => p.id), category: '1', type: TASK_NOTICE_TYPE, title: '作业任务', content: kind.notice(String(current.title)).slice(0, 200), functionId: body.id });
        });
        return ok(null, kind.done);
      },
    );
  }
}

/** The helpers' and watchers' names of a task, for its detail. */
export async function taskPeople(db: AnyDB, taskId: number): Promise<{ helpers: string[]; watchers: string[] }> {
  const names = async (table: string) => ((await db.selectFrom(table).innerJoin('staff', 'staff.id', `${table}.staff_id`).select('staff.name').where(`${table}.task_id`, '=', taskId).orderBy('staff.id').execute()) as { name: string }[]).map((r) => r.name);
  return { helpers: await names(KINDS.assist.table), watchers: await names(KINDS.copy.table) };
}
