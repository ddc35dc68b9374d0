import { describe, expect, it } from 'vitest';
import { setUpApis, setUpServer } from '../support/setup.ts';
import { DEMO_PROJECTS, DEMO_STAFF } from '../../server/modules/org/demo.ts';
import { CODE_EXPIRED, CODE_FORGED, makeSignCode } from '../../server/modules/training/signCode.ts';

/**
 * Offline training (/employeeEmpowerment): a session's roster becomes its attendance sheet, a
 * trainee signs in with the session's signed QR code (forged or expired codes refused), hours are
 * credited to those who came, the end marks the rest absent, evaluations feed the lecturer's
 * rating, and the totals report counts it all.
 */
const server = setUpServer();
const [admin, weixiu, kefu, diaodu, xmjl] = setUpApis(server, 'admin', 'weixiu', 'kefu', 'diaodu', 'xmjl');
const T = '/api/learning/training';
const HOUR = 3_600_000;
const cuihu = DEMO_PROJECTS.cuihu.id;

type Rec = Record<string, any>;
const sheet = async (trainingId: number) => (await admin.post(`${T}/attendance/list`, { pageSize: 50, filters: { training_id: trainingId } })).body.data.records as Rec[];
const rowOf = async (trainingId: number, staffId: number) => (await sheet(trainingId)).find((r) => r.staff_id === staffId)!;

async function lecturerAndForm() {
  const lecturer = (await admin.post(`${T}/lecturer/add`, { name: `测试讲师${Date.now() % 100000}`, source: 'external', company: '上海市消防救援培训中心', level: 'senior' })).body;
  expect(lecturer.message).toBe('新增成功');
  const form = { items: [{ key: 'useful', component: 'Radio.Group', label: '培训内容是否实用', required: true, options: ['实用', '一般'] }] };
  const evaluate = (await admin.post(`${T}/evaluate/add`, { name: `测试评估表${Date.now() % 100000}`, target: 'training', form })).body;
  expect(evaluate.message).toBe('新增成功');
  return { lecturerId: lecturer.data.id as number, evaluateId: evaluate.data.id as number };
}

async function schedule(extra: Rec = {}) {
  const { lecturerId, evaluateId } = await lecturerAndForm();
  const start = Date.now() + 5 * 60_000;
  const res = await admin.post(`${T}/offline/add`, {
    project_id: cuihu, name: '消防设施操作培训', type: 'safety', lecturer_id: lecturerId, location: '物业服务中心 3 楼培训室', start_time: start, end_time: start + 2 * HOUR, hours: 2,
    evaluate_id: evaluateId, trainee_ids: [DEMO_STAFF.weixiu, DEMO_STAFF.kefu, DEMO_STAFF.xuncha], ...extra,
  });
  expect(res.body.message).toBe('新增成功');
  return { id: res.body.data.id as number, lecturerId, evaluateId, start };
}

const codeOf = async (id: number) => (await admin.get(`${T}/offline/signCode`, { id })).body.data[0] as { code: string; qr: string; expires_at: number };

