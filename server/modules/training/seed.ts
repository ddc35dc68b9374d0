import type { SeedContext } from '../../engine/module.ts';
import type { AnyDB } from '../../engine/hooks.ts';
import { orgDemo } from '../org/public.ts';
import { ATTENDED, creditedHours, LATE_AFTER_MS } from './attendance.ts';

const OFFLINE = ['offlineTraining:view', 'offlineTraining:add', 'offlineTraining:edit', 'offlineTraining:delete', 'offlineTraining:export', 'offlineTraining:qrcode', 'attendance:view', 'attendance:edit', 'attendance:export', 'offlineTotal:view'];
const LECTURERS = ['lecturer:view', 'lecturer:add', 'lecturer:edit', 'lecturer:delete', 'lecturer:export', 'lecturerContribute:view'];
const EVALUATE = ['evaluate:view', 'evaluate:add', 'evaluate:edit', 'evaluate:delete'];
const SKILLS = ['technicalSkill:view', 'technicalSkill:add', 'technicalSkill:edit', 'technicalSkill:delete', 'technicalSkill:review', 'technicalLedger:view'];

/** 培训专员 runs the training; 人事 reads the figures; a project manager follows his project's sessions and attendance. */
export const TRAINING_DEMO_GRANTS: Record<string, string[]> = {
  training: [...OFFLINE, ...LECTURERS, ...EVALUATE, ...SKILLS],
  hr: ['offlineTraining:view', 'attendance:view', 'offlineTotal:view', 'lecturer:view', 'lecturerContribute:view', 'technicalLedger:view'],
  project_manager: ['offlineTraining:view', 'attendance:view', 'offlineTotal:view', 'technicalSkill:view', 'technicalSkill:add', 'technicalSkill:edit', 'technicalLedger:view'],
};

const DAY = 86_400_000;
const HOUR = 3_600_000;

type Lecturer = [name: string, source: 'internal' | 'external', company: string | null, level: string, domains: string[], courses: string];
const LECTURER_ROWS: Lecturer[] = [
  ['王建业', 'internal', null, 'gold', ['skill', 'safety'], '高低压配电运行与维护、设备房安全操作规程'],
  ['李慧敏', 'internal', null, 'senior', ['service', 'onboard'], '物业服务礼仪、客户投诉处理技巧'],
  ['张卫东', 'internal', null, 'middle', ['safety'], '消防设施操作与灭火器使用、微型消防站演练'],
  ['陈静怡', 'internal', null, 'middle', ['onboard', 'service'], '新员工入职须知、企业文化与服务理念'],
  ['周国平', 'external', '上海市消防救援培训中心', 'senior', ['safety'], '高层建筑火灾应急疏散'],
  ['吴晓峰', 'external', '上海三菱电梯有限公司', 'senior', ['skill'], '电梯困人救援与日常巡检'],
  ['刘明远', 'external', '华东物业管理协会', 'gold', ['management'], '项目经理综合管理能力提升'],
  ['何丽娟', 'internal', null, 'junior', ['service'], '前台接待与电话礼仪'],
];

type Session = [name: string, type: string, lecturer: number, hours: number, content: string];
const SESSIONS: Session[] = [
  ['新员工入职培训', 'onboard', 3, 4, '公司概况、员工手册、考勤制度与服务理念'],
  ['消防设施操作培训', 'safety', 2, 2, '消火栓、灭火器、火灾报警控制器的操作与日常检查'],
  ['高层建筑应急疏散演练', 'safety', 4, 3, '疏散路线讲解与现场演练'],
  ['客户投诉处理技巧', 'service', 1, 2, '投诉受理、情绪安抚、闭环回访'],
  ['配电房安全操作规程', 'skill', 0, 3, '高低压配电运行、倒闸操作票与安全防护'],
  ['电梯困人救援实训', 'skill', 5, 3, '困人救援流程、盘车操作与安全注意事项'],
  ['物业服务礼仪培训', 'service', 7, 2, '仪容仪表、站姿、接待用语'],
  ['项目经理管理能力提升', 'management', 6, 6, '团队管理、预算管控与业主沟通'],
];
const PLACES = ['物业服务中心 3 楼培训室', '会所 1 楼多功能厅', '项目部会议室'];

