import type { SeedContext } from '../../engine/module.ts';
import type { AnyDB } from '../../engine/hooks.ts';
import { DEMO_PROJECTS, DEMO_STAFF } from '../org/public.ts';
import { actionList, applyActions } from './actions.ts';

const DAY = 86_400_000;

/**
 * The templates' devolution as quality sent it: every template to every project, accepted at its
 * first version a few days later; the handover check refused by 云栖雅苑 (its guards are
 * outsourced), the safety-hazard report still waiting at 滨江一号; 云栖雅苑 keeps every action of
 * its cleaning checks but 挂起.
 */
export async function seedDevolve(ctx: SeedContext): Promise<void> {
  const db = ctx.trx as AnyDB;
  const templates = (await db.selectFrom('work_template').select(['id', 'name', 'sla_hours', 'sla_min_hours', 'sla_max_hours', 'actions']).orderBy('id').execute()) as { id: number; name: string; sla_hours: number; sla_min_hours: number | null; sla_max_hours: number | null; actions: string }[];
  const names = new Map(((await db.selectFrom('staff').select(['id', 'name']).execute()) as { id: number; name: string }[]).map((s) => [s.id, s.name]));
  for (const t of templates) {
    for (const project of Object.values(DEMO_PROJECTS)) {
      const refused = t.name === '秩序岗交接班检查' && project.id === DEMO_PROJECTS.yunqi.id;
      const pending = t.name === '安全隐患上报' && project.id === DEMO_PROJECTS.binjiang.id;
      const at = ctx.now - (pending ? 2 : 118) * DAY;
      const handledAt = pending ? null : at + Math.floor((1 + ctx.rnd() * 3) * DAY);
      const handler = project.id === DEMO_PROJECTS.cuihu.id ? DEMO_STAFF.xmjl : DEMO_STAFF.admin;
      const status = refused ? 'refused' : pending ? 'pending' : 'accepted';
      // 云栖雅苑 holds its cleaning to the day: its cleaning checks may not be suspended.
      const narrowed = status === 'accepted' && t.name === '公共区域保洁日检' && project.id === DEMO_PROJECTS.yunqi.id;
      const actions = narrowed ? JSON.stringify(actionList(t.actions).filter((a) => a !== 'suspend')) : t.actions;
      const row = (await db
        .insertInto('template_devolve')
        .values({
          project_id: project.id, template_id: t.id, template_name: t.name, version: 1, accepted_version: status === 'accepted' ? 1 : null,
          template_actions: t.actions, actions, allow_edit: t.sla_min_hours !== null ? 1 : 0, sla_min_hours: t.sla_min_hours, sla_max_hours: t.sla_max_hours, sla_hours: status === 'accepted' ? t.sla_hours : null, remark: '总部标准作业模板，请各项目按标准执行',
          devolved_by: DEMO_STAFF.pinzhi, devolved_at: at, handled_by: handledAt ? handler : null, handled_at: handledAt, status, state_at: handledAt ?? at,
          created_by: DEMO_STAFF.pinzhi, created_at: at, updated_at: handledAt ?? at,
        })
        .returning('id')
        .executeTakeFirstOrThrow()) as { id: number };
      const steps: [string, string | null, string, string | null, number, number][] = [['create', null, 'pending', '下发第 1 版：总部标准作业模板，请各项目按标准执行', DEMO_STAFF.pinzhi, at]];
      if (handledAt) steps.push([refused ? 'refuse' : 'accept', 'pending', status, refused ? '本项目秩序岗为外包，交接检查由外包公司执行' : null, handler, handledAt]);
      if (narrowed) await applyActions(db, t.id, project.id, actionList(actions));
      for (const [action, from, to, note, who, when] of steps) {
        await db.insertInto('resource_timeline').values({ resource: 'template_devolve', record_id: row.id, action, from_state: from, to_state: to, note, staff_id: who, staff_name: names.get(who) ?? '', at: when }).execute();
      }
    }
  }
}
