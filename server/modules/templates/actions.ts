import type { AnyDB, Row } from '../../engine/hooks.ts';
import { jsonList } from '../../../src/shared/jsonList.ts';

/** The task actions a work template may allow (转派, 挂起, 协助, 抄送, 延期), the values of its `actions`. */
export const TASK_ACTIONS = { transfer: '转派', suspend: '挂起', assist: '协助', copy: '抄送', extend: '延期' } as const;

/** The known actions of a stored list, in their declared order. */
export const actionList = (value: unknown): string[] => {
  const listed = new Set(jsonList(value).map(String));
  return Object.keys(TASK_ACTIONS).filter((a) => listed.has(a));
};

/**
 * The actions a project's tasks of a template allow: what the project kept of the template's list
 * when it accepted the devolution (a project narrows, never widens), else the template's own.
 */
export async function effectiveActions(trx: AnyDB, templateId: number, projectId: number): Promise<string[]> {
  const devolved = (await trx.selectFrom('template_devolve').select('actions').where('template_id', '=', templateId).where('project_id', '=', projectId).where('status', '=', 'accepted').executeTakeFirst()) as Row | undefined;
  if (devolved) return actionList(devolved.actions);
  const template = (await trx.selectFrom('work_template').select('actions').where('id', '=', templateId).executeTakeFirst()) as Row | undefined;
  return actionList(template?.actions);
}

/**
 * Carries a project's list of a template to its plans (which give it to the tasks they generate)
 * and to its tasks still open, so a narrowing holds for the work not yet done.
 */
export async function applyActions(trx: AnyDB, templateId: number, projectId: number, actions: string[]): Promise<void> {
  const text = JSON.stringify(actions);
  await trx.updateTable('work_plan').set({ actions: text }).where('template_id', '=', templateId).where('project_id', '=', projectId).execute();
  await trx.updateTable('work_task').set({ actions: text }).where('template_id', '=', templateId).where('project_id', '=', projectId).where('status', 'in', ['pending', 'processing', 'suspended', 'overdue']).execute();
}
