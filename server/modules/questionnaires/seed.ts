import type { SeedContext } from '../../engine/module.ts';
import type { AnyDB } from '../../engine/hooks.ts';
import { currentFormVersion } from '../../engine/runtimeForms.ts';
import { DEMO_ORG, DEMO_PROJECTS, DEMO_STAFF } from '../org/public.ts';
import { orgDemo } from '../org/public.ts';
import { CHOICE_COMPONENTS, type Answers, type RuntimeForm } from '../../../src/shared/runtimeForm.ts';
import { RESEARCH_FORM, SATISFACTION_FORM, STAFF_FORM, SUGGESTIONS } from './forms.ts';
import { alarmOf } from './hooks/quest_answer.ts';

const QUEST_VIEW = ['quest:view', 'questAnswer:view'];
/** Quality designs, approves and analyses; project managers run their projects' questionnaires; stewards fill them and call back. */
export const QUEST_DEMO_GRANTS: Record<string, string[]> = {
  quality: [...QUEST_VIEW, 'quest:add', 'quest:edit', 'quest:delete', 'quest:submit', 'quest:approve', 'quest:end', 'questAnswer:followup', 'questTemplate:view', 'questTemplate:add', 'questTemplate:edit', 'questTemplate:delete', 'approval:view', 'approval:approve', 'approval:transfer'],
  project_manager: [...QUEST_VIEW, 'quest:add', 'quest:edit', 'quest:submit', 'quest:approve', 'quest:end', 'questAnswer:followup', 'questTemplate:view'],
  customer_service: ['questAnswer:add', 'questAnswer:view', 'questAnswer:followup'],
};

const DAY = 86_400_000;

/** A plausible answer sheet: mostly content owners, some not, free text now and then. */
function answerSheet(ctx: SeedContext, form: RuntimeForm): Answers {
  const answers: Answers = {};
  for (const item of form.items) {
    if (item.showWhen && !item.showWhen.in.includes(String(answers[item.showWhen.key]))) continue;
    if (!item.required && ctx.rnd() < 0.4) continue;
    const options = item.options ?? [];
    if (item.component === 'Radio.Group') answers[item.key] = options[Math.min(options.length - 1, Math.floor(ctx.rnd() * ctx.rnd() * options.length * 1.3))];
    else if (CHOICE_COMPONENTS.includes(item.component)) answers[item.key] = options.filter(() => ctx.rnd() < 0.35).slice(0, 3);
    else if (item.component === 'NumberPicker') answers[item.key] = Math.max(item.minimum ?? 1, (item.maximum ?? 5) - Math.floor(ctx.rnd() * ctx.rnd() * 4));
    else answers[item.key] = ctx.pick(SUGGESTIONS);
    if (Array.isArray(answers[item.key]) && !(answers[item.key] as unknown[]).length) delete answers[item.key];
  }
  return answers;
}

/**
 * Questionnaires in every project: a satisfaction survey running now with its answers, last
 * quarter's ended one, a needs survey and a staff self-evaluation; templates for the designer;
 * and 华南区域's approval flow for questionnaires (品质经理 何志华 approves).
 */
