import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { setUpApis, setUpServer } from '../support/setup.ts';
import { DEMO_PROJECTS, DEMO_STAFF } from '../../server/modules/org/public.ts';
import { storeFile } from '../support/storedFiles.ts';

/** Pre-shift required reading (/requiredBeforeClass, design notes 12). */
const server = setUpServer();
const [peixun, weixiu, kefu, xmjl] = setUpApis(server, 'peixun', 'weixiu', 'kefu', 'xmjl');
const L = '/api/learning';

const QUIZ = [
  { question: '灭火器压力表指针应在哪个区域？', type: 'single', options: [{ text: '红区' }, { text: '绿区', right: true }, { text: '黄区' }] },
  { question: '哪些行为违反消防规定？', type: 'multiple', options: [{ text: '占用疏散通道', right: true }, { text: '锁闭安全出口', right: true }, { text: '定期巡检' }] },
];
const course = (values: Record<string, unknown>) => peixun.post(`${L}/required/course/add`, { title: '灭火器检查要点', category: 'safety', content_type: 'article', content: '<p>每月检查一次压力表。</p>', min_read_sec: 20, quiz: QUIZ, ...values });

describe('required courses', () => {
  it('keeps an article, a PDF document and their quiz, refusing content that does not fit the kind', async () => {
    const article = await course({});
    expect(article.body.message).toBe('新增成功');
    expect((await peixun.get(`${L}/required/course/detail`, { id: article.body.data.id })).body.data).toMatchObject({ quiz_count: 2, min_read_sec: 20 });

    expect((await course({ content: '<p> </p>' })).body.message).toBe('图文课程须填写正文');
    const doc = await PDFDocument.create();
    doc.addPage([300, 200]);
    const pdf = await storeFile(peixun, '消防制度.pdf', await doc.save(), 'application/pdf');
    expect((await course({ content_type: 'video', files: [pdf] })).body.message).toBe('视频课程须上传一个 MP4 视频');
    expect((await course({ content_type: 'pdf', files: [pdf], content: null })).body.message).toBe('新增成功');

    expect((await course({ quiz: [{ question: '判断', type: 'judge', options: [{ text: '正确', right: true }, { text: '错误', right: true }] }] })).body.message).toBe('第 1 道测验题（判断题）须有且只有一个正确选项');
    expect((await course({ quiz: [{ question: '多选', type: 'multiple', options: [{ text: '甲', right: true }, { text: '乙' }] }] })).body.message).toBe('第 1 道测验题（多选题）至少需要两个正确选项');
    expect((await course({ quiz: [...QUIZ, ...QUIZ] })).http).toBe(400);
  });

  it('lets only the training administrator manage courses', async () => {
    expect((await kefu.post(`${L}/required/course/list`, { pageNum: 1, pageSize: 10 })).http).toBe(403);
    expect((await weixiu.post(`${L}/required/course/add`, { title: 'x', category: 'safety', content_type: 'article', content: '<p>x</p>', min_read_sec: 0 })).http).toBe(403);
    const list = await peixun.post(`${L}/required/course/list`, { pageNum: 1, pageSize: 50 });
    expect(list.body.data.records.map((r: { title: string }) => r.title)).toContain('电梯困人应急处置流程');
  });
});

const db = () => server.app.db as any;
const recordsOf = async (itemId: number) => (await db().selectFrom('required_read_record').selectAll().where('item_id', '=', itemId).orderBy('id').execute()) as Record<string, any>[];
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
const dayAfter = (day: string, n: number) => {
  const [y, m, d] = day.split('-').map(Number);
  const at = new Date(y!, m! - 1, d! + n, 12);
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
};

async function newCourse(values: Record<string, unknown> = {}): Promise<number> {
  const added = await course({ title: `课程${Math.random().toString(36).slice(2, 8)}`, ...values });
  expect(added.body.message).toBe('新增成功');
  return added.body.data.id;
}

async function publishedItem(values: Record<string, unknown>): Promise<number> {
  const added = await peixun.post(`${L}/required/item/add`, { title: '今日安全必读', repeat: 'daily', effective_date: today(), deadline_time: '23:59', audience: { mode: 'staff', ids: [DEMO_STAFF.weixiu, DEMO_STAFF.kefu] }, ...values });
  expect(added.body.message).toBe('新增成功');
  const moved = await peixun.post(`${L}/required/item/transition`, { id: added.body.data.id, action: 'publish' });
  expect(moved.body.message).toBe('发布成功');
  return added.body.data.id;
}

