import { describe, expect, it } from 'vitest';
import { signedIn } from '../support/api.ts';
import { decodeQrPdf, fetchFile, readSheets, uploadFile, workbookOf } from '../support/patrol.ts';
import { setUpApis, setUpServer } from '../support/setup.ts';
import { DEMO_PROJECTS } from '../../server/modules/org/public.ts';

/** The patrol library over real HTTP: categories, standards and problems (with Excel), stripes, points and QR labels. */
const server = setUpServer();
const [admin, manager] = setUpApis(server, 'admin', 'xmjl');

const P = '/api/patrol';
const count = async (table: string) => Number(((await server.app.db.selectFrom(table as never).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()) as { n: number }).n);
const classifyId = async (code: string) => (await server.app.db.selectFrom('tbp_classify').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
const pointByName = async (name: string) => server.app.db.selectFrom('tbp_point').selectAll().where('name', '=', name).executeTakeFirstOrThrow();

describe('categories (classify) as a tree', () => {
  it('adds, nests, lists, reads, renames, refuses cycles and duplicate names, and deletes only what is empty', async () => {
    const root = await admin.post(`${P}/patrol/addClassify`, { name: '绿化设施', code: 'LH', sort: 5 });
    expect([root.http, root.body.message]).toEqual([200, '新增成功']);
    const child = await admin.post(`${P}/patrol/addClassify`, { name: '喷灌系统', parentId: root.body.data.id });
    expect(child.http).toBe(200);
    const childId = child.body.data.id;
    const generated = await admin.post(`${P}/patrol/queryClassify`, { id: childId });
    expect(generated.body.data).toMatchObject({ name: '喷灌系统', parentName: '绿化设施', code: `FL${String(childId).padStart(4, '0')}` });

    const twin = await admin.post(`${P}/patrol/addClassify`, { name: '喷灌系统', parentId: root.body.data.id });
    expect([twin.http, twin.body.message]).toEqual([409, '同一级下已有分类「喷灌系统」']);
    expect((await admin.post(`${P}/patrol/addClassify`, { name: '绿篱', code: 'LH' })).body.message).toBe('分类编码「LH」已存在');

    const tree = (await admin.post(`${P}/newTbpClassify/treeList`, {})).body.data;
    const fire = tree.find((n: { code: string }) => n.code === 'XF');
    expect(fire.children.map((c: { name: string }) => c.name)).toEqual(['灭火器', '消火栓']);
    expect(fire.children[0]).toMatchObject({ standardCount: 3, pointCount: 3 });
    const found = (await admin.post(`${P}/newTbpClassify/treeList`, { name: '喷灌' })).body.data;
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ name: '绿化设施', children: [{ name: '喷灌系统' }] });

    const children = (await admin.post(`${P}/patrol/getList`, { parentId: await classifyId('SB') })).body.data;
    expect(children.records.map((r: { name: string }) => r.name)).toEqual(['配电房', '水泵房']);
    expect(children.total).toBe(2);

    const cycle = await admin.post(`${P}/patrol/updateClassify`, { id: root.body.data.id, parentId: childId });
    expect([cycle.http, cycle.body.message]).toEqual([400, '不能把分类移到它自己或它的下级分类下']);
    expect((await admin.post(`${P}/patrol/updateClassify`, { id: childId, name: '喷灌与水景' })).body.message).toBe('保存成功');

    const parentDelete = await admin.post(`${P}/patrol/deleteClassify`, { id: root.body.data.id });
    expect([parentDelete.http, parentDelete.body.message]).toEqual([409, '分类「绿化设施」下还有子分类，不能删除']);
    const used = await admin.post(`${P}/patrol/deleteClassify`, { id: await classifyId('XF-MHQ') });
    expect(used.body.message).toBe('分类「灭火器」下还有巡查点位，不能删除');
    expect((await admin.post(`${P}/patrol/deleteClassify`, { id: childId })).body.message).toBe('删除成功');
    expect((await admin.post(`${P}/patrol/deleteClassify`, { id: root.body.data.id })).http).toBe(200);
    expect((await admin.post(`${P}/patrol/queryClassify`, { id: childId })).http).toBe(404);
  });

  it('refuses a name left blank and a caller without the permission', async () => {
    const blank = await admin.post(`${P}/patrol/addClassify`, { name: '   ' });
    expect([blank.http, blank.body.message]).toEqual([400, '请填写分类名称']);
    const technician = await signedIn(server.url, 'weixiu');
    const refused = await technician.post(`${P}/patrol/addClassify`, { name: '越权分类' });
    expect([refused.http, refused.body.message]).toEqual([403, '没有权限执行该操作（需要「新增巡查分类」权限）']);
  });
});

