import type { SeedContext } from '../../engine/module.ts';
import type { AnyDB } from '../../engine/hooks.ts';
import { orgDemo } from '../org/public.ts';
import { ATTENDED, creditedHours, LATE_AFTER_MS } from './attendance.ts';
import { addMonths, EXPIRY_NOTICE_MS } from './certificates.ts';

const OFFLINE = ['offlineTraining:view', 'offlineTraining:add', 'offlineTraining:edit', 'offlineTraining:delete', 'offlineTraining:export', 'offlineTraining:qrcode', 'attendance:view', 'attendance:edit', 'attendance:export', 'offlineTotal:view'];
const LECTURERS = ['lecturer:view', 'lecturer:add', 'lecturer:edit', 'lecturer:delete', 'lecturer:export', 'lecturerContribute:view'];
const EVALUATE = ['evaluate:view', 'evaluate:add', 'evaluate:edit', 'evaluate:delete'];
const CERTS = ['professional:view', 'professional:add', 'professional:edit', 'professional:delete', 'certPlan:view', 'certPlan:add', 'certPlan:edit', 'certPlan:delete', 'certPlan:assess'];
const PRACTICAL = ['practical:view', 'practical:add', 'practical:edit', 'practical:delete', 'practical:export', 'practicalLedger:view', 'practicalLedger:export', 'practicalResult:add', 'practicalResult:edit', 'practicalResult:delete'];
const SKILLS = ['technicalSkill:view', 'technicalSkill:add', 'technicalSkill:edit', 'technicalSkill:delete', 'technicalSkill:review', 'technicalLedger:view'];

/** 培训专员 runs the training; 人事 reads the figures; a project manager follows his project's sessions and attendance, and scores its practical assessments. */
export const TRAINING_DEMO_GRANTS: Record<string, string[]> = {
  training: [...OFFLINE, ...LECTURERS, ...EVALUATE, ...SKILLS, ...CERTS, ...PRACTICAL],
  hr: ['offlineTraining:view', 'attendance:view', 'offlineTotal:view', 'lecturer:view', 'lecturerContribute:view', 'technicalLedger:view', 'professional:view', 'certPlan:view', 'practical:view', 'practicalLedger:view'],
  project_manager: ['offlineTraining:view', 'attendance:view', 'offlineTotal:view', 'technicalSkill:view', 'technicalSkill:add', 'technicalSkill:edit', 'technicalLedger:view', 'certPlan:view', 'practical:view', 'practicalLedger:view', 'practicalResult:add', 'practicalResult:edit'],
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

type Cert = [name: string, level: string, months: number, requirements: string];
const CERT_ROWS: Cert[] = [
  ['物业管家岗位认证', 'middle', 24, '入职满一年，完成管家学习地图，理论与实操考核合格'],
  ['高级电工认证', 'senior', 36, '持有四级及以上电工证书，完成配电房安全操作实训'],
  ['消防控制室值班认证', 'junior', 12, '持有消防设施操作员证书，熟悉火灾报警控制器操作'],
];

/**
 * Certificates and plans: at each of two projects a finished plan (most passed with
 * certificates, one failed, one running out this month, one already expired) and an ongoing one
 * with candidates waiting for their results.
 */
export async function seedCertificates(ctx: SeedContext): Promise<void> {
  const { trx, now } = ctx;
  const db = trx as AnyDB;
  const { projectIds } = orgDemo(ctx);
  const certs: { id: number; months: number }[] = [];
  for (const [name, level, months, requirements] of CERT_ROWS) {
    certs.push({ id: await insert(db, 'professional_cert', { name, level, validity_months: months, theory_pass: 60, practical_pass: level === 'senior' ? 70 : 60, requirements, enabled: 1, created_by: null, created_at: now - 300 * DAY, updated_at: now - 300 * DAY }), months });
  }
  for (const [p, projectId] of projectIds.slice(0, 3).entries()) {
    const staff = (await db.selectFrom('staff').innerJoin('org', 'org.id', 'staff.org_id').select('staff.id').where((eb) => eb.or([eb('org.id', '=', projectId), eb('org.parent_id', '=', projectId)])).orderBy('staff.id').execute()).map((s) => s.id as number);
    for (const [k, closed] of [true, false].entries()) {
      const cert = certs[(p + k) % certs.length]!;
      // The finished plans' first certificates run out: already (the first project), within the month (the second), later (the third).
      const start = closed ? addMonths(now + [-15, 12, 200][p]! * DAY, -cert.months) - 20 * DAY : now - 10 * DAY;
      const planId = await insert(db, 'cert_plan', { name: `${new Date(start).getFullYear()}年${CERT_ROWS[(p + k) % certs.length]![0]}计划`, cert_id: cert.id, start_time: start, end_time: start + 30 * DAY, description: '理论考试与实操考核合格者颁发证书', status: closed ? 'closed' : 'ongoing', state_at: closed ? start + 30 * DAY : start, project_id: projectId, created_by: null, created_at: start, updated_at: start });
      for (const [i, staffId] of staff.slice(k * 2, k * 2 + 4).entries()) {
        await db.insertInto('cert_plan_candidate').values({ plan_id: planId, staff_id: staffId }).execute();
        const failed = closed && i === 3;
        const issued = start + (20 + i) * DAY;
        const validUntil = closed && !failed ? addMonths(issued, cert.months) : null;
        const status = !closed ? (i === 0 ? 'valid' : 'pending') : failed ? 'failed' : validUntil! < now ? 'expired' : validUntil! - EXPIRY_NOTICE_MS < now ? 'expiring' : 'valid';
        const scored = status !== 'pending';
        const v = !closed && i === 0 ? addMonths(now - 2 * DAY, cert.months) : validUntil;
        await db.insertInto('staff_cert').values({
          plan_id: planId, cert_id: cert.id, staff_id: staffId, theory_score: scored ? (failed ? 52 : 78 + i * 4) : null, practical_score: scored ? (failed ? 65 : 80 + i * 3) : null,
          cert_no: v ? `ZY${String(planId).padStart(4, '0')}${String(i + 1).padStart(3, '0')}` : null, issued_at: v ? (closed ? issued : now - 2 * DAY) : null, valid_until: v, remind_at: v ? v - EXPIRY_NOTICE_MS : null,
          status, state_at: scored ? issued : start, project_id: projectId, created_by: null, created_at: start, updated_at: start,
        }).execute();
      }
    }
  }
}
