import { describe, expect, it } from 'vitest';
import { setUpApis, setUpServer } from '../support/setup.ts';
import { DEMO_PROJECTS } from '../../server/modules/org/demo.ts';

/**
 * Supplier attendance: shifts of supplier workers (/opearator-manager/supplierAttendance),
 * validated and scoped by region.
 */
const server = setUpServer();
const [yunying, admin, xmjl] = setUpApis(server, 'yunying', 'admin', 'xmjl');
const W = '/api/wxmanage';
const { cuihu, jinxiu, binjiang } = DEMO_PROJECTS;
const CLEAN = '上海洁安保洁服务有限公司';
type Rec = Record<string, any>;

const shifts = async (api = yunying, filters: Rec = {}) => (await api.post(`${W}/attendanceShift/list`, { pageSize: 100, filters })).body.data.records as Rec[];
const workers = async (projectId: number, supplier: string) => (await yunying.get(`${W}/attendanceShift/workers`, { projectId, supplier })).body.data as { label: string; value: number }[];
const shiftBody = (over: Rec = {}) => ({ project_id: jinxiu.id, supplier: CLEAN, name: '保洁晚班', work_days: ['7'], start_time: '16:00', end_time: '22:00', allow_offset_min: 30, late_offset_min: 5, early_offset_min: 5, staff_ids: [], ...over });

describe('supplier attendance shifts', () => {
  it('are seeded at every project with their supplier workers, and a region sees only its own', async () => {
    const mine = await shifts();
    expect(new Set(mine.map((s) => s.project_id))).toEqual(new Set([cuihu.id, jinxiu.id]));
    expect(mine.map((s) => s.name)).toEqual(expect.arrayContaining(['保洁早班', '秩序白班', '绿化养护班']));
    const clean = mine.find((s) => s.project_id === cuihu.id && s.name === '保洁早班')!;
    expect(clean.staff_ids.length).toBeGreaterThanOrEqual(3);
    expect(clean.staff_ids_label).toContain('韩桂兰');
    expect((await shifts(admin)).length).toBe(12);
    expect((await xmjl.post(`${W}/attendanceShift/list`, { pageSize: 100 })).body.data.records.every((s: Rec) => s.project_id === cuihu.id)).toBe(true);
    // The form's choices stay within the caller's projects.
    expect(await workers(binjiang.id, CLEAN)).toEqual([]);
    expect((await yunying.get(`${W}/attendanceShift/suppliers`, { projectId: jinxiu.id })).body.data.map((o: Rec) => o.value)).toEqual(expect.arrayContaining([CLEAN, '安盾保安服务有限公司', '绿源园林工程有限公司']));
    const other = (await admin.post(`${W}/attendanceShift/list`, { pageSize: 1, filters: { project_id: binjiang.id } })).body.data.records[0];
    expect((await yunying.get(`${W}/attendanceShift/detail`, { id: other.id })).http).toBe(404);
    expect((await yunying.post(`${W}/attendanceShift/add`, shiftBody({ project_id: binjiang.id, staff_ids: [] }))).http).toBe(403);
  });

  it('refuse an end before the start, negative offsets, and workers of another project or supplier or already on shift', async () => {
    const [a, b] = await workers(jinxiu.id, CLEAN);
    const guards = await workers(jinxiu.id, '安盾保安服务有限公司');
    const cuihuCleaner = (await workers(cuihu.id, CLEAN))[0]!;
    const refused = async (over: Rec, message: string | RegExp) => {
      const before = (await shifts()).length;
      const r = await yunying.post(`${W}/attendanceShift/add`, shiftBody(over));
      expect(r.http).toBe(400);
      expect(r.body.message).toMatch(message);
      expect((await shifts()).length).toBe(before);
    };
    await refused({ start_time: '18:00', end_time: '09:00', staff_ids: [a!.value] }, '下班时间须晚于上班时间');
    await refused({ start_time: '8:00', staff_ids: [a!.value] }, '上班时间请按 08:00 的格式填写');
    await refused({ late_offset_min: -5, staff_ids: [a!.value] }, /迟到宽限/);
    await refused({ staff_ids: [guards[0]!.value] }, `「${guards[0]!.label}」不属于供应商「${CLEAN}」`);
    await refused({ staff_ids: [cuihuCleaner.value] }, `「${cuihuCleaner.label}」不在该班次的项目工作`);
    await refused({ work_days: ['1'], staff_ids: [a!.value] }, `「${a!.label}」周一已排在班次「保洁早班」，同一天只能排一个班次`);
    await refused({ latitude: 31.2, staff_ids: [a!.value] }, '打卡点须同时填写纬度、经度和打卡半径');
    // Sunday is free for the cleaners: the shift is taken, and its people are listed.
    const ok = await yunying.post(`${W}/attendanceShift/add`, shiftBody({ staff_ids: [a!.value, b!.value] }));
    expect(ok.body.message).toBe('新增成功');
    const saved = (await yunying.get(`${W}/attendanceShift/detail`, { id: ok.body.data.id })).body.data;
    expect(saved.staff_ids).toEqual([a!.value, b!.value].sort((x, y) => x - y));
    expect((await yunying.post(`${W}/attendanceShift/delete`, { ids: [ok.body.data.id] })).body.message).toBe('删除成功');
  });
});