describe('offline training', () => {
  it('is in the demo: lecturers, forms, months of sessions at every project with attendance and ratings', async () => {
    const trainings = (await admin.post(`${T}/offline/list`, { pageSize: 200 })).body.data.records as Rec[];
    expect(new Set(trainings.map((t) => t.project_id)).size).toBe(4);
    expect(new Set(trainings.map((t) => t.status))).toEqual(new Set(['finished', 'planned']));
    expect(Math.min(...trainings.map((t) => t.start_time))).toBeLessThan(Date.now() - 150 * 24 * HOUR);
    const finished = trainings.find((t) => t.status === 'finished')!;
    expect(finished.present_count).toBeGreaterThan(0);
    expect(finished.present_count).toBeLessThanOrEqual(finished.trainee_count);
    const lecturers = (await admin.post(`${T}/lecturer/list`, { pageSize: 50 })).body.data.records as Rec[];
    expect(lecturers.filter((l) => l.training_count > 0).length).toBeGreaterThan(4);
    expect(lecturers.some((l) => l.rating >= 3 && l.rating <= 5)).toBe(true);
  });

  it('turns the roster into the attendance sheet and keeps it in step', async () => {
    const { id } = await schedule();
    expect((await sheet(id)).map((r) => r.result)).toEqual(['pending', 'pending', 'pending']);
    const update = await admin.post(`${T}/offline/update`, { id, trainee_ids: [DEMO_STAFF.weixiu, DEMO_STAFF.kefu, DEMO_STAFF.diaodu] });
    expect(update.body.message).toBe('保存成功');
    expect((await sheet(id)).map((r) => r.staff_id).sort()).toEqual([DEMO_STAFF.kefu, DEMO_STAFF.diaodu, DEMO_STAFF.weixiu].sort());
  });

  it('signs a trainee in with the session code, refusing forged, foreign, expired and repeated codes', async () => {
    const { id, start } = await schedule();
    const { code, qr, expires_at } = await codeOf(id);
    expect(qr).toMatch(/^data:image\/png;base64,/);
    expect(expires_at).toBe(start + 2 * HOUR + 30 * 60_000);
    // Forged: another session's id under this signature, or a changed signature.
    const [, , exp, sig] = code.split('.');
    for (const forged of [`TR1.${id + 1}.${exp}.${sig}`, `${code.slice(0, -2)}${code.endsWith('AA') ? 'BB' : 'AA'}`, 'TR1.1.9999999999999.x', '<script>']) {
      const res = await weixiu.post(`${T}/offline/signIn`, { code: forged });
      expect(res.http).toBe(400);
      expect(res.body.message).toBe(CODE_FORGED);
    }
    const expired = makeSignCode(server.app.config.signSeed, id, Date.now() - 1000);
    expect((await weixiu.post(`${T}/offline/signIn`, { code: expired })).body.message).toBe(CODE_EXPIRED);
    expect((await rowOf(id, DEMO_STAFF.weixiu)).result).toBe('pending');

    const ok = await weixiu.post(`${T}/offline/signIn`, { code });
    expect(ok.body.message).toBe('签到成功（出勤）');
    const row = await rowOf(id, DEMO_STAFF.weixiu);
    expect(row).toMatchObject({ result: 'present', sign_way: 'qr', hours_credited: 2 });
    expect(row.signed_in_at).toBeGreaterThan(Date.now() - 60_000);
    expect((await weixiu.post(`${T}/offline/signIn`, { code })).body.message).toMatch(/^您已于\d\d:\d\d签到，无需重复签到$/);
    // Not on the roster.
    expect((await diaodu.post(`${T}/offline/signIn`, { code })).body.message).toBe('您不在培训「消防设施操作培训」的参训名单中，请联系培训组织人');
    // Someone who signed in cannot be taken off the roster.
    expect((await admin.post(`${T}/offline/update`, { id, trainee_ids: [DEMO_STAFF.kefu] })).body.message).toBe('王师傅已签到，不能移出参训名单');
  });

  it('counts a late sign-in as late, marks the rest absent at the end, and credits hours only to those who came', async () => {
    const { lecturerId } = await lecturerAndForm();
    const start = Date.now() - 20 * 60_000;
    const { body } = await admin.post(`${T}/offline/add`, { project_id: cuihu, name: '电梯困人救援实训', type: 'skill', lecturer_id: lecturerId, location: '会所 1 楼多功能厅', start_time: start, end_time: start + 3 * HOUR, hours: 3, trainee_ids: [DEMO_STAFF.weixiu, DEMO_STAFF.kefu, DEMO_STAFF.xuncha] });
    const id = body.data.id as number;
    const { code } = await codeOf(id);
    expect((await kefu.post(`${T}/offline/signIn`, { code })).body.message).toBe('签到成功（迟到）');
    // The organiser records a leave by hand; the hours follow the result.
    const xunchaRow = await rowOf(id, DEMO_STAFF.xuncha);
    expect((await admin.post(`${T}/attendance/update`, { id: xunchaRow.id, result: 'leave', remark: '当班值守' })).body.message).toBe('保存成功');
    const manual = await rowOf(id, DEMO_STAFF.weixiu);
    await admin.post(`${T}/attendance/update`, { id: manual.id, result: 'present' });
    expect(await rowOf(id, DEMO_STAFF.weixiu)).toMatchObject({ result: 'present', sign_way: 'manual', hours_credited: 3 });
    await admin.post(`${T}/attendance/update`, { id: manual.id, result: 'pending' });
    // The timers start the session at its start and finish it at its end: 未签到 becomes 缺勤.
    await server.app.workflowTimers.run(start + 1000);
    await server.app.workflowTimers.run(start + 3 * HOUR + 1000);
    const detail = (await admin.get(`${T}/offline/detail`, { id })).body.data;
    expect(detail.status).toBe('finished');
    const rows = await sheet(id);
    const by = (s: number) => rows.find((r) => r.staff_id === s)!;
    expect(by(DEMO_STAFF.kefu)).toMatchObject({ result: 'late', hours_credited: 3 });
    expect(by(DEMO_STAFF.xuncha)).toMatchObject({ result: 'leave', hours_credited: 0 });
    expect(by(DEMO_STAFF.weixiu)).toMatchObject({ result: 'absent', hours_credited: 0 });
    expect(detail).toMatchObject({ trainee_count: 3, present_count: 1 });
    // A finished session takes no more sign-ins and no edits.
    expect((await weixiu.post(`${T}/offline/signIn`, { code })).body.message).toBe('培训「电梯困人救援实训」已结束，不能再签到');
    expect((await admin.post(`${T}/offline/update`, { id, location: '别处' })).http).not.toBe(200);
  });

  it('takes one evaluation per attendee, checked against the form, and feeds the lecturer rating', async () => {
    const { id, lecturerId } = await schedule();
    const { code } = await codeOf(id);
    expect((await weixiu.post(`${T}/offline/evaluate`, { trainingId: id, rating: 5, answers: { useful: '实用' } })).body.message).toBe('签到参训后才能评价');
    await weixiu.post(`${T}/offline/signIn`, { code });
    await kefu.post(`${T}/offline/signIn`, { code });
    expect((await weixiu.post(`${T}/offline/evaluate`, { trainingId: id, rating: 5, answers: {} })).body.message).toBe('「培训内容是否实用」为必答题');
    expect((await weixiu.post(`${T}/offline/evaluate`, { trainingId: id, rating: 5, answers: { useful: '很差' } })).http).toBe(400);
    expect((await weixiu.post(`${T}/offline/evaluate`, { trainingId: id, rating: 6, answers: { useful: '实用' } })).http).toBe(400);
    expect((await weixiu.post(`${T}/offline/evaluate`, { trainingId: id, rating: 5, answers: { useful: '实用' } })).body.message).toBe('评价已提交，感谢您的反馈');
    expect((await weixiu.post(`${T}/offline/evaluate`, { trainingId: id, rating: 1, answers: { useful: '一般' } })).body.message).toBe('您已评价过该培训');
    expect((await kefu.post(`${T}/offline/evaluate`, { trainingId: id, rating: 4, answers: { useful: '一般' } })).body.message).toBe('评价已提交，感谢您的反馈');
    const row = await rowOf(id, DEMO_STAFF.weixiu);
    expect(row).toMatchObject({ rating: 5, evaluated: 1, evaluation_version: 1 });
    const lecturer = (await admin.get(`${T}/lecturer/detail`, { id: lecturerId })).body.data;
    expect(lecturer).toMatchObject({ rating: 4.5, rating_count: 2 });
    expect((await admin.get(`${T}/offline/detail`, { id })).body.data.avg_rating).toBe(4.5);
    // The organiser cannot write ratings or evaluations through the sheet.
    await admin.post(`${T}/attendance/update`, { id: row.id, rating: 1 });
    expect((await rowOf(id, DEMO_STAFF.weixiu)).rating).toBe(5);
  });

  it('totals trainings, persons, hours and attendance rate by project, matching the sheets', async () => {
    const { lecturerId } = await lecturerAndForm();
    const start = Date.now() - 30 * 60_000;
    const { body } = await admin.post(`${T}/offline/add`, { project_id: DEMO_PROJECTS.yunqi.id, name: '物业服务礼仪培训', type: 'service', lecturer_id: lecturerId, location: '项目部会议室', start_time: start, end_time: start + HOUR, hours: 1.5, trainee_ids: [DEMO_STAFF.weixiu, DEMO_STAFF.kefu] });
    const id = body.data.id as number;
    await weixiu.post(`${T}/offline/signIn`, { code: (await codeOf(id)).code });
    // Not counted while under way (未签到 may still come); at the end the one who never came is absent.
    expect((await admin.post(`${T}/report/offlineTotal/query`, { groupBy: 'lecturer', filters: { lecturer_id: lecturerId } })).body.data.totals.expected).toBe(1);
    await server.app.workflowTimers.run(start + 1000);
    await server.app.workflowTimers.run(start + HOUR + 1000);
    const query = (filters: Rec) => admin.post(`${T}/report/offlineTotal/query`, { groupBy: 'lecturer', filters });
    const answer = (await query({ lecturer_id: lecturerId })).body.data;
    expect(answer.rows).toHaveLength(1);
    const row = answer.rows[0];
    // 2 on the roster, 1 came, 1.5 hours, 50%.
    expect(row).toMatchObject({ trainings: 1, expected: 2, attended: 1, persons: 2, hours: 1.5, attendanceRate: 50 });
    // Over the whole demo the figures agree with the attendance sheets.
    const all = (await admin.post(`${T}/report/offlineTotal/query`, { groupBy: 'project' })).body.data;
    const records = (await admin.post(`${T}/attendance/list`, { pageSize: 5000, filters: { result: ['present', 'late', 'leave', 'absent'] } })).body.data;
    const attended = (records.records as Rec[]).filter((r) => r.result === 'present' || r.result === 'late');
    expect(all.totals.expected).toBeGreaterThanOrEqual(records.total);
    expect(all.totals.attended).toBe(attended.length);
    expect(all.totals.hours).toBeCloseTo(attended.reduce((s, r) => s + r.hours_credited, 0), 1);
  });

  it('keeps each project to its own: a project manager sees his project only and cannot make codes', async () => {
    const list = (await xmjl.post(`${T}/offline/list`, { pageSize: 200 })).body.data.records as Rec[];
    expect(list.length).toBeGreaterThan(0);
    expect(new Set(list.map((t) => t.project_id))).toEqual(new Set([cuihu]));
    expect((await xmjl.get(`${T}/offline/signCode`, { id: list[0]!.id })).http).toBe(403);
  });
});