describe('required reading items', () => {
  it('makes one record per person, course and day however often publishing and the clock run, and tells the readers', async () => {
    const [a, b] = [await newCourse(), await newCourse({ quiz: [] })];
    const id = await publishedItem({ course_ids: [a, b], end_date: dayAfter(today(), 2) });
    const first = await recordsOf(id);
    expect(first).toHaveLength(4);
    expect(first.map((r) => r.staff_id).sort()).toEqual([DEMO_STAFF.weixiu, DEMO_STAFF.weixiu, DEMO_STAFF.kefu, DEMO_STAFF.kefu].sort());
    expect(first.every((r) => r.status === 'unread' && r.project_id === DEMO_PROJECTS.cuihu.id && r.post_id !== null)).toBe(true);
    const notice = await db().selectFrom('staff_message').select(['content']).where('staff_id', '=', DEMO_STAFF.weixiu).where('title', '=', '班前必读').orderBy('id', 'desc').executeTakeFirst();
    expect(notice.content).toContain('今日安全必读');

    await server.app.workflowTimers.run(Date.now());
    await server.app.workflowTimers.run(Date.now());
    expect(await recordsOf(id)).toHaveLength(4);
    // Tomorrow the clock makes tomorrow's, once; after the last day, nothing more and the item expires.
    const tomorrow = Date.now() + 86_400_000;
    await server.app.workflowTimers.run(tomorrow);
    await server.app.workflowTimers.run(tomorrow);
    expect(await recordsOf(id)).toHaveLength(8);
    await server.app.workflowTimers.run(Date.now() + 2 * 86_400_000);
    expect(await recordsOf(id)).toHaveLength(12);
    await server.app.workflowTimers.run(Date.now() + 4 * 86_400_000);
    expect((await peixun.get(`${L}/required/item/detail`, { id })).body.data).toMatchObject({ status: 'expired', target_count: 12, read_count: 0 });
    await server.app.workflowTimers.run(Date.now() + 5 * 86_400_000);
    expect(await recordsOf(id)).toHaveLength(12);
  });

  it('keeps to the weekdays of a weekly item, refuses what cannot be published, and cancels the unread on withdrawal', async () => {
    const c = await newCourse();
    const weekday = String(new Date().getDay() || 7);
    const other = String((Number(weekday) % 7) + 1);
    const noWeekdays = await peixun.post(`${L}/required/item/add`, { title: '周读', course_ids: [c], repeat: 'weekly', effective_date: today(), deadline_time: '09:00', audience: { mode: 'staff', ids: [DEMO_STAFF.weixiu] } });
    expect(noWeekdays.body.message).toBe('每周必读须选择每周阅读日');
    const notToday = await publishedItem({ course_ids: [c], repeat: 'weekly', week_days: [other] });
    expect(await recordsOf(notToday)).toHaveLength(0);
    const onToday = await publishedItem({ course_ids: [c], repeat: 'weekly', week_days: [weekday] });
    expect(await recordsOf(onToday)).toHaveLength(2);
    expect((await peixun.post(`${L}/required/item/update`, { id: onToday, title: '改标题' })).body.message).toBe('已发布的必读不能修改，请先撤回');

    const past = await peixun.post(`${L}/required/item/add`, { title: '过期', course_ids: [c], repeat: 'once', effective_date: dayAfter(today(), -3), deadline_time: '09:00', audience: { mode: 'staff', ids: [DEMO_STAFF.weixiu] } });
    const refused = await peixun.post(`${L}/required/item/transition`, { id: past.body.data.id, action: 'publish' });
    expect(refused.body.message).toBe(`必读的有效期已于 ${dayAfter(today(), -3)} 结束，不能发布，请修改日期`);
    expect((await peixun.get(`${L}/required/item/detail`, { id: past.body.data.id })).body.data.status).toBe('draft');

    expect((await peixun.post(`${L}/required/item/transition`, { id: onToday, action: 'withdraw' })).body.message).toBe('撤回成功');
    expect(await recordsOf(onToday)).toHaveLength(0);
  });

  it('reminds only those who have not read today, and not twice in ten minutes', async () => {
    const c = await newCourse({ quiz: [], min_read_sec: 0 });
    const id = await publishedItem({ course_ids: [c] });
    const own = (await recordsOf(id)).find((x) => x.staff_id === DEMO_STAFF.kefu)!;
    const mine = (await kefu.get(`${L}/myRequired/list`)).body.data.find((r: any) => r.id === own.id);
    expect(mine).toMatchObject({ item_title: '今日安全必读', status: 'unread' });
    await kefu.post(`${L}/myRequired/open`, { recordId: mine.id });
    expect((await kefu.post(`${L}/myRequired/finish`, { recordId: mine.id })).body.message).toBe('阅读完成');
    const reminded = await peixun.post(`${L}/required/item/remind`, { id });
    expect(reminded.body.message).toBe('已提醒 1 人');
    expect((await recordsOf(id)).map((r) => [r.staff_id, r.remind_count])).toEqual(expect.arrayContaining([[DEMO_STAFF.weixiu, 1], [DEMO_STAFF.kefu, 0]]));
    expect((await peixun.post(`${L}/required/item/remind`, { id })).body.message).toMatch(/^10 分钟内已催读过/);
    expect((await kefu.post(`${L}/required/item/remind`, { id })).http).toBe(403);
  });
});