const EVALUATE_FORM = {
  items: [
    { key: 'content', component: 'Radio.Group', label: '培训内容是否实用', required: true, options: ['非常实用', '比较实用', '一般', '不实用'], alarm: ['不实用'] },
    { key: 'lecturer', component: 'NumberPicker', label: '讲师授课评分', required: true, minimum: 1, maximum: 5 },
    { key: 'suggest', component: 'Input.TextArea', label: '意见与建议', maxLength: 300 },
  ],
};
const LECTURER_FORM = {
  items: [
    { key: 'clarity', component: 'Radio.Group', label: '讲解是否清晰', required: true, options: ['清晰', '基本清晰', '不清晰'] },
    { key: 'interaction', component: 'Radio.Group', label: '课堂互动', required: true, options: ['充分', '一般', '较少'] },
  ],
};

const insert = async (trx: AnyDB, table: string, values: Record<string, unknown>) => (await trx.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow()).id as number;

/**
 * Lecturers (internal staff and external experts), two evaluation forms and six months of
 * offline sessions at the four projects: past ones finished with their attendance (mostly
 * signed in by QR, some late, on leave or absent) and evaluations, upcoming ones planned.
 */
export async function seedTraining(ctx: SeedContext): Promise<void> {
  const { trx, now, rnd, pick } = ctx;
  const db = trx as AnyDB;
  const { projectIds } = orgDemo(ctx);
  const stamp = (at: number) => ({ created_by: null, created_at: at, updated_at: at });
  const companyStaff = (await db.selectFrom('staff').select('id').where('account', '!=', 'admin').orderBy('id').limit(8).execute()).map((s) => s.id as number);
  const lecturerIds: number[] = [];
  for (const [i, [name, source, company, level, domains, courses]] of LECTURER_ROWS.entries()) {
    lecturerIds.push(await insert(db, 'training_lecturer', { name, source, staff_id: source === 'internal' ? (companyStaff[i] ?? null) : null, company, level, domains: JSON.stringify(domains), courses, intro: `${name}，${source === 'internal' ? '公司内部讲师' : company}，主讲${courses}。`, enabled: 1, ...stamp(now - 200 * DAY) }));
  }
  const formIds = [
    await insert(db, 'training_evaluate', { name: '线下培训效果评估表', target: 'training', description: '培训结束后由学员填写，评分计入讲师评分', form: JSON.stringify(EVALUATE_FORM), enabled: 1, ...stamp(now - 200 * DAY) }),
    await insert(db, 'training_evaluate', { name: '讲师授课评价表', target: 'lecturer', description: '评价讲师的讲解与互动', form: JSON.stringify(LECTURER_FORM), enabled: 1, ...stamp(now - 200 * DAY) }),
  ];
  for (const [f, id] of formIds.entries()) await db.insertInto('runtime_form_version').values({ resource: 'training_evaluate', record_id: id, field: 'form', version: 1, definition: JSON.stringify(f === 0 ? EVALUATE_FORM : LECTURER_FORM), created_at: now - 200 * DAY }).execute();

  const midnight = new Date(now).setHours(0, 0, 0, 0);
  for (const [p, projectId] of projectIds.entries()) {
    const staff = (await db.selectFrom('staff').innerJoin('org', 'org.id', 'staff.org_id').select('staff.id').where((eb) => eb.or([eb('org.id', '=', projectId), eb('org.parent_id', '=', projectId)])).where('staff.enabled', '=', 1).orderBy('staff.id').execute()).map((s) => s.id as number);
    if (!staff.length) continue;
    // Two sessions a month for six months back and two ahead, each project its own rotation.
    for (let k = -12; k <= 3; k++) {
      const [name, type, lecturer, hours, content] = SESSIONS[(k + 12 + p * 3) % SESSIONS.length]!;
      const start = midnight + (k * 14 + p * 2) * DAY + (k % 2 ? 14 : 9) * HOUR;
      const end = start + hours * HOUR;
      const past = end < now;
      const trainees = staff.filter((_, i) => (i + k) % 3 !== 0 || staff.length < 4);
      const evaluateId = type === 'management' ? formIds[1]! : formIds[0]!;
      const id = await insert(db, 'offline_training', {
        name, type, lecturer_id: lecturerIds[lecturer], location: pick(PLACES), start_time: start, end_time: end, hours, capacity: trainees.length + 5, evaluate_id: evaluateId,
        content, status: past ? 'finished' : 'planned', state_at: past ? end : start - 20 * DAY, project_id: projectId, ...stamp(start - 20 * DAY),
      });
      for (const staffId of trainees) {
        await db.insertInto('training_trainee').values({ training_id: id, staff_id: staffId }).execute();
        const roll = rnd();
        const result = !past ? 'pending' : roll < 0.78 ? 'present' : roll < 0.88 ? 'late' : roll < 0.94 ? 'leave' : 'absent';
        const attended = ATTENDED.includes(result as (typeof ATTENDED)[number]);
        const signedAt = attended ? start + (result === 'late' ? LATE_AFTER_MS + Math.floor(rnd() * 20) * 60_000 : -Math.floor(rnd() * 25) * 60_000) : null;
        const rating = attended && rnd() < 0.7 ? (rnd() < 0.55 ? 5 : rnd() < 0.8 ? 4 : 3) : null;
        const evaluation = rating === null ? null : type === 'management' ? { clarity: rating >= 4 ? '清晰' : '基本清晰', interaction: rating >= 4 ? '充分' : '一般' } : { content: rating >= 4 ? '非常实用' : '比较实用', lecturer: rating, suggest: rating < 4 ? '希望增加实操练习时间' : '' };
        await db.insertInto('training_attendance').values({
          training_id: id, staff_id: staffId, train_at: start, lecturer_id: lecturerIds[lecturer], result, signed_in_at: signedAt, sign_way: attended ? (rnd() < 0.9 ? 'qr' : 'manual') : null,
          hours_credited: creditedHours(result, hours), evaluate_id: evaluateId, evaluation: evaluation ? JSON.stringify(evaluation) : null, evaluation_version: evaluation ? 1 : null, rating, evaluated: rating === null ? 0 : 1,
          remark: result === 'leave' ? '当班值守，已报备' : null, project_id: projectId, ...stamp(signedAt ?? start),
        }).execute();
      }
    }
  }
}