describe('technical skills', () => {
  const S = `${T}/technicalSkill`;
  it('are reviewed before they count, refused edits once valid, and expire by their date', async () => {
    const ledger = (await admin.post(`${S}/list`, { pageSize: 200 })).body.data.records as Rec[];
    expect(new Set(ledger.map((r) => r.status))).toEqual(new Set(['valid', 'pending', 'rejected', 'expired']));
    const validUntil = Date.now() + 2 * HOUR;
    const added = await xmjl.post(`${S}/add`, { project_id: cuihu, staff_id: DEMO_STAFF.weixiu, skill: 'electrician', level: 'four', cert_no: `3100TEST${Date.now() % 1_000_000}`, issuer: '上海市职业技能鉴定中心', issued_at: '2024-03-01', valid_until: validUntil });
    expect(added.body.message).toBe('新增成功');
    const id = added.body.data.id as number;
    expect((await admin.get(`${S}/detail`, { id })).body.data.status).toBe('pending');
    // The project manager registers but does not review.
    expect((await xmjl.post(`${S}/transition`, { id, action: 'approve' })).http).toBe(403);
    expect((await admin.post(`${S}/transition`, { id, action: 'reject' })).body.message).toMatch(/说明|原因|填写/);
    expect((await admin.post(`${S}/transition`, { id, action: 'reject', note: '证书照片不清晰' })).body.message).toBe('驳回成功');
    expect((await xmjl.post(`${S}/transition`, { id, action: 'resubmit' })).body.message).toBe('重新提交成功');
    expect((await admin.post(`${S}/transition`, { id, action: 'approve' })).body.message).toBe('审核通过成功');
    const valid = (await admin.get(`${S}/detail`, { id })).body.data;
    expect(valid).toMatchObject({ status: 'valid', reviewer_id: DEMO_STAFF.admin });
    expect((await xmjl.post(`${S}/update`, { id, issuer: '别处' })).body.message).toBe('已审核通过的技能证书不能修改或删除');
    // A bad date range is refused.
    expect((await xmjl.post(`${S}/add`, { project_id: cuihu, staff_id: DEMO_STAFF.weixiu, skill: 'fire', level: 'five', cert_no: `X${Date.now()}`, issuer: '消防', issued_at: '2025-03-01', valid_until: '2024-03-01' })).body.message).toBe('有效期须晚于发证日期');
    await server.app.workflowTimers.run(validUntil + 1000);
    expect((await admin.get(`${S}/detail`, { id })).body.data.status).toBe('expired');
  });
});