describe('standards and their problems', () => {
  it('saves a standard with problems, reads it, lists standards and problems, edits the problems and deletes it', async () => {
    const cid = await classifyId('GG-CK');
    const saved = await admin.post(`${P}/classifyStandard/save`, {
      classifyId: cid,
      name: '车位划线清晰',
      method: '巡视车位',
      needPhoto: true,
      sort: 5,
      problems: [{ description: '划线褪色', level: 'general' }, { description: '车位编号缺失' }],
    });
    expect(saved.body.message).toBe('保存成功');
    const id = saved.body.data.id;
    const detail = (await admin.get(`${P}/classifyStandard/getStandardDetailById`, { id })).body.data;
    expect(detail).toMatchObject({ name: '车位划线清晰', classifyName: '地下车库', needPhoto: 1, problems: [{ description: '划线褪色', level: 'general' }, { description: '车位编号缺失', level: 'general' }] });

    const listed = (await admin.post(`${P}/classifyStandard/queryStandard`, { classifyId: await classifyId('GG'), keyword: '车位' })).body.data;
    expect(listed.records).toEqual([expect.objectContaining({ id, classifyName: '地下车库', problemCount: 2 })]);
    const problems = (await admin.post(`${P}/classifyStandard/queryPro`, { standardId: id })).body.data;
    expect(problems.records.map((p: { description: string }) => p.description)).toEqual(['划线褪色', '车位编号缺失']);

    const kept = detail.problems[0];
    await admin.post(`${P}/classifyStandard/save`, { id, classifyId: cid, name: '车位划线清晰', problems: [{ id: kept.id, description: '划线褪色', level: 'serious' }, { description: '车位被杂物占用' }] });
    const after = (await admin.get(`${P}/classifyStandard/getStandardDetailById`, { id })).body.data;
    expect(after.problems).toEqual([expect.objectContaining({ id: kept.id, level: 'serious' }), expect.objectContaining({ description: '车位被杂物占用' })]);
    expect(after.needPhoto).toBe(0);

    const dup = await admin.post(`${P}/classifyStandard/save`, { classifyId: cid, name: '照明正常' });
    expect([dup.http, dup.body.message]).toEqual([409, '该分类下已有检查标准「照明正常」']);
    const twice = await admin.post(`${P}/classifyStandard/save`, { classifyId: cid, name: '新标准', problems: [{ description: 'a' }, { description: 'a' }] });
    expect(twice.body.message).toBe('问题「a」重复');

    expect((await admin.post(`${P}/classifyStandard/deleteById`, { id })).body.message).toBe('删除成功');
    expect((await admin.get(`${P}/classifyStandard/getStandardDetailById`, { id })).http).toBe(404);
    expect(await server.app.db.selectFrom('tbp_standard_problem').select('id').where('standard_id', '=', id).execute()).toEqual([]);
  });

  it('offers Excel templates with the rules and the category codes', async () => {
    const file = await fetchFile(admin, 'POST', `${P}/classifyStandard/exportStandardTemplate`);
    expect(file.http).toBe(200);
    expect(file.disposition).toContain('检查标准导入模板.xlsx');
    const sheets = await readSheets(file.bytes);
    expect(sheets['导入数据']![0]).toEqual(['分类编码（必填）', '检查标准（必填）', '检查方法', '是否拍照', '排序']);
    expect(sheets['填写说明']!.flat()).toEqual(expect.arrayContaining(['XF-MHQ', '灭火器']));
    // A category named like a formula is written as text (issue 40, finding 10).
    await server.app.db.updateTable('tbp_classify').set({ name: '=HYPERLINK("http://evil.example","灭火器")' }).where('code', '=', 'XF-MHQ').execute();
    const escaped = await readSheets((await fetchFile(admin, 'POST', `${P}/classifyStandard/exportStandardTemplate`)).bytes);
    await server.app.db.updateTable('tbp_classify').set({ name: '灭火器' }).where('code', '=', 'XF-MHQ').execute();
    expect(escaped['填写说明']!.flat()).toContain(`'=HYPERLINK("http://evil.example","灭火器")`);
    const problems = await readSheets((await fetchFile(admin, 'POST', `${P}/classifyStandard/exportStandardProblemTemplate`)).bytes);
    expect(problems['导入数据']![0]).toEqual(['分类编码（必填）', '检查标准（必填）', '问题描述（必填）', '问题等级', '排序']);
  });

  it('imports standards all or nothing, naming every bad row, then their problems', async () => {
    const header = ['分类编码（必填）', '检查标准（必填）', '检查方法', '是否拍照', '排序'];
    const before = await count('tbp_standard');
    const bad = await uploadFile(
      admin,
      `${P}/classifyStandard/importStandard`,
      await workbookOf(header, [
        ['SB-SBF', '水泵接地良好', '目视', '否', 1],
        ['NOPE', '无此分类', '', '', ''],
        ['SB-SBF', '', '', '', ''],
        ['SB-SBF', '水泵接地良好', '', '', ''],
        ['SB-SBF', '地面无积水', '', '', ''],
        ['SB-SBF', '阀门标识清楚', '', '也许', 'x'],
      ]),
      '标准.xlsx',
    );
    expect(bad.http).toBe(400);
    expect(bad.body.message).toBe(
      '导入失败，未导入任何数据。第 3 行：分类编码「NOPE」不存在；第 4 行：检查标准不能为空；第 5 行：与第 2 行重复；第 6 行：分类下已有检查标准「地面无积水」；第 7 行：是否拍照应填“是”或“否”，排序应为 0 到 9999 的整数',
    );
    expect(bad.body.data.errors.map((e: { row: number }) => e.row)).toEqual([3, 4, 5, 6, 7]);
    expect(await count('tbp_standard')).toBe(before);

    const good = await uploadFile(admin, `${P}/classifyStandard/importStandard`, await workbookOf(header, [['SB-SBF', '水泵接地良好', '目视', '是', 3], ['SB-SBF', '阀门标识清楚', '', '', '']]), '标准.xlsx');
    expect([good.http, good.body.message]).toEqual([200, '成功导入 2 条检查标准']);
    expect(await count('tbp_standard')).toBe(before + 2);
    const imported = (await admin.post(`${P}/classifyStandard/queryStandard`, { classifyId: await classifyId('SB-SBF'), keyword: '接地' })).body.data.records[0];
    expect(imported).toMatchObject({ name: '水泵接地良好', method: '目视', needPhoto: 1, sort: 3 });

    const problemHeader = ['分类编码（必填）', '检查标准（必填）', '问题描述（必填）', '问题等级', '排序'];
    const badProblems = await uploadFile(
      admin,
      `${P}/classifyStandard/importStandardProblem`,
      await workbookOf(problemHeader, [
        ['SB-SBF', '水泵接地良好', '接地线松动', '严重', ''],
        ['SB-SBF', '不存在的标准', '问题', '', ''],
        ['SB-SBF', '水泵接地良好', '接地线锈蚀', '很严重', ''],
      ]),
      '问题.xlsx',
    );
    expect(badProblems.body.message).toBe('导入失败，未导入任何数据。第 3 行：分类「SB-SBF」下没有检查标准「不存在的标准」；第 4 行：问题等级应填“一般”或“严重”');
    const goodProblems = await uploadFile(admin, `${P}/classifyStandard/importStandardProblem`, await workbookOf(problemHeader, [['SB-SBF', '水泵接地良好', '接地线松动', '严重', '']]), '问题.xlsx');
    expect(goodProblems.body.message).toBe('成功导入 1 条标准问题');
    expect((await admin.get(`${P}/classifyStandard/getStandardDetailById`, { id: imported.id })).body.data.problems).toEqual([expect.objectContaining({ description: '接地线松动', level: 'serious' })]);

    const notTemplate = await uploadFile(admin, `${P}/classifyStandard/importStandard`, await workbookOf(['名称'], [['x']]), 'x.xlsx');
    expect(notTemplate.body.message).toBe('模板列不完整，缺少：分类编码、检查标准、检查方法、是否拍照、排序；请下载最新模板');
    const notExcel = await uploadFile(admin, `${P}/classifyStandard/importStandard`, Buffer.from('not a workbook'), 'x.xlsx');
    expect(notExcel.body.message).toBe('文件不是有效的 Excel（.xlsx）文件');
  });

  it('exports standards and problems of a category', async () => {
    const standards = await readSheets((await fetchFile(admin, 'POST', `${P}/classifyStandard/exportStandard`, { classifyId: await classifyId('XF') })).bytes);
    const rows = standards.Sheet1!;
    expect(rows[0]).toEqual(['分类编码', '分类名称', '检查标准', '检查方法', '是否拍照', '排序']);
    expect(rows.slice(1).map((r) => r[2])).toEqual(['压力表指针在绿区', '瓶身完好无锈蚀', '在检验有效期内', '箱内水带、水枪齐全', '阀门开关灵活无渗漏']);
    expect(rows[3]![4]).toBe('是');
    const problems = await readSheets((await fetchFile(admin, 'POST', `${P}/classifyStandard/exportStandardProblemExcel`, { classifyId: await classifyId('XF-MHQ') })).bytes);
    expect(problems.Sheet1!.slice(1)).toContainEqual(['XF-MHQ', '灭火器', '在检验有效期内', '已过检验有效期', '严重', '0']);
  });
});

