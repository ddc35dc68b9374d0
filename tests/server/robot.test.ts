import { describe, expect, it } from 'vitest';
import { setUpApis, setUpServer } from '../support/setup.ts';
import { DEMO_PROJECTS } from '../../server/modules/org/demo.ts';
import { dayOf } from '../../server/engine/schedule.ts';

/**
 * /orionManagement/secretary: the reception robots of each project, their Q&A and the broadcasts
 * the schedule engine turns into each day's plays; operations staff keep them within their region.
 */
const server = setUpServer({ PMS_TIMER_INTERVAL_MS: '200' });
const [admin, yunying, xmjl, kefu] = setUpApis(server, 'admin', 'yunying', 'xmjl', 'kefu');
const O = '/api/orion';
type Rec = Record<string, any>;
const list = async (api: typeof admin, path: string, filters: Rec = {}) => (await api.post(`${O}${path}/list`, { pageSize: 100, filters })).body.data.records as Rec[];
const deviceNamed = async (name: string) => (await list(admin, '/device')).find((d) => d.name === name)!;

describe('the secretary desk', () => {
  it('has robots, Q&A with hits and broadcasts with a month of plays in every project', async () => {
    const devices = await list(admin, '/device');
    expect(new Set(devices.map((d) => d.project_id)).size).toBe(4);
    const qa = await list(admin, '/qa', { project_id: DEMO_PROJECTS.cuihu.id });
    expect(qa.length).toBeGreaterThanOrEqual(8);
    expect(qa[0]!.hit_count).toBeGreaterThan(100);
    expect(qa.find((q) => q.question === '物业费怎么交')!.similar_questions).toContain('怎么缴费');
    const plays = await list(admin, '/broadcastPlay');
    expect(plays.every((p) => p.broadcast_id_label && p.content)).toBe(true);
    expect((await admin.post(`${O}/broadcastPlay/list`, { pageSize: 1, filters: { status: 'played' } })).body.data.total).toBeGreaterThan(60);
    const monthAgo = [dayOf(Date.now() - 31 * 86_400_000), dayOf(Date.now() - 25 * 86_400_000)];
    expect((await admin.post(`${O}/broadcastPlay/list`, { pageSize: 1, filters: { play_at: monthAgo } })).body.data.total).toBeGreaterThan(5);
  });

  it("keeps operations staff to their region's projects", async () => {
    const seen = new Set((await list(yunying, '/device')).map((d) => d.project_id));
    expect(seen).toEqual(new Set([DEMO_PROJECTS.cuihu.id, DEMO_PROJECTS.jinxiu.id]));
    const outside = await yunying.post(`${O}/qa/add`, { project_id: DEMO_PROJECTS.binjiang.id, question: '电梯坏了找谁', answer: '请拨打报修热线。', answer_type: 'text' });
    expect(outside.body.status).not.toBe('200');
    expect((await list(admin, '/qa', { question: '电梯坏了找谁' })).length).toBe(0);
  });

  it('takes a Q&A entry once per project, with its similar questions', async () => {
    const entry = { project_id: DEMO_PROJECTS.jinxiu.id, question: '游泳池几点开放', similar_questions: ['泳池开放时间', '游泳馆营业时间'], answer: '会所泳池 6 月至 9 月开放，每天 9:00 至 21:00。', answer_type: 'text' };
    const added = await yunying.post(`${O}/qa/add`, entry);
    expect(added.body.status).toBe('200');
    expect((await yunying.post(`${O}/qa/add`, entry)).body.status).toBe('409');
    expect((await yunying.post(`${O}/qa/add`, { ...entry, question: '会所几点开门', similar_questions: ['x'.repeat(61)] })).body.status).toBe('400');
    const [row] = await list(yunying, '/qa', { question: '游泳池几点开放' });
    expect(row).toMatchObject({ hit_count: 0, similar_questions: ['泳池开放时间', '游泳馆营业时间'], enabled: 1 });
  });

  it("plays a broadcast only on its project's robots, on days its period can read", async () => {
    const xiaocui = await deviceNamed('小翠');
    const xiaojin = await deviceNamed('小锦');
    const today = dayOf(Date.now());
    const base = { project_id: DEMO_PROJECTS.cuihu.id, title: '电梯维保通知', content: '本周三 9:00 至 12:00 3 栋 2 号电梯维保，请乘坐 1 号电梯。', start_date: today, end_date: today, play_time: '00:00', end_time: '23:59', lead_minutes: 0 };
    expect((await yunying.post(`${O}/broadcast/add`, { ...base, device_ids: [xiaocui.id], period: 'week', days: ['9'] })).body.message).toBe('每周播报请填写 1 至 7（周一至周日）的播报日');
    expect((await yunying.post(`${O}/broadcast/add`, { ...base, device_ids: [xiaocui.id], period: 'fixed', days: [] })).body.message).toBe('固定日期播报请按 2026-12-01 的格式填写播报日');
    expect((await yunying.post(`${O}/broadcast/add`, { ...base, device_ids: [xiaocui.id, xiaojin.id], period: 'day' })).body.message).toBe('机器人「小锦」不属于该播报的项目');
    expect((await list(admin, '/broadcast', { title: '电梯维保通知' })).length).toBe(0);
    const added = await yunying.post(`${O}/broadcast/add`, { ...base, device_ids: [xiaocui.id], period: 'day' });
    expect(added.body.status).toBe('200');
    const [broadcast] = await list(yunying, '/broadcast', { title: '电梯维保通知' });
    expect(broadcast!.device_ids_label).toBe('小翠');
    // The schedule engine makes today's play on its clock.
    await expect.poll(async () => (await list(yunying, '/broadcastPlay', { broadcast_id: broadcast!.id })).map((p) => [p.period_key, p.status]), { timeout: 10_000 }).toEqual([[today, 'queued']]);
  });

  it('lets project managers look but not change, and others not even look', async () => {
    expect((await list(xmjl, '/qa')).length).toBeGreaterThan(0);
    expect((await xmjl.post(`${O}/qa/add`, { project_id: DEMO_PROJECTS.cuihu.id, question: '问', answer: '答', answer_type: 'text' })).body.status).toBe('403');
    expect((await kefu.post(`${O}/device/list`, {})).body.status).toBe('403');
  });
});