describe('professional certificates', () => {
  it('issue a certificate to a candidate who passes both parts, flag it before it expires and expire it', async () => {
    const demo = (await admin.post(`${T}/staffCert/list`, { pageSize: 200 })).body.data.records as Rec[];
    expect(new Set(demo.map((r) => r.status))).toEqual(new Set(['valid', 'expiring', 'expired', 'failed', 'pending']));
    const cert = (await admin.post(`${T}/professional/add`, { name: `测试认证${Date.now() % 100000}`, level: 'senior', validity_months: 12, theory_pass: 60, practical_pass: 70 })).body.data.id as number;
    const plan = await admin.post(`${T}/certPlan/add`, { project_id: cuihu, name: '高级电工认证计划', cert_id: cert, start_time: '2026-11-01', end_time: '2026-12-31', candidate_ids: [DEMO_STAFF.weixiu, DEMO_STAFF.kefu] });
    expect(plan.body.message).toBe('新增成功');
    const planId = plan.body.data.id as number;
    const rows = (await admin.post(`${T}/staffCert/list`, { pageSize: 10, filters: { plan_id: planId } })).body.data.records as Rec[];
    expect(rows.map((r) => r.status)).toEqual(['pending', 'pending']);
    const weixiuRow = rows.find((r) => r.staff_id === DEMO_STAFF.weixiu)!;
    const low = await admin.post(`${T}/staffCert/transition`, { id: weixiuRow.id, action: 'pass', values: { theory_score: 88, practical_score: 65 } });
    expect(low.body.message).toBe('实操成绩低于合格分 70 分，不能认证通过');
    expect((await admin.get(`${T}/staffCert/detail`, { id: weixiuRow.id })).body.data.status).toBe('pending');
    expect((await admin.post(`${T}/staffCert/transition`, { id: weixiuRow.id, action: 'pass', values: { theory_score: 88, practical_score: 75 } })).body.message).toBe('认证通过成功');
    const issued = (await admin.get(`${T}/staffCert/detail`, { id: weixiuRow.id })).body.data;
    expect(issued).toMatchObject({ status: 'valid', theory_score: 88, practical_score: 75 });
    expect(issued.cert_no).toMatch(/^ZY\d{8}\d{5}$/);
    expect(issued.valid_until - issued.issued_at).toBeGreaterThan(360 * 24 * HOUR);
    expect(issued.remind_at).toBe(issued.valid_until - 30 * 24 * HOUR);
    // A candidate with a result cannot be taken off; closing the plan fails the rest.
    expect((await admin.post(`${T}/certPlan/update`, { id: planId, candidate_ids: [DEMO_STAFF.kefu] })).body.message).toBe('已出认证结果的人员不能移出认证计划');
    await admin.post(`${T}/certPlan/transition`, { id: planId, action: 'close' });
    const closed = (await admin.get(`${T}/certPlan/detail`, { id: planId })).body.data;
    expect(closed).toMatchObject({ status: 'closed', candidate_count: 2, passed_count: 1 });
    expect((await admin.post(`${T}/staffCert/list`, { pageSize: 10, filters: { plan_id: planId, status: ['failed'] } })).body.data.total).toBe(1);
    // The timers: 即将到期 thirty days before, 已过期 at the end.
    await server.app.workflowTimers.run(issued.remind_at + 1000);
    expect((await admin.get(`${T}/staffCert/detail`, { id: weixiuRow.id })).body.data.status).toBe('expiring');
    expect((await admin.get(`${T}/professional/detail`, { id: cert })).body.data).toMatchObject({ holder_count: 1, expiring_count: 1 });
    await server.app.workflowTimers.run(issued.valid_until + 1000);
    expect((await admin.get(`${T}/staffCert/detail`, { id: weixiuRow.id })).body.data.status).toBe('expired');
  });
});
