import { describe, expect, it } from 'vitest';
import { setUpApis, setUpServer } from '../support/setup.ts';
import { DEMO_PROJECTS } from '../../server/modules/org/demo.ts';

/**
 * Cooperation requests (/employeeCooperation/list): sent by their initiator, accepted or refused
 * only by the team asked, finished by whoever accepted, rated by the initiator; each side sees
 * its own. And the city minimum-wage table (/composite/list): one standard per city and date.
 */
const server = setUpServer();
const [xmjl, p2s1, p3s1, renshi, weixiu] = setUpApis(server, 'xmjl', 'p2s1', 'p3s1', 'renshi', 'weixiu');
const C = '/api/honor/cooperation';
const DAY = 86_400_000;
type Rec = Record<string, any>;
const move = (api: typeof xmjl, id: number, action: string, extra: Rec = {}) => api.post(`${C}/transition`, { id, action, ...extra });
const request = (extra: Rec = {}) => ({ from_org_id: DEMO_PROJECTS.cuihu.id, to_org_id: DEMO_PROJECTS.jinxiu.id, type: 'staff_support', title: '元旦活动秩序维护支援', content: '元旦社区游园活动，需借调 2 名秩序维护员协助现场秩序。', persons: 2, expected_start: Date.now() + 5 * DAY, expected_end: Date.now() + 6 * DAY, ...extra });

describe('cooperation requests', () => {
  it('seeds requests over months at every stage', async () => {
    const all = (await renshi.post(`${C}/list`, { pageSize: 100 })).body.data.records as Rec[];
    expect(new Set(all.map((r) => r.status))).toEqual(new Set(['draft', 'pending', 'doing', 'refused', 'to_rate', 'closed']));
    expect(all.every((r) => /^XZ\d{11}$/.test(r.code))).toBe(true);
  });

  it('goes from the initiator to the team asked and back, each move by its own side', async () => {
    expect((await xmjl.post(`${C}/add`, request({ to_org_id: DEMO_PROJECTS.cuihu.id }))).body.message).toBe('协作部门不能是发起部门本身');
    expect((await xmjl.post(`${C}/add`, request({ expected_end: Date.now() }))).body.message).toBe('期望结束时间须晚于期望开始时间');
    const id = (await xmjl.post(`${C}/add`, request())).body.data.id as number;
    expect((await xmjl.get(`${C}/detail`, { id })).body.data.code).toMatch(/^XZ\d{11}$/);
    expect((await move(p2s1, id, 'accept')).body.message).toBe('当前状态为「草稿」，不能接收');
    expect((await move(xmjl, id, 'submit')).body.data.state).toBe('pending');
    expect((await xmjl.post(`${C}/update`, { id, title: '改' })).body.message).toBe('已提交的协作单不能修改或删除');
    // The initiator's side cannot accept its own request; another project's staff do not even see it.
    const self = await move(xmjl, id, 'accept');
    expect([self.http, self.body.message]).toEqual([403, '只有协作部门的人员可以接收或拒绝协作单']);
    expect((await move(p3s1, id, 'accept')).http).toBe(404);
    expect((await move(p2s1, id, 'accept')).body.data.state).toBe('doing');
    expect((await move(xmjl, id, 'finish', { values: { result: '已完成' } })).http).toBe(403);
    expect((await move(p2s1, id, 'finish', { values: {} })).http).toBe(400);
    expect((await move(p2s1, id, 'finish', { values: { result: '两名秩序维护员全程在岗，活动平稳' } })).body.data.state).toBe('to_rate');
    expect((await move(p2s1, id, 'rate', { values: { rating: 5 } })).http).toBe(403);
    expect((await move(xmjl, id, 'rate', { values: { rating: 9 } })).http).toBe(400);
    expect((await move(xmjl, id, 'rate', { values: { rating: 5, rating_note: '响应迅速' } })).body.data.state).toBe('closed');
    const done = (await p2s1.get(`${C}/detail`, { id })).body.data;
    expect(done).toMatchObject({ status: 'closed', rating: 5, result: '两名秩序维护员全程在岗，活动平稳' });
    const steps = ((await xmjl.get(`${C}/timeline`, { id })).body.data as Rec[]).map((s) => s.action);
    expect(steps).toEqual(expect.arrayContaining(['submit', 'accept', 'finish', 'rate']));
  });

  it('is refused with a reason, and seen by both sides only', async () => {
    const id = (await xmjl.post(`${C}/add`, request({ type: 'material', title: '借调折叠桌椅', content: '业主恳谈会借用折叠桌椅 20 套。' }))).body.data.id as number;
    await move(xmjl, id, 'submit');
    expect((await move(p2s1, id, 'refuse')).http).toBe(400);
    expect((await move(p2s1, id, 'refuse', { note: '桌椅已借出' })).body.data.state).toBe('refused');
    const seenBy = async (api: typeof xmjl) => ((await api.post(`${C}/list`, { pageSize: 100 })).body.data.records as Rec[]).some((r) => r.id === id);
    expect([await seenBy(xmjl), await seenBy(p2s1), await seenBy(p3s1)]).toEqual([true, true, false]);
    expect((await weixiu.post(`${C}/add`, request())).http).toBe(403);
  });
});

describe('city minimum wages', () => {
  it('keeps one standard per city and effective date, and validates the figures', async () => {
    const W = '/api/basis/minWage';
    const list = (await renshi.post(`${W}/list`, { pageSize: 50, filters: { city: '上海' } })).body.data.records as Rec[];
    expect(list.map((r) => r.monthly_min)).toEqual([2690, 2590]);
    const same = { province: '上海市', city: '上海', wage_class: 'class1', hourly_min: 24, monthly_min: 2690, effective_date: list[0]!.effective_date };
    expect((await renshi.post(`${W}/add`, same)).http).toBe(409);
    expect((await renshi.post(`${W}/add`, { ...same, effective_date: '2025-07-01', hourly_min: 0 })).http).toBe(400);
    expect((await renshi.post(`${W}/add`, { ...same, effective_date: '2025-07-01', hourly_min: 25, monthly_min: 2740, doc_no: '沪人社规〔2025〕10号' })).body.message).toBe('新增成功');
    expect((await weixiu.post(`${W}/list`, { pageSize: 10 })).http).toBe(403);
  });
});
