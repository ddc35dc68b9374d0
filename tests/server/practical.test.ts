import { describe, expect, it } from 'vitest';
import { setUpApis, setUpServer } from '../support/setup.ts';
import { DEMO_PROJECTS, DEMO_STAFF } from '../../server/modules/org/public.ts';

/** Practical assessments (/employeeEmpowerment/practical, practicalLedger; design notes 10.1). */
const server = setUpServer();
const [peixun, xmjl, pinzhi, kefu] = setUpApis(server, 'peixun', 'xmjl', 'pinzhi', 'kefu');
const T = '/api/learning/training';

const CRITERIA = [
  { item: '验电操作', standard: '先验电后操作', max_score: 40 },
  { item: '挂接地线', standard: '顺序正确', max_score: 60 },
];

async function assessment(values: Record<string, unknown> = {}): Promise<number> {
  const added = await peixun.post(`${T}/practical/add`, { project_id: DEMO_PROJECTS.cuihu.id, name: '配电实操考核', skill: 'electrician', exam_date: '2026-12-01', examiner_ids: [DEMO_STAFF.xmjl], criteria: CRITERIA, pass_score: 80, ...values });
  expect(added.body.message).toBe('新增成功');
  return added.body.data.id;
}
const scoresOf = (a: number, b: number) => [{ ...CRITERIA[0], score: a }, { ...CRITERIA[1], score: b }];

describe('practical assessments', () => {
  it('takes full marks from the criteria and a pass mark within them', async () => {
    const id = await assessment();
    expect((await peixun.get(`${T}/practical/detail`, { id })).body.data).toMatchObject({ total_score: 100, pass_score: 80 });
    expect((await peixun.post(`${T}/practical/add`, { project_id: DEMO_PROJECTS.cuihu.id, name: 'x', skill: 'fire', exam_date: '2026-12-01', examiner_ids: [DEMO_STAFF.xmjl], criteria: CRITERIA, pass_score: 120 })).body.message).toBe('合格分不能高于满分（100 分）');
    expect((await peixun.post(`${T}/practical/add`, { project_id: DEMO_PROJECTS.cuihu.id, name: 'x', skill: 'fire', exam_date: '2026-12-01', examiner_ids: [DEMO_STAFF.xmjl], criteria: [CRITERIA[0], CRITERIA[0]], pass_score: 10 })).body.message).toBe('考核项目「验电操作」重复');
  });

  it('scores each criterion within its marks, computes the total and the pass on the server, and fixes the criteria once scored', async () => {
    const id = await assessment();
    const add = (values: Record<string, unknown>) => xmjl.post(`${T}/practicalResult/add`, { assessment_id: id, staff_id: DEMO_STAFF.weixiu, examiner_id: DEMO_STAFF.xmjl, scores: scoresOf(35, 50), ...values });
    expect((await add({ scores: scoresOf(41, 50) })).body.message).toBe('「验电操作」得分不能超过满分 40 分');
    expect((await add({ scores: [{ item: '验电操作', score: 30 }] })).body.message).toBe('须为全部 2 个考核项目打分');
    expect((await add({ scores: [{ item: '挂接地线', score: 30 }, { item: '验电操作', score: 30 }] })).body.message).toBe('第 1 项应为「验电操作」，评分标准已变更，请重新打开录入');
    expect((await add({ examiner_id: DEMO_STAFF.diaodu })).body.message).toBe('评分考官须为本次考核的考官');
    // A total or pass cannot be sent, and forged full marks change nothing: the server computes them.
    expect((await add({ total: 100, passed: true })).http).toBe(400);
    const saved = await add({ scores: [{ item: '验电操作', max_score: 100, score: 35 }, { item: '挂接地线', max_score: 100, score: 40 }] });
    expect(saved.body.message).toBe('新增成功');
    const result = (await peixun.get(`${T}/practicalResult/detail`, { id: saved.body.data.id })).body.data;
    expect(result).toMatchObject({ total: 75, passed: 0 });
    expect(result.scores.map((s: any) => s.max_score)).toEqual([40, 60]);
    expect((await add({})).http).toBe(409);
    expect((await xmjl.post(`${T}/practicalResult/update`, { id: saved.body.data.id, scores: scoresOf(40, 45) })).body.message).toBe('保存成功');
    expect((await peixun.get(`${T}/practicalResult/detail`, { id: saved.body.data.id })).body.data).toMatchObject({ total: 85, passed: 1 });
    expect((await peixun.get(`${T}/practical/detail`, { id })).body.data).toMatchObject({ result_count: 1, passed_count: 1 });
    expect((await peixun.post(`${T}/practical/update`, { id, criteria: [{ item: '验电操作', max_score: 50 }, CRITERIA[1]], pass_score: 80 })).body.message).toBe('考核已有成绩，不能修改评分标准');
    expect((await peixun.post(`${T}/practical/delete`, { ids: [id] })).body.message).toBe('考核已有成绩，不能删除');
  });

  it('keeps results to the assessment’s project', async () => {
    const id = await assessment();
    const saved = await xmjl.post(`${T}/practicalResult/add`, { assessment_id: id, staff_id: DEMO_STAFF.xuncha, examiner_id: DEMO_STAFF.xmjl, scores: scoresOf(30, 50) });
    expect(saved.body.message).toBe('新增成功');
    expect((await pinzhi.post(`${T}/practicalResult/list`, { pageNum: 1, pageSize: 200, filters: { assessment_id: id } })).http).toBe(403);
    const seen = (await xmjl.post(`${T}/practicalResult/list`, { pageNum: 1, pageSize: 200 })).body.data.records;
    expect(seen.some((r: any) => r.id === saved.body.data.id)).toBe(true);
    const jinxiu = (await peixun.post(`${T}/practical/list`, { pageNum: 1, pageSize: 50, filters: { project_id: DEMO_PROJECTS.binjiang.id } })).body.data.records[0];
    expect((await xmjl.post(`${T}/practicalResult/add`, { assessment_id: jinxiu.id, staff_id: DEMO_STAFF.weixiu, examiner_id: DEMO_STAFF.xmjl, scores: scoresOf(1, 1) })).body.message).toBe('实操考核不存在或不在您的数据范围内');
    expect((await xmjl.get(`${T}/practicalResult/detail`, { id: (await peixun.post(`${T}/practicalResult/list`, { pageNum: 1, pageSize: 1, filters: { assessment_id: jinxiu.id } })).body.data.records[0]?.id ?? 999999 })).http).toBe(404);
    expect((await kefu.post(`${T}/practicalResult/list`, { pageNum: 1, pageSize: 10 })).http).toBe(403);
  });
});
