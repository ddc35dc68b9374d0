import { describe, expect, it } from 'vitest';
import { setUpApis, setUpServer } from '../support/setup.ts';
import { addSegment, percentOf, reportPosition } from '../../server/modules/learning/progress.ts';

const server = setUpServer();
const [peixun, weixiu, kefu] = setUpApis(server, 'peixun', 'weixiu', 'kefu');
const L = '/api/learning';
const db = () => server.app.db as any;

/** The player's clock: moves the last report of weixiu's progress on a course back by `seconds`, as if that much time had passed. */
async function elapse(courseId: number, staffAccount: string, seconds: number): Promise<void> {
  const staff = await db().selectFrom('staff').select('id').where('account', '=', staffAccount).executeTakeFirstOrThrow();
  const row = await db().selectFrom('course_progress').select(['id', 'last_at']).where('course_id', '=', courseId).where('staff_id', '=', staff.id).executeTakeFirstOrThrow();
  await db().updateTable('course_progress').set({ last_at: Number(row.last_at) - seconds * 1000 }).where('id', '=', row.id).execute();
}

async function publishedCourse(values: Record<string, unknown> = {}): Promise<number> {
  const added = await peixun.post(`${L}/course/add`, { name: `测试课程${Math.random().toString(36).slice(2, 8)}`, category: 'safety', type: 'article', content: '<p>灭火器使用：提、拔、握、压。</p>', duration_min: 2, done_ratio: 90, credit: 2, hours: 1, ...values });
  expect(added.body.message).toBe('新增成功');
  const moved = await peixun.post(`${L}/course/transition`, { id: added.body.data.id, action: 'publish' });
  expect(moved.body.message).toBe('课程已上架');
  return added.body.data.id;
}

describe('progress accounting (pure)', () => {
  it('merges watched stretches and counts a stretch watched twice once', () => {
    expect(addSegment([[0, 10], [20, 30]], 5, 22)).toEqual([[0, 30]]);
    expect(percentOf(addSegment([[0, 60]], 30, 90), 120)).toBe(75);
  });
  it('credits playing, not seeking: a jump further than the elapsed time allows earns nothing', () => {
    const t0 = 1_000_000;
    let s = reportPosition({ position: 0, segments: [], lastAt: t0 }, 10, t0 + 10_000, 120);
    expect(s.segments).toEqual([[0, 10]]);
    s = reportPosition(s, 110, t0 + 15_000, 120);
    expect(s).toMatchObject({ position: 110, segments: [[0, 10]] });
    s = reportPosition(s, 118, t0 + 23_000, 120);
    expect(s.segments).toEqual([[0, 10], [110, 118]]);
    // A position past the end is the end.
    expect(reportPosition(s, 500, t0 + 30_000, 120).position).toBe(120);
  });
});