describe('reading through the staff services', () => {
  it('counts a reading only after the minimum time on the server clock, and scores the quiz without ever sending its answers', async () => {
    const c = await newCourse({ min_read_sec: 30 });
    const id = await publishedItem({ course_ids: [c], must_pass_quiz: true });
    const record = (await recordsOf(id)).find((r) => r.staff_id === DEMO_STAFF.weixiu)!;
    expect((await weixiu.post(`${L}/myRequired/finish`, { recordId: record.id, answers: [[1], [0, 1]] })).body.message).toBe('请先打开课程阅读');
    const opened = await weixiu.post(`${L}/myRequired/open`, { recordId: record.id });
    expect(opened.body.data.quiz).toEqual([
      { index: 0, question: QUIZ[0]!.question, type: 'single', options: ['红区', '绿区', '黄区'] },
      { index: 1, question: QUIZ[1]!.question, type: 'multiple', options: ['占用疏散通道', '锁闭安全出口', '定期巡检'] },
    ]);
    expect(JSON.stringify(opened.body)).not.toContain('right');
    const early = await weixiu.post(`${L}/myRequired/finish`, { recordId: record.id, answers: [[1], [0, 1]] });
    expect(early.http).toBe(409);
    expect(early.body.message).toMatch(/^阅读时间不足，还需阅读 \d+ 秒$/);
    // Opening again does not restart the clock; 31 seconds later (the stored opening moved back) it counts.
    await weixiu.post(`${L}/myRequired/open`, { recordId: record.id });
    await db().updateTable('required_read_record').set({ opened_at: Date.now() - 31_000 }).where('id', '=', record.id).execute();

    expect((await weixiu.post(`${L}/myRequired/finish`, { recordId: record.id, answers: [[1]] })).body.message).toBe('请回答全部 2 道测验题');
    expect((await weixiu.post(`${L}/myRequired/finish`, { recordId: record.id, answers: [[1, 2], [0]] })).body.message).toBe('第 1 道测验题只能选一个选项');
    const wrong = await weixiu.post(`${L}/myRequired/finish`, { recordId: record.id, answers: [[1], [0]] });
    expect(wrong.body.message).toBe('测验未通过（答对 1/2），请重新阅读后再答');
    expect(JSON.stringify(wrong.body)).not.toContain('right":true');
    const right = await weixiu.post(`${L}/myRequired/finish`, { recordId: record.id, answers: [[1], [1, 0]] });
    expect(right.body.message).toBe('测验通过（2/2）');
    const stored = (await recordsOf(id)).find((r) => r.id === record.id)!;
    expect(stored).toMatchObject({ status: 'passed', quiz_score: 100, passed: 1, late: 0 });
    expect(stored.read_sec).toBeGreaterThanOrEqual(31);
    expect((await weixiu.post(`${L}/myRequired/finish`, { recordId: record.id, answers: [[1], [1, 0]] })).body.message).toBe('已完成阅读，无需重复提交');
    expect((await peixun.get(`${L}/required/item/detail`, { id })).body.data).toMatchObject({ target_count: 2, read_count: 1, pass_count: 1 });
  });

  it('never lets anyone open or answer someone else’s reading', async () => {
    const c = await newCourse();
    const id = await publishedItem({ course_ids: [c] });
    const kefus = (await recordsOf(id)).find((r) => r.staff_id === DEMO_STAFF.kefu)!;
    expect((await weixiu.post(`${L}/myRequired/open`, { recordId: kefus.id })).http).toBe(404);
    expect((await weixiu.post(`${L}/myRequired/finish`, { recordId: kefus.id, answers: [[1], [0, 1]] })).http).toBe(404);
    expect((await weixiu.get(`${L}/myRequired/list`)).body.data.some((r: any) => r.id === kefus.id)).toBe(false);
  });
});

describe('the required-reading report', () => {
  it('counts due, read and quiz results by project and post, within the caller’s data scope', async () => {
    const c = await newCourse({ min_read_sec: 0 });
    const id = await publishedItem({ course_ids: [c] });
    const record = (await recordsOf(id)).find((r) => r.staff_id === DEMO_STAFF.weixiu)!;
    await weixiu.post(`${L}/myRequired/open`, { recordId: record.id });
    expect((await weixiu.post(`${L}/myRequired/finish`, { recordId: record.id, answers: [[1], [0, 1]] })).body.message).toBe('测验通过（2/2）');

    const byPost = (await peixun.post(`${L}/report/requiredReading/query`, { filters: { item_id: id }, groupBy: 'post' })).body.data;
    expect(byPost.totals).toEqual({ due: 2, read: 1, readRate: 50, quizzed: 1, passed: 1, passRate: 100, late: 0 });
    expect(byPost.rows.map((r: any) => r.label).sort()).toEqual(['客服管家', '维修工程师']);
    const byProject = (await xmjl.post(`${L}/report/requiredReading/query`, { filters: { item_id: id }, groupBy: 'project' })).body.data;
    expect(byProject.rows).toEqual([expect.objectContaining({ key: DEMO_PROJECTS.cuihu.id, due: 2, read: 1 })]);
    const drill = (await peixun.post(`${L}/report/requiredReading/drill`, { filters: { item_id: id }, measure: 'passed' })).body.data;
    expect(drill.total).toBe(1);
    expect((await kefu.post(`${L}/report/requiredReading/query`, { groupBy: 'project' })).http).toBe(403);
  });
});