describe('stripes (business lines) and their posts', () => {
  it('gives the options as stripeName and stripeCode, and the posts of a line, and sets them', async () => {
    const options = (await admin.get(`${P}/tbpStripe/query`)).body.data;
    expect(options).toContainEqual({ stripeName: '工程条线', stripeCode: 'ENG' });
    const posts = (await admin.post(`${P}/tbpStripe/queryPost`, { stripeCode: 'ENG', projectId: DEMO_PROJECTS.cuihu.id })).body.data;
    expect(posts).toEqual([expect.objectContaining({ postName: '维修工程师', projectName: DEMO_PROJECTS.cuihu.name, staffCount: 2 })]);
    const inspector = await server.app.db.selectFrom('post').select('id').where('org_id', '=', DEMO_PROJECTS.cuihu.id).where('name', '=', '巡检员').executeTakeFirstOrThrow();
    const all = (await admin.post(`${P}/tbpStripe/queryPost`, { stripeCode: 'ENG' })).body.data.map((p: { postId: number }) => p.postId);
    expect((await admin.post(`${P}/tbpStripe/update`, { stripeCode: 'ENG', postIds: [...all, inspector.id] })).body.message).toBe('业务线岗位已保存');
    expect((await admin.post(`${P}/tbpStripe/queryPost`, { stripeCode: 'ENG', projectId: DEMO_PROJECTS.cuihu.id })).body.data.map((p: { postName: string }) => p.postName)).toEqual(['维修工程师', '巡检员']);
    await admin.post(`${P}/tbpStripe/update`, { stripeCode: 'ENG', postIds: all });
    expect((await admin.post(`${P}/tbpStripe/queryPost`, { stripeCode: 'NONE' })).http).toBe(404);
    // The project manager of 翠湖天地 sees that project's posts only.
    expect((await manager.post(`${P}/tbpStripe/queryPost`, { stripeCode: 'ENG' })).body.data.map((p: { projectName: string }) => p.projectName)).toEqual([DEMO_PROJECTS.cuihu.name]);
  });
});