describe('courses', () => {
  it('refuses a course without the content its type needs', async () => {
    const video = await peixun.post(`${L}/course/add`, { name: '无视频的视频课程', category: 'safety', type: 'video', duration_min: 10, done_ratio: 90, credit: 1, hours: 1 });
    expect(video.body.message).toBe('视频课程请上传 MP4 视频课件');
    const article = await peixun.post(`${L}/course/add`, { name: '空图文课程', category: 'safety', type: 'article', content: '<p> </p>', duration_min: 10, done_ratio: 90, credit: 1, hours: 1 });
    expect(article.body.message).toBe('图文课程请填写图文内容');
    const ratio = await peixun.post(`${L}/course/add`, { name: '比例过低课程', category: 'safety', type: 'article', content: '<p>内容</p>', duration_min: 10, done_ratio: 20, credit: 1, hours: 1 });
    expect(ratio.http).toBe(400);
  });

  it('records progress from position reports, resumes, and completes at the set share with its credit', async () => {
    const id = await publishedCourse();
    const opened = await weixiu.post(`${L}/myCourse/open`, { courseId: id });
    expect(opened.body.data.progress).toMatchObject({ position: 0, percent: 0, status: 'learning', durationSec: 120 });
    expect(opened.body.data.course.content).toContain('灭火器');

    // Played 30 s in 30 s: credited.
    await elapse(id, 'weixiu', 30);
    let r = await weixiu.post(`${L}/myCourse/progress`, { courseId: id, position: 30 });
    expect(r.body.data).toMatchObject({ position: 30, watchedSec: 30, percent: 25, status: 'learning' });
    // A seek to the end right away earns nothing.
    r = await weixiu.post(`${L}/myCourse/progress`, { courseId: id, position: 119 });
    expect(r.body.data).toMatchObject({ position: 119, watchedSec: 30, status: 'learning' });

    // Opened again later: resumes where it was left.
    const again = await weixiu.post(`${L}/myCourse/open`, { courseId: id });
    expect(again.body.data.progress.position).toBe(119);
    // Back to 30 and playing on to 110 over 80 s: 110 of 120 s (91.7 %) ≥ 90 %: done.
    await weixiu.post(`${L}/myCourse/progress`, { courseId: id, position: 30 });
    await elapse(id, 'weixiu', 80);
    r = await weixiu.post(`${L}/myCourse/progress`, { courseId: id, position: 110 });
    expect(r.body.data).toMatchObject({ watchedSec: 110, percent: 91.7, status: 'done' });
    expect(r.body.message).toMatch(/已学完，获得 2 学分/);
    const row = await db().selectFrom('course_progress').selectAll().where('course_id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'done', credit: 2, hours: 1 });
    expect(row.org_id).not.toBeNull();

    // The administrator's list and the course's counts see it.
    const list = await peixun.post(`${L}/course/progress/list`, { pageNum: 1, pageSize: 10, filters: { course_id: id } });
    expect(list.body.data.records).toHaveLength(1);
    expect(list.body.data.records[0]).toMatchObject({ staff_id_label: '王师傅', status: 'done' });
    const detail = await peixun.get(`${L}/course/detail`, { id });
    expect(detail.body.data).toMatchObject({ learner_count: 1, done_count: 1 });
  });

  it('refuses studying a course that is not published, or reporting before opening', async () => {
    const draft = await peixun.post(`${L}/course/add`, { name: '未上架课程', category: 'service', type: 'article', content: '<p>内容</p>', duration_min: 5, done_ratio: 90, credit: 1, hours: 1 });
    const open = await weixiu.post(`${L}/myCourse/open`, { courseId: draft.body.data.id });
    expect(open.body.message).toBe('课程「未上架课程」未上架，不能学习');
    const id = await publishedCourse();
    const early = await kefu.post(`${L}/myCourse/progress`, { courseId: id, position: 10 });
    expect(early.body.message).toBe('请先打开课程再学习');
    expect(await db().selectFrom('course_progress').select('id').where('course_id', '=', id).execute()).toHaveLength(0);
  });

  it('lets a staff member see only their own learning records, and nobody add one by hand', async () => {
    const mine = await weixiu.post(`${L}/course/progress/list`, { pageNum: 1, pageSize: 10 });
    expect(mine.http).toBe(403);
    const add = await peixun.post(`${L}/course/progress/add`, { course_id: 1, staff_id: 1 });
    expect(add.http).toBe(404);
  });
});

describe('learning maps', () => {
  const staffId = async (account: string) => (await db().selectFrom('staff').select(['id', 'org_id']).where('account', '=', account).executeTakeFirstOrThrow()).id as number;
  const postOf = async (account: string) => (await db().selectFrom('staff_post').select('post_id').where('staff_id', '=', await staffId(account)).executeTakeFirstOrThrow()).post_id as number;

  it('refuses stages without tasks, with repeated names, or naming what does not exist', async () => {
    const base = { name: '校验地图', category: 'post', unlock_mode: 'stage', credit: 1 };
    expect((await peixun.post(`${L}/map/add`, { ...base, stages: [{ name: '阶段一' }] })).body.message).toBe('阶段「阶段一」请至少选择一门课程或一场考试');
    const course = await publishedCourse();
    expect((await peixun.post(`${L}/map/add`, { ...base, stages: [{ name: '阶段一', course_ids: [course] }, { name: '阶段一', course_ids: [course] }] })).body.message).toBe('阶段名称「阶段一」重复');
    expect((await peixun.post(`${L}/map/add`, { ...base, stages: [{ name: '阶段一', course_ids: [999999] }] })).body.message).toBe('学习阶段中的课程不存在或已被删除');
    expect((await peixun.post(`${L}/map/add`, { ...base, stages: [] })).http).toBe(400);
  });

  it('computes each learner\'s progress from course progress and exam results, stage by stage', async () => {
    const [c1, c2] = [await publishedCourse({ duration_min: 1 }), await publishedCourse({ duration_min: 1 })];
    const exam = (await db().selectFrom('exam').select(['id', 'pass_score']).where('status', '=', 'published').executeTakeFirstOrThrow());
    const post = await postOf('weixiu');
    // weixiu starts the exam afresh here, whatever attempts the seed's random draw gave him.
    await db().deleteFrom('exam_record').where('exam_id', '=', exam.id).where('staff_id', '=', await staffId('weixiu')).execute();
    const added = await peixun.post(`${L}/map/add`, { name: '维修进阶测试地图', category: 'post', unlock_mode: 'stage', credit: 3, post_ids: [post], stages: [{ name: '课程阶段', course_ids: [c1, c2] }, { name: '考试阶段', exam_ids: [exam.id] }] });
    expect(added.body.message).toBe('新增成功');
    const mapId = added.body.data.id;
    expect((await peixun.get(`${L}/map/detail`, { id: mapId })).body.data.task_count).toBe(3);
    // A draft map has no learners.
    expect((await peixun.post(`${L}/map/progress/list`, { pageNum: 1, pageSize: 50, filters: { map_id: mapId } })).body.data.total).toBe(0);
    expect((await peixun.post(`${L}/map/transition`, { id: mapId, action: 'publish' })).body.message).toBe('发布成功');
    const ledger = async () => (await peixun.post(`${L}/map/progress/list`, { pageNum: 1, pageSize: 200, filters: { map_id: mapId } })).body.data.records as any[];
    const weixiuId = await staffId('weixiu');
    const row = async () => (await ledger()).find((r) => r.staff_id === weixiuId);
    expect(await row()).toMatchObject({ task_count: 3, done_count: 0, percent: 0, status: 'not_started', current_stage: '课程阶段' });

    // One course finished: 1 of 3, learning.
    await weixiu.post(`${L}/myCourse/open`, { courseId: c1 });
    await elapse(c1, 'weixiu', 60);
    await weixiu.post(`${L}/myCourse/progress`, { courseId: c1, position: 60 });
    expect(await row()).toMatchObject({ done_count: 1, percent: 33.3, status: 'learning', current_stage: '课程阶段', credit_earned: 2 });
    let tasks = (await peixun.get(`${L}/map/progress/tasks`, { id: (await row()).id })).body.data;
    expect(tasks.map((t: any) => [t.name.startsWith('测试课程'), t.status])).toEqual([[true, 'done'], [true, 'not_started'], [false, 'locked']]);

    // The second course, then the exam passed: done.
    await weixiu.post(`${L}/myCourse/open`, { courseId: c2 });
    await elapse(c2, 'weixiu', 60);
    await weixiu.post(`${L}/myCourse/progress`, { courseId: c2, position: 60 });
    expect(await row()).toMatchObject({ done_count: 2, current_stage: '考试阶段' });
    tasks = (await peixun.get(`${L}/map/progress/tasks`, { id: (await row()).id })).body.data;
    expect(tasks[2]).toMatchObject({ type: 'exam', status: 'not_started' });
    const now = Date.now();
    await db().insertInto('exam_record').values({ exam_id: exam.id, staff_id: weixiuId, attempt: 9, started_at: now - 600_000, deadline_at: now, submitted_at: now, score: 99, passed: 1, status: 'done', paper: '[]', created_at: now, updated_at: now }).execute();
    expect(await row()).toMatchObject({ done_count: 3, percent: 100, status: 'done', current_stage: null });
    expect((await row()).finished_at).toBe(now);
    expect((await peixun.get(`${L}/map/detail`, { id: mapId })).body.data).toMatchObject({ done_count: 1 });

    // Someone else's learning is out of reach of a staff member without the ledger, and of a project manager elsewhere.
    expect((await weixiu.get(`${L}/map/progress/tasks`, { id: (await row()).id })).http).toBe(403);
  });

  it('orders maps by dragging, and lets nobody delete a published map', async () => {
    const maps = (await peixun.post(`${L}/map/list`, { pageNum: 1, pageSize: 50 })).body.data.records as any[];
    const ids = maps.map((m) => m.id);
    const reordered = [ids[1], ids[0], ...ids.slice(2)];
    expect((await peixun.post(`${L}/map/reorder`, { ids: reordered })).http).toBe(200);
    expect(((await peixun.post(`${L}/map/list`, { pageNum: 1, pageSize: 50 })).body.data.records as any[]).map((m) => m.id)).toEqual(reordered);
    const published = maps.find((m) => m.status === 'published');
    expect((await peixun.post(`${L}/map/delete`, { ids: [published.id] })).body.message).toBe(`学习地图「${published.name}」已发布过，不能删除，可停用`);
    expect((await peixun.get(`${L}/course/postOptions`, { all: true })).body.data).toContainEqual(expect.objectContaining({ label: '客服管家（翠湖天地）' }));
  });

  it('seeds maps per post with months of progress', async () => {
    const ledger = (await peixun.post(`${L}/map/progress/list`, { pageNum: 1, pageSize: 1000 })).body.data;
    expect(ledger.total).toBeGreaterThan(20);
    const statuses = new Set((ledger.records as any[]).map((r) => r.status));
    expect(statuses).toEqual(new Set(['done', 'learning', 'not_started']));
  });
});

describe('learning pushes', () => {
  const HOUR = 3_600_000;
  const staffOf = async (account: string) => (await db().selectFrom('staff').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id as number;
  const notices = async (staffId: number, pushId: number) => db().selectFrom('staff_message').select(['category', 'content']).where('staff_id', '=', staffId).where('type', '=', 'learn_push').where('function_id', '=', String(pushId)).execute();

  it('refuses content that is not published, or of another type than chosen', async () => {
    const draft = await peixun.post(`${L}/course/add`, { name: '推送校验草稿课程', category: 'service', type: 'article', content: '<p>内容</p>', duration_min: 5, done_ratio: 90, credit: 1, hours: 1 });
    const base = { title: '校验推送', content_type: 'course', audience: { mode: 'staff', ids: [await staffOf('weixiu')] }, push_at: Date.now() + HOUR, remind_hours: 24 };
    expect((await peixun.post(`${L}/push/add`, { ...base, course_id: draft.body.data.id })).body.message).toBe('课程「推送校验草稿课程」未发布，不能推送');
    expect((await peixun.post(`${L}/push/add`, { ...base, content_type: 'map' })).body.message).toBe('请选择要推送的学习地图');
    expect((await peixun.post(`${L}/push/add`, { ...base, course_id: await publishedCourse(), push_at: Date.now() - HOUR })).http).toBe(400);
  });

  it('goes out at its time once: one assignment and one to-do per person, then one reminder before the deadline, none once done', async () => {
    const course = await publishedCourse({ duration_min: 1 });
    const [weixiuId, kefuId] = [await staffOf('weixiu'), await staffOf('kefu')];
    const pushAt = Date.now() + 2 * HOUR;
    const deadline = pushAt + 48 * HOUR;
    const added = await peixun.post(`${L}/push/add`, { title: '电工安全专项推送', content_type: 'course', course_id: course, audience: { mode: 'staff', ids: [weixiuId, kefuId] }, push_at: pushAt, deadline, remind_hours: 24, message: '请按时完成' });
    expect(added.body.message).toBe('新增成功');
    const id = added.body.data.id;
    expect((await peixun.post(`${L}/push/transition`, { id, action: 'schedule' })).body.message).toBe('已设置定时推送');
    const assignments = () => db().selectFrom('learn_assignment').selectAll().where('push_id', '=', id).orderBy('staff_id').execute();

    // Before its time nothing goes out; at its time, once, however often the clock runs.
    await server.app.workflowTimers.run(pushAt - 60_000);
    expect(await assignments()).toHaveLength(0);
    await server.app.workflowTimers.run(pushAt + 1000);
    await server.app.workflowTimers.run(pushAt + 2000);
    expect((await assignments()).map((a: any) => [a.staff_id, a.status])).toEqual([[Math.min(weixiuId, kefuId), 'todo'], [Math.max(weixiuId, kefuId), 'todo']]);
    expect(await notices(weixiuId, id)).toEqual([expect.objectContaining({ category: '1', content: expect.stringMatching(/^学习任务：课程「测试课程.+」，请于 .+ 前完成。请按时完成$/) })]);
    expect((await peixun.get(`${L}/push/detail`, { id })).body.data).toMatchObject({ status: 'pushed', assigned_count: 2, done_count: 0 });
    // Pushing again is refused by the workflow; delivering again assigns nobody twice.
    expect((await peixun.post(`${L}/push/transition`, { id, action: 'push' })).http).toBe(409);

    // weixiu studies the course: done, so only kefu is reminded, once, within 24 h of the deadline.
    await weixiu.post(`${L}/myCourse/open`, { courseId: course });
    await elapse(course, 'weixiu', 60);
    await weixiu.post(`${L}/myCourse/progress`, { courseId: course, position: 60 });
    await server.app.workflowTimers.run(deadline - 30 * HOUR);
    expect((await notices(kefuId, id)).filter((n: any) => n.category === '2')).toHaveLength(0);
    await server.app.workflowTimers.run(deadline - 20 * HOUR);
    await server.app.workflowTimers.run(deadline - 10 * HOUR);
    expect((await notices(kefuId, id)).filter((n: any) => n.category === '2')).toEqual([expect.objectContaining({ content: expect.stringMatching(/^提醒：课程「测试课程.+」将于 .+ 截止，请尽快完成$/) })]);
    expect((await notices(weixiuId, id)).filter((n: any) => n.category === '2')).toHaveLength(0);
    const rows = await assignments();
    expect(rows.find((a: any) => a.staff_id === weixiuId)).toMatchObject({ status: 'done' });
    expect((await peixun.get(`${L}/push/detail`, { id })).body.data).toMatchObject({ done_count: 1 });
    expect((await peixun.post(`${L}/push/delete`, { ids: [id] })).body.message).toBe('「电工安全专项推送」已推送，不能删除');
  });

  it('pushes a map to a post now: every holder assigned, done when the map is', async () => {
    const map = (await db().selectFrom('learning_map').select(['id', 'name']).where('status', '=', 'published').where('name', '=', '保洁员上岗地图').executeTakeFirstOrThrow());
    const posts = (await db().selectFrom('post').select('id').where('name', '=', '保洁员').execute()).map((p: any) => p.id);
    const added = await peixun.post(`${L}/push/add`, { title: '保洁地图推送', content_type: 'map', map_id: map.id, audience: { mode: 'post', ids: posts }, push_at: Date.now() + 60_000, remind_hours: 0 });
    const moved = await peixun.post(`${L}/push/transition`, { id: added.body.data.id, action: 'push' });
    expect(moved.body.message).toBe('推送成功');
    const holders = await db().selectFrom('staff_post').innerJoin('staff', 'staff.id', 'staff_post.staff_id').select('staff.id').where('post_id', 'in', posts).where('staff.enabled', '=', 1).execute();
    const rows = await db().selectFrom('learn_assignment').selectAll().where('push_id', '=', added.body.data.id).execute();
    expect(rows.length).toBe(new Set(holders.map((h: any) => h.id)).size);
    const done = await db().selectFrom('map_progress').select('staff_id').where('map_id', '=', map.id).where('status', '=', 'done').execute();
    expect(rows.filter((r: any) => r.status === 'done').map((r: any) => r.staff_id).sort()).toEqual(done.map((d: any) => d.staff_id).sort());
  });
});

describe('staff learning profiles and the online-learning report', () => {
  it('profiles each staff member from their records, with a tab per kind, within the caller\'s scope', async () => {
    const list = (await peixun.post(`${L}/profile/list`, { pageNum: 1, pageSize: 200 })).body.data;
    expect(list.total).toBeGreaterThan(10);
    const top = list.records[0];
    const done = await db().selectFrom('course_progress').select((eb: any) => eb.fn.sum('credit').as('c')).where('staff_id', '=', top.staff_id).where('status', '=', 'done').executeTakeFirstOrThrow();
    expect(top.credit).toBe(Number(done.c));
    for (const tab of ['courses', 'exams', 'maps', 'certs', 'trainings']) {
      const rows = await peixun.get(`${L}/profile/records`, { id: top.id, tab });
      expect(rows.http, tab).toBe(200);
    }
    expect((await peixun.get(`${L}/profile/records`, { id: top.id, tab: 'courses' })).body.data.length).toBe(top.courses_done + top.courses_learning);
    expect((await peixun.get(`${L}/profile/records`, { id: top.id, tab: 'salary' })).http).toBe(400);
    expect((await weixiu.post(`${L}/profile/list`, { pageNum: 1, pageSize: 10 })).http).toBe(403);
  });

  it('counts learners, completions and hours by organisation', async () => {
    const report = (await peixun.post(`${L}/report/onlineLearn/query`, { groupBy: 'org' })).body.data;
    const rows = await db().selectFrom('course_progress').select(['staff_id', 'status', 'hours']).execute();
    expect(report.totals.records).toBe(rows.length);
    expect(report.totals.completions).toBe(rows.filter((r: any) => r.status === 'done').length);
    expect(report.totals.learners).toBe(new Set(rows.map((r: any) => r.staff_id)).size);
  });
});

describe('the study screen (我的学习)', () => {
  const HOUR = 3_600_000;
  const staffOf = async (account: string) => (await db().selectFrom('staff').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id as number;

  it('seeds two one-minute video courses whose stored video is served', async () => {
    const videos = (await weixiu.get(`${L}/myCourse/list`)).body.data.filter((c: any) => c.type === 'video');
    expect(videos.map((c: any) => c.name)).toEqual(expect.arrayContaining(['消防器材日常检查（视频）', '电梯困人应急处置（视频）']));
    const opened = (await weixiu.post(`${L}/myCourse/open`, { courseId: videos[0].id })).body.data;
    expect(opened.course).toMatchObject({ type: 'video', duration_min: 1, files: [{ url: expect.stringMatching(/^\/files\/\d{6}\/[0-9a-f]{32}\.mp4$/) }] });
    const served = await fetch(`${server.url}${opened.course.files[0].url}`);
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.length).toBeLessThanOrEqual(300 * 1024);
    // An MP4 starts with its "ftyp" box.
    expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
  });

  it('lists the assigned courses first with their deadline, and marks the assignment done the moment the course is', async () => {
    const course = await publishedCourse({ duration_min: 1 });
    const weixiuId = await staffOf('weixiu');
    const deadline = Date.now() + 72 * HOUR;
    const added = await peixun.post(`${L}/push/add`, { title: '学习页推送', content_type: 'course', course_id: course, audience: { mode: 'staff', ids: [weixiuId] }, push_at: Date.now() + 60_000, deadline, remind_hours: 24 });
    await peixun.post(`${L}/push/transition`, { id: added.body.data.id, action: 'schedule' });
    await server.app.workflowTimers.run(Date.now() + 120_000);

    const list = (await weixiu.get(`${L}/myCourse/list`)).body.data;
    const mine = list.find((c: any) => c.id === course);
    expect(mine).toMatchObject({ assigned: true, deadline, status: 'new', percent: 0 });
    expect(list.findIndex((c: any) => !c.assigned)).toBeGreaterThan(list.indexOf(mine));
    // kefu was not assigned it: the same course, no task.
    expect((await kefu.get(`${L}/myCourse/list`)).body.data.find((c: any) => c.id === course)).toMatchObject({ assigned: false, deadline: null });

    await weixiu.post(`${L}/myCourse/open`, { courseId: course });
    await elapse(course, 'weixiu', 60);
    const done = await weixiu.post(`${L}/myCourse/progress`, { courseId: course, position: 60 });
    expect(done.body.message).toMatch(/^恭喜，课程「测试课程.+」已学完，获得 2 学分$/);
    const assignment = await db().selectFrom('learn_assignment').select(['status', 'done_at']).where('push_id', '=', added.body.data.id).executeTakeFirstOrThrow();
    expect(assignment.status).toBe('done');
    expect((await weixiu.get(`${L}/myCourse/list`)).body.data.find((c: any) => c.id === course)).toMatchObject({ status: 'done', percent: 100 });
  });
});
