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
    expect(row.project_id).not.toBeNull();

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