describe('points', () => {
  it('adds with a generated code, refuses duplicates, updates, lists with filters, exports, and lists for a plan', async () => {
    const added = await admin.post(`${P}/pt/add`, { projectId: DEMO_PROJECTS.cuihu.id, classifyId: await classifyId('GG-DT'), name: '5栋单元大堂', location: '5栋一层', remark: '新交付楼栋' });
    expect(added.body.message).toBe('新增成功');
    expect(added.body.data.code).toMatch(/^XJ\d{6}$/);
    const id = added.body.data.id;
    const dup = await admin.post(`${P}/pt/add`, { projectId: DEMO_PROJECTS.cuihu.id, classifyId: await classifyId('GG-DT'), name: '5栋单元大堂', location: 'x' });
    expect([dup.http, dup.body.message]).toEqual([409, '该项目下已有巡查点位「5栋单元大堂」']);
    expect((await admin.post(`${P}/pt/add`, { projectId: DEMO_PROJECTS.cuihu.id, classifyId: 99999, name: 'x', location: 'y' })).body.message).toBe('点位分类不存在或已被删除');
    expect((await admin.post(`${P}/pt/add`, { projectId: DEMO_PROJECTS.cuihu.id, classifyId: 1, name: 'x' })).body.message).toBe('请求参数不正确：缺少必填字段 location');

    expect((await admin.post(`${P}/pt/update`, { id, location: '5栋一层东侧', enabled: 0 })).body.message).toBe('保存成功');
    const listed = (await admin.post(`${P}/pt/query`, { projectId: DEMO_PROJECTS.cuihu.id, classifyId: await classifyId('GG'), keyword: '5栋' })).body.data;
    expect(listed.records).toEqual([expect.objectContaining({ id, location: '5栋一层东侧', enabled: 0, classifyName: '单元大堂', projectName: DEMO_PROJECTS.cuihu.name, planCount: 0 })]);
    const pick = (await admin.post(`${P}/newPt/listPage`, { projectId: DEMO_PROJECTS.cuihu.id, pageSize: 50 })).body.data.records.map((r: { name: string }) => r.name);
    expect(pick).not.toContain('5栋单元大堂'); // disabled points are not offered to plans
    expect(pick).toContain('1号配电房');

    const file = await fetchFile(admin, 'POST', `${P}/pt/exportPtExcelByParam`, { projectId: DEMO_PROJECTS.cuihu.id });
    const rows = (await readSheets(file.bytes)).Sheet1!;
    expect(rows[0]).toEqual(['点位编码', '点位名称', '所属项目', '点位分类', '位置', '状态', '备注', '创建时间']);
    expect(rows).toContainEqual(expect.arrayContaining([added.body.data.code, '5栋单元大堂', DEMO_PROJECTS.cuihu.name, '单元大堂', '5栋一层东侧', '停用', '新交付楼栋']));

    const planPoints = (await admin.get(`${P}/pt/queryPtByPlan`, { planId: 1 })).body.data;
    expect(planPoints.map((p: { name: string }) => p.name)).toEqual(['1栋大堂灭火器', '2栋大堂灭火器', '地库B1消火栓01', '地库B1消火栓02', '地库入口坡道']);
    expect(planPoints[0].standardCount).toBe(3);
  });

  it('deletes points not in a plan, refuses those in one, and keeps them out of lists', async () => {
    const inPlan = await pointByName('1号配电房');
    const refused = await admin.post(`${P}/pt/deleteBatch`, { ids: [inPlan.id] });
    expect([refused.http, refused.body.message]).toEqual([409, '点位「1号配电房」在巡查计划「翠湖天地设备机房巡检」中，请先从计划中移除']);
    const spare = await admin.post(`${P}/pt/add`, { projectId: DEMO_PROJECTS.cuihu.id, classifyId: await classifyId('GG-DT'), name: '临时点位', location: '售楼处' });
    expect((await admin.post(`${P}/pt/deleteBatch`, { ids: [spare.body.data.id] })).body.message).toBe('删除成功');
    expect((await admin.post(`${P}/pt/query`, { keyword: '临时点位' })).body.data.total).toBe(0);
    // The name may be used again once the point is gone.
    expect((await admin.post(`${P}/pt/add`, { projectId: DEMO_PROJECTS.cuihu.id, classifyId: await classifyId('GG-DT'), name: '临时点位', location: '售楼处' })).http).toBe(200);
  });

  it('keeps a project manager to their own projects', async () => {
    const other = await manager.post(`${P}/pt/add`, { projectId: DEMO_PROJECTS.jinxiu.id, classifyId: await classifyId('GG-DT'), name: '越界点位', location: 'x' });
    expect([other.http, other.body.message]).toEqual([403, '不能操作权限范围以外项目的巡查数据']);
    const listed = (await manager.post(`${P}/pt/query`, { pageSize: 200 })).body.data.records;
    expect(new Set(listed.map((r: { projectName: string }) => r.projectName))).toEqual(new Set([DEMO_PROJECTS.cuihu.name]));
    const foreign = await pointByName('配电房');
    expect((await manager.post(`${P}/pt/update`, { id: foreign.id, name: '改名' })).http).toBe(404);
  });

  it("exports a point's patrol records", async () => {
    const point = await pointByName('地库B1消火栓01');
    const file = await fetchFile(admin, 'POST', `${P}/pt/exportPtPatrolRecordExcel`, { ptId: point.id });
    expect(file.disposition).toContain('地库B1消火栓01_巡查记录_');
    const rows = (await readSheets(file.bytes)).Sheet1!;
    expect(rows[0]).toEqual(['巡查时间', '任务', '任务日期', '任务状态', '巡查人', '结果', '问题数', '问题', '备注']);
    const records = await server.app.db.selectFrom('tbp_record').select('id').where('point_id', '=', point.id).execute();
    expect(rows.length - 1).toBe(records.length);
    expect(records.length).toBeGreaterThan(5);
  });
});