type Skill = [skill: string, level: string, issuer: string];
const SKILL_ROWS: Skill[] = [
  ['electrician', 'four', '上海市职业技能鉴定中心'], ['hvac', 'three', '上海市职业技能鉴定中心'], ['elevator', 'four', '上海市特种设备监督检验技术研究院'],
  ['fire', 'four', '上海市消防救援总队'], ['plumbing', 'five', '上海市职业技能鉴定中心'], ['electrician', 'three', '深圳市职业技能鉴定中心'],
  ['fire', 'five', '深圳市消防救援支队'], ['welder', 'four', '深圳市应急管理局'], ['security', 'three', '广东省职业技能鉴定指导中心'],
];

/**
 * Staff's national vocational certificates at each project: most reviewed and valid, a few
 * waiting for review, one rejected, one expired and one running out within the month.
 */
export async function seedTechnicalSkills(ctx: SeedContext): Promise<void> {
  const { trx, now } = ctx;
  const db = trx as AnyDB;
  const { projectIds } = orgDemo(ctx);
  const YEAR = 365 * DAY;
  let n = 0;
  for (const [p, projectId] of projectIds.entries()) {
    const staff = (await db.selectFrom('staff').innerJoin('org', 'org.id', 'staff.org_id').select('staff.id').where((eb) => eb.or([eb('org.id', '=', projectId), eb('org.parent_id', '=', projectId)])).orderBy('staff.id').execute()).map((s) => s.id as number);
    for (let i = 0; i < Math.min(staff.length, 5); i++) {
      const [skill, level, issuer] = SKILL_ROWS[(p * 2 + i) % SKILL_ROWS.length]!;
      n++;
      const status = n % 11 === 0 ? 'rejected' : n % 7 === 0 ? 'pending' : n % 9 === 0 ? 'expired' : 'valid';
      const issued = now - (400 + n * 37) * DAY;
      const validUntil = status === 'expired' ? now - 20 * DAY : n === 3 ? now + 25 * DAY : issued + 4 * YEAR;
      const created = issued + 30 * DAY;
      await db.insertInto('technical_skill').values({
        staff_id: staff[i], skill, level, cert_no: `${p < 2 ? '3100' : '4403'}${String(2021_0000_00 + n * 7919).slice(0, 10)}`, issuer, issued_at: issued, valid_until: validUntil, files: null,
        remark: status === 'rejected' ? '证书照片不清晰' : null, reviewer_id: status === 'pending' ? null : projectIds.length ? staff[0] : null, reviewed_at: status === 'pending' ? null : created + 2 * DAY,
        status, state_at: status === 'expired' ? validUntil : created + 2 * DAY, project_id: projectId, created_by: null, created_at: created, updated_at: created,
      }).execute();
    }
  }
}