export async function seedQuests(ctx: SeedContext): Promise<void> {
  const db = ctx.trx as AnyDB;
  const { now } = ctx;
  const org = orgDemo(ctx);
  for (const [name, category, form, description] of [
    ['物业服务满意度调查（标准版）', 'satisfaction', SATISFACTION_FORM, '季度满意度调查的标准题目，含报修跳题'],
    ['社区服务需求调研', 'research', RESEARCH_FORM, '了解业主对便民服务和社区活动的需求'],
    ['员工月度自评', 'self', STAFF_FORM, '一线员工每月自评'],
  ] as const) {
    await db.insertInto('quest_template').values({ name, category, description, form: JSON.stringify(form), enabled: 1, created_by: DEMO_STAFF.admin, created_at: now - 90 * DAY, updated_at: now - 90 * DAY }).execute();
  }
  await db
    .insertInto('approval_flow')
    .values({ name: '华南区域问卷审批', biz_type: 'questionnaire', scope_org_id: DEMO_ORG.southRegion, allow_withdraw: 1, steps: JSON.stringify([{ name: '品质经理审核', sign_type: 'single', strategy: 'staff', staff_ids: [DEMO_STAFF.pinzhi] }]), copy_to: '[]', remark: '区域内项目发布业主问卷须经品质经理审核', enabled: 1, created_by: DEMO_STAFF.admin, created_at: now - 60 * DAY, updated_at: now - 60 * DAY })
    .execute();

  const customers = (await db.selectFrom('customer').select(['id', 'name']).execute()) as { id: number; name: string }[];
  const customerName = new Map(customers.map((c) => [c.id, c.name]));
  const houses = (await db.selectFrom('house').select(['id', 'building_name', 'unit_no', 'room_no']).execute()) as { id: number; building_name: string; unit_no: number; room_no: string }[];
  const houseName = new Map(houses.map((h) => [h.id, `${h.building_name} ${h.unit_no}单元 ${h.room_no}`]));

  for (const project of Object.values(DEMO_PROJECTS)) {
    const stewards = ((await db.selectFrom('staff').select('id').where('org_id', '=', project.id).orderBy('id').limit(3).execute()) as { id: number }[]).map((s) => s.id);
    if (project.id === DEMO_PROJECTS.cuihu.id) stewards.unshift(DEMO_STAFF.kefu);
    const author = project.id === DEMO_PROJECTS.cuihu.id ? DEMO_STAFF.xmjl : DEMO_STAFF.admin;
    const quest = async (name: string, qa: string, category: string, form: RuntimeForm, status: string, start: number, end: number, target: number, description: string) => {
      const row = await db
        .insertInto('quest')
        .values({ project_id: project.id, name, qa_type: qa, category, channel: 'steward', description, form: JSON.stringify(form), start_time: start, end_time: end, target_count: target, answer_count: 0, status, state_at: start, submitted_at: status === 'draft' ? null : start - 2 * DAY, published_at: status === 'draft' ? null : start, created_by: author, created_at: start - 5 * DAY, updated_at: start })
        .returning('id')
        .executeTakeFirstOrThrow();
      await currentFormVersion(db, 'quest', row.id as number, 'form');
      return row.id as number;
    };
    const answer = async (questId: number, form: RuntimeForm, from: number, to: number, count: number) => {
      const people = org.customersByProject.get(project.id) ?? [];
      for (let i = 0; i < count && people.length; i++) {
        const who = people[i % people.length]!;
        const answers = answerSheet(ctx, form);
        const alarm = alarmOf(form, answers);
        const at = Math.floor(from + ctx.rnd() * (Math.min(to, now) - from));
        const followup = alarm ? (at < now - 7 * DAY ? 'done' : 'todo') : null;
        await db
          .insertInto('quest_answer')
          .values({ quest_id: questId, project_id: project.id, respondent: customerName.get(who.id) ?? ctx.personName(), house_name: houseName.get(who.house) ?? null, channel: 'steward', answers: JSON.stringify(answers), form_version: 1, filled_by: ctx.pick(stewards), alarm: alarm ? 1 : 0, answered_at: at, followup, followup_note: followup === 'done' ? '已电话联系业主，问题已转工单处理' : null, created_by: ctx.pick(stewards), created_at: at, updated_at: at })
          .execute();
      }
      await db.updateTable('quest').set({ answer_count: count && people.length ? count : 0 }).where('id', '=', questId).execute();
    };
    const current = await quest(`${project.name}2026年第四季度物业服务满意度调查`, 'owner', 'satisfaction', SATISFACTION_FORM, 'published', now - 40 * DAY, now + 20 * DAY, 60, '尊敬的业主：为持续提升服务品质，诚邀您参与本次满意度调查。');
    await answer(current, SATISFACTION_FORM, now - 40 * DAY, now, 18 + Math.floor(ctx.rnd() * 12));
    const last = await quest(`${project.name}2026年第三季度物业服务满意度调查`, 'owner', 'satisfaction', SATISFACTION_FORM, 'ended', now - 130 * DAY, now - 70 * DAY, 50, '第三季度满意度回访。');
    await answer(last, SATISFACTION_FORM, now - 130 * DAY, now - 70 * DAY, 25 + Math.floor(ctx.rnd() * 15));
    const research = await quest(`${project.name}社区服务需求调研`, 'owner', 'research', RESEARCH_FORM, 'published', now - 12 * DAY, now + 30 * DAY, 40, '我们计划新增便民服务和社区活动，期待您的意见。');
    await answer(research, RESEARCH_FORM, now - 12 * DAY, now, 8 + Math.floor(ctx.rnd() * 8));
    await quest(`${project.name}员工十二月自评`, 'staff', 'self', STAFF_FORM, 'draft', now + 3 * DAY, now + 10 * DAY, 20, '请各岗位员工如实填写。');
  }
}