describe('QR codes', () => {
  it('lists the codes with their signed content, shows one as an image, and exports the list', async () => {
    const list = (await admin.post(`${P}/qr/queryQRcodeList`, { projectId: DEMO_PROJECTS.cuihu.id, keyword: '配电房' })).body.data;
    expect(list.records).toEqual([expect.objectContaining({ name: '1号配电房', printCount: 0 })]);
    const code = list.records[0].code;
    expect(list.records[0].content).toMatch(new RegExp(`^PT1:${code}:[A-Za-z0-9_-]{22}$`));
    const one = (await admin.get(`${P}/qr/queryQrCodeByCode`, { code })).body.data;
    expect(one.image).toMatch(/^data:image\/png;base64,/);
    expect(one.content).toBe(list.records[0].content);
    expect((await admin.get(`${P}/qr/queryQrCodeByCode`, { code: 'XJ999999' })).body.message).toBe('没有编码为「XJ999999」的巡查点位');
    const rows = (await readSheets((await fetchFile(admin, 'POST', `${P}/qr/exportQRcodeList`, { projectId: DEMO_PROJECTS.cuihu.id })).bytes)).Sheet1!;
    expect(rows[0]).toEqual(['点位编码', '点位名称', '所属项目', '点位分类', '位置', '二维码内容', '打印次数', '最近打印']);
    expect(rows).toContainEqual(expect.arrayContaining([code, '1号配电房', one.content]));
  });

  it('prints a plan\'s labels as a PDF whose QR codes a camera decodes back to the point codes', async () => {
    const file = await fetchFile(admin, 'GET', `${P}/qr/exportQrCodePDF/plan/1`);
    expect(file.http).toBe(200);
    expect(file.type).toBe('application/pdf');
    expect(file.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const planCodes = (await admin.get(`${P}/pt/queryPtByPlan`, { planId: 1 })).body.data.map((p: { code: string }) => p.code);
    const decoded = decodeQrPdf(file.bytes);
    expect(decoded.map((t) => t.split(':')[1]).sort()).toEqual([...planCodes].sort());
    // Each decoded text is exactly what the service signs, so the app's check-in accepts it.
    const xuncha = await signedIn(server.url, 'xuncha');
    const scanned = await xuncha.get(`${P}/pt/scan`, { qr: decoded[0] });
    expect(scanned.http).toBe(200);
    expect(planCodes).toContain(scanned.body.data.point.code);
    const printed = (await admin.post(`${P}/qr/queryQRcodeList`, { projectId: DEMO_PROJECTS.cuihu.id, printed: true })).body.data.records.map((r: { code: string }) => r.code);
    expect(printed.sort()).toEqual([...planCodes].sort());
  });

  it('prints a project, a single point and a chosen list, and refuses what is not the service\'s', async () => {
    const project = await fetchFile(admin, 'GET', `${P}/qr/exportQrCodePDF/project/${DEMO_PROJECTS.jinxiu.id}`);
    const projectCodes = (await admin.post(`${P}/qr/queryQRcodeList`, { projectId: DEMO_PROJECTS.jinxiu.id })).body.data.records.map((r: { code: string }) => r.code);
    expect(decodeQrPdf(project.bytes).map((t) => t.split(':')[1]).sort()).toEqual(projectCodes.sort());
    const point = await pointByName('生活水泵房');
    expect(decodeQrPdf((await fetchFile(admin, 'GET', `${P}/qr/exportQrCodePDF/point/${point.id}`)).bytes).map((t) => t.split(':')[1])).toEqual([point.code]);
    const a = await pointByName('地库入口坡道');
    const chosen = await fetchFile(admin, 'POST', `${P}/pt/downloadPtListQr`, { ids: [a.id, point.id] });
    expect(chosen.disposition).toContain('巡查点位二维码_');
    expect(decodeQrPdf(chosen.bytes).map((t) => t.split(':')[1]).sort()).toEqual([a.code, point.code].sort());

    const bad = await fetchFile(admin, 'GET', `${P}/qr/exportQrCodePDF/building/1`);
    expect(bad.http).toBe(400);
    const foreign = await fetchFile(manager, 'GET', `${P}/qr/exportQrCodePDF/project/${DEMO_PROJECTS.jinxiu.id}`);
    expect(foreign.http).toBe(403);
    const xuncha = await signedIn(server.url, 'xuncha');
    const forged = await xuncha.get(`${P}/pt/scan`, { qr: `PT1:${point.code}:AAAAAAAAAAAAAAAAAAAAAA` });
    expect([forged.http, forged.body.message]).toEqual([400, '二维码无效，请扫描本系统打印的巡查点位二维码']);
  });
});
