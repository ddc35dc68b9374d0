import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import ExcelJS from 'exceljs';
import { signedIn } from '../support/api.ts';
import { decodeQrPdf, PNG, uploadFile, workbookOf } from '../support/patrol.ts';
import { setUpApi, setUpBrowser, setUpServer, signedInPage } from '../support/setup.ts';
import { runScheduler } from '../../server/modules/patrol/schedule.ts';
import { addDays, dayOf } from '../../server/modules/patrol/common.ts';
import { DEMO_PROJECTS } from '../../server/modules/org/public.ts';

/** Every patrol screen in chromium, against the real server and its demo. */
const server = setUpServer();
const browser = setUpBrowser();
const admin = setUpApi(server);
const today = dayOf(Date.now());

const as = (account: string) => signedInPage(browser, server.url, account, { acceptDownloads: true, viewport: { width: 1440, height: 900 } });

/** Screens load lazily on a busy two-core machine: waits are generous, never timed assertions. */
const until = <T,>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });
const screen = (page: Page) => page.locator('.pms-page[data-active="true"]');
const row = (page: Page, text: string) => screen(page).locator('.ant-table-row', { hasText: text });
/** The row with a cell of exactly this text (names that others contain, such as 地下车库). */
const rowExact = (page: Page, text: string) => screen(page).locator('.ant-table-row').filter({ has: page.getByRole('cell', { name: text, exact: true }) });
const modal = (page: Page) => page.locator('.ant-modal-wrap:visible .ant-modal');
const drawer = (page: Page) => page.locator('.ant-drawer-open .ant-drawer-content');
const toast = (page: Page, text: string) => page.locator('.ant-message-notice', { hasText: text });
const search = (page: Page) => screen(page).getByRole('button', { name: /查\s*询/ }).click();
async function choose(page: Page, scope: ReturnType<typeof screen>, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}
async function downloaded(page: Page, click: () => Promise<unknown>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: file.suggestedFilename(), bytes: fs.readFileSync((await file.path())!) };
}
const pointOf = async (name: string) => (await server.app.db.selectFrom('tbp_point').selectAll().where('name', '=', name).where('project_id', '=', DEMO_PROJECTS.cuihu.id).executeTakeFirstOrThrow());
const staffId = async (account: string) => (await server.app.db.selectFrom('staff').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id;

/** A plan for the whole of today with its task generated, for screens that act on open tasks. */
async function todaysTask(name: string, account: string, points: string[]) {
  const added = await admin.post('/api/patrol/tbpPlan/add', {
    projectId: DEMO_PROJECTS.cuihu.id,
    name,
    stripeCode: 'ENG',
    assignType: 'staff',
    staffIds: [await staffId(account)],
    freqType: 'daily',
    startDate: today,
    endDate: addDays(today, 1),
    startTime: '00:00',
    endTime: '23:59',
    leadMinutes: 0,
    pointIds: await Promise.all(points.map(async (p) => (await pointOf(p)).id)),
  });
  await runScheduler(server.app.db, Date.now());
  return server.app.db.selectFrom('tbp_task').selectAll().where('plan_id', '=', added.body.data.id).executeTakeFirstOrThrow();
}

describe('/routingInspectionV2/locationType', () => {
  it('shows the category tree with its standards, adds a category and a standard with problems, and lists every bad row of an import', async () => {
    const page = await as('admin');
    await page.goto(`${server.url}/routingInspectionV2/locationType`);
    await until(() => page.title()).toBe('分类与标准-PMS');
    await screen(page).getByText('灭火器（3）').click();
    await until(() => screen(page).locator('.ant-table-row').count()).toBe(3);
    await until(() => row(page, '在检验有效期内').isVisible()).toBe(true);

    await screen(page).getByRole('button', { name: '新增分类' }).click();
    await modal(page).getByLabel('分类名称').fill('推车式灭火器');
    await modal(page).getByRole('button', { name: /确\s*定/ }).click();
    await until(() => screen(page).getByText('推车式灭火器（0）').isVisible()).toBe(true);
    const added = await server.app.db.selectFrom('tbp_classify as c').innerJoin('tbp_classify as p', 'p.id', 'c.parent_id').select('p.name').where('c.name', '=', '推车式灭火器').executeTakeFirstOrThrow();
    expect(added.name).toBe('灭火器');

    await screen(page).getByText('推车式灭火器（0）').click();
    await screen(page).getByRole('button', { name: '新增标准' }).click();
    await modal(page).getByRole('button', { name: /确\s*定/ }).click();
    await until(() => modal(page).getByText('请填写检查标准').isVisible()).toBe(true);
    await modal(page).getByLabel('检查标准').fill('车轮转动灵活');
    await modal(page).getByLabel('检查方法').fill('推动试行');
    await modal(page).getByRole('button', { name: '添加问题' }).click();
    await modal(page).getByLabel('问题描述').fill('车轮卡死');
    await modal(page).getByRole('button', { name: /确\s*定/ }).click();
    await until(() => row(page, '车轮转动灵活').isVisible()).toBe(true);
    await screen(page).getByRole('tab', { name: '标准问题' }).click();
    await until(() => row(page, '车轮卡死').isVisible()).toBe(true);

    await screen(page).getByRole('tab', { name: '检查标准' }).click();
    await screen(page).getByRole('button', { name: '导入标准' }).click();
    const bad = await workbookOf(['分类编码（必填）', '检查标准（必填）', '检查方法', '是否拍照', '排序'], [['XF-MHQ', '铅封完好', '', '', ''], ['NOPE', '错误分类', '', '', ''], ['XF-MHQ', '', '', '', '']]);
    await modal(page).locator('input[type=file]').setInputFiles({ name: '标准.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: bad });
    await until(() => modal(page).getByText('导入失败，未导入任何数据（2 行有误）').isVisible()).toBe(true);
    await until(() => modal(page).getByText('第 3 行：分类编码「NOPE」不存在').isVisible()).toBe(true);
    await until(() => modal(page).getByText('第 4 行：检查标准不能为空').isVisible()).toBe(true);
    expect(await server.app.db.selectFrom('tbp_standard').select('id').where('name', '=', '铅封完好').execute()).toEqual([]);
    const template = await downloaded(page, () => modal(page).getByRole('button', { name: '下载模板' }).click());
    expect(template.name).toBe('检查标准导入模板.xlsx');
  });
});

describe('/routingInspectionV2/locationManage', () => {
  it('filters points, adds one with a generated code, and prints the chosen points as QR labels', async () => {
    const page = await as('admin');
    await page.goto(`${server.url}/routingInspectionV2/locationManage`);
    await screen(page).getByLabel('关键字').fill('消火栓');
    await search(page);
    await until(() => screen(page).locator('.ant-table-row').count()).toBe(3);

    await screen(page).getByRole('button', { name: '新增点位' }).click();
    await choose(page, modal(page), '所属项目', DEMO_PROJECTS.cuihu.name);
    await modal(page).getByRole('combobox', { name: '点位分类' }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-tree-title', { hasText: /^消火栓$/ }).click();
    await modal(page).getByLabel('点位名称').fill('地库B2消火栓01');
    await modal(page).getByLabel('位置').fill('地下车库B2层A区');
    await modal(page).getByRole('button', { name: /确\s*定/ }).click();
    await until(() => row(page, '地库B2消火栓01').isVisible()).toBe(true);
    const point = await pointOf('地库B2消火栓01');
    await until(() => row(page, '地库B2消火栓01').textContent()).toContain(point.code);

    await row(page, '地库B2消火栓01').locator('input[type=checkbox]').check();
    await row(page, '地库B1消火栓01').locator('input[type=checkbox]').check();
    const pdf = await downloaded(page, () => screen(page).getByRole('button', { name: '打印所选二维码' }).click());
    expect(pdf.name).toMatch(/^巡查点位二维码_.*\.pdf$/);
    const decoded = decodeQrPdf(pdf.bytes).map((t) => t.split(':')[1]).sort();
    expect(decoded).toEqual([point.code, (await pointOf('地库B1消火栓01')).code].sort());
  });
});

describe('/routingInspectionV2/routingPlan', () => {
  it('plans a weekly round: checks the name, offers the line\'s staff and the project\'s points, saves, shows and stops it', async () => {
    const page = await as('admin');
    await page.goto(`${server.url}/routingInspectionV2/routingPlan`);
    await until(() => row(page, '翠湖天地消防设施日巡').isVisible()).toBe(true);
    await screen(page).getByRole('button', { name: '新增计划' }).click();
    const form = drawer(page);
    await choose(page, form, '所属项目', DEMO_PROJECTS.cuihu.name);
    await form.getByLabel('计划名称').fill('翠湖天地消防设施日巡');
    await until(() => form.getByText('计划名称「翠湖天地消防设施日巡」已存在').isVisible()).toBe(true);
    await form.getByLabel('计划名称').fill('配电房周一三巡检');
    await choose(page, form, '业务线', '工程条线');
    await form.getByText('指定人员').click();
    await form.getByRole('combobox', { name: '执行人员' }).click();
    await page.locator('.ant-select-dropdown:visible').getByText('王师傅（维修工程师）').click();
    await form.getByText('每周', { exact: true }).click();
    await form.getByLabel('周一').check();
    await form.getByLabel('周三').check();
    await form.getByPlaceholder('开始日期').fill(today);
    await form.getByPlaceholder('结束日期').fill(addDays(today, 60));
    await form.getByPlaceholder('结束日期').press('Enter');
    await form.getByPlaceholder('开始时间').click();
    await form.getByPlaceholder('开始时间').fill('14:00');
    await form.getByPlaceholder('开始时间').press('Enter');
    await form.getByPlaceholder('结束时间').fill('15:30');
    await form.getByPlaceholder('结束时间').press('Enter');
    await form.getByRole('combobox', { name: '巡查点位' }).click();
    await page.locator('.ant-select-dropdown:visible').getByText('生活水泵房（水泵房）').click();
    await page.locator('.ant-select-dropdown:visible').getByText('1号配电房（配电房）').click();
    await page.locator('.ant-drawer-title').click();
    await form.getByRole('button', { name: '上移' }).nth(1).click();
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await until(() => row(page, '配电房周一三巡检').isVisible()).toBe(true);
    await until(() => row(page, '配电房周一三巡检').textContent()).toContain('每周一、周三');
    const plan = await server.app.db.selectFrom('tbp_plan').selectAll().where('name', '=', '配电房周一三巡检').executeTakeFirstOrThrow();
    expect(plan).toMatchObject({ freq_type: 'weekly', freq_days: '[1,3]', start_time: '14:00', end_time: '15:30', assign_type: 'staff', status: 'running' });
    const order = await server.app.db.selectFrom('tbp_plan_point').innerJoin('tbp_point', 'tbp_point.id', 'tbp_plan_point.point_id').select('tbp_point.name').where('plan_id', '=', plan.id).orderBy('sort').execute();
    expect(order.map((o) => o.name)).toEqual(['1号配电房', '生活水泵房']);

    await row(page, '配电房周一三巡检').getByRole('button', { name: '查看' }).click();
    await until(() => drawer(page).getByText('人员：王师傅').isVisible()).toBe(true);
    await drawer(page).locator('.ant-drawer-close').click();
    await row(page, '配电房周一三巡检').getByRole('switch').click();
    await until(() => toast(page, '计划已停用').isVisible()).toBe(true);
  });

  it('shows the error toast of spec 8 when the business lines cannot be loaded', async () => {
    const page = await as('admin');
    await page.route('**/api/patrol/tbpStripe/query**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ status: '500', code: '500', message: '' }) }));
    await page.goto(`${server.url}/routingInspectionV2/routingPlan`);
    await until(() => toast(page, '服务器异常').isVisible()).toBe(true);
    await page.unroute('**/api/patrol/tbpStripe/query**');
    await page.route('**/api/patrol/tbpStripe/query**', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ status: '503', code: '503', message: '业务线服务维护中' }) }));
    await page.reload();
    await until(() => toast(page, '业务线服务维护中').isVisible()).toBe(true);
  });
});

describe('/routingInspectionV2/routingTask', () => {
  it('shows the figures and tasks, a task\'s points and log, and transfers, finishes and deletes open tasks', async () => {
    const transfer = await todaysTask('今日转派演示', 'weixiu', ['生活水泵房']);
    await todaysTask('今日后台完成', 'p1s1', ['1号配电房']);
    await todaysTask('今日待删除', 'p1s1', ['生活水泵房']);
    const page = await as('admin');
    await page.goto(`${server.url}/routingInspectionV2/routingTask`);
    const figure = (title: string) => screen(page).locator('.ant-statistic', { hasText: title }).locator('.ant-statistic-content');
    await until(async () => Number(await figure('全部任务').textContent())).toBeGreaterThan(30);

    await screen(page).getByLabel('任务名称').fill('今日');
    await search(page);
    await until(() => screen(page).locator('.ant-table-row').count()).toBe(3);

    await row(page, '今日转派演示').getByRole('button', { name: '转派' }).click();
    await choose(page, modal(page), '接收人员', (await server.app.db.selectFrom('staff').select('name').where('account', '=', 'p1s1').executeTakeFirstOrThrow()).name + '（维修工程师）');
    await modal(page).getByLabel('转派原因').fill('王师傅外出');
    await modal(page).getByRole('button', { name: /确\s*定/ }).click();
    await until(() => toast(page, '已转派给').isVisible()).toBe(true);
    expect((await server.app.db.selectFrom('tbp_task').select('executor_id').where('id', '=', transfer.id).executeTakeFirstOrThrow()).executor_id).toBe(await staffId('p1s1'));

    await row(page, '今日后台完成').getByRole('button', { name: '完成' }).click();
    await until(() => modal(page).getByText('还有 1 个点位未巡查，完成后记为未巡查。').isVisible()).toBe(true);
    await modal(page).getByLabel('完成说明').fill('配电房检修停电');
    await modal(page).getByRole('button', { name: /确\s*定/ }).click();
    await until(() => row(page, '今日后台完成').getByText('已完成').isVisible()).toBe(true);

    await row(page, '今日待删除').getByRole('button', { name: '删除' }).click();
    await page.locator('.ant-popover:visible').getByRole('button', { name: /确\s*定/ }).click();
    await until(() => row(page, '今日待删除').count()).toBe(0);

    await row(page, '今日转派演示').getByRole('button', { name: '详情' }).click();
    await until(() => drawer(page).getByText('生活水泵房').isVisible()).toBe(true);
    await drawer(page).getByRole('tab', { name: '任务记录' }).click();
    await until(() => drawer(page).getByText('王师傅外出').isVisible()).toBe(true);
    await drawer(page).locator('.ant-drawer-close').click();

    const file = await downloaded(page, () => screen(page).getByRole('button', { name: /导\s*出/ }).click());
    expect(file.name).toMatch(/^巡查任务_/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.bytes as unknown as ArrayBuffer);
    const names = workbook.worksheets[0]!.getColumn(1).values.slice(2);
    expect(names.sort()).toEqual(['今日后台完成', '今日转派演示']);
  });

  it('shows an inspector their project\'s tasks without the office\'s actions', async () => {
    const page = await as('xuncha');
    await page.goto(`${server.url}/routingInspectionV2/routingTask`);
    await until(() => screen(page).locator('.ant-table-row').count()).toBeGreaterThan(0);
    const projects = await screen(page).locator('.ant-table-row td:nth-child(2)').allTextContents();
    expect(new Set(projects)).toEqual(new Set([DEMO_PROJECTS.cuihu.name]));
    expect(await screen(page).getByRole('button', { name: '转派' }).count()).toBe(0);
    expect(await screen(page).getByRole('button', { name: /导\s*出/ }).count()).toBe(0);
  });
});

describe('/routingInspectionV2/inspectionLog', () => {
  it('lists a check-in from the app with its photo in the viewer (no toolbar), its work order, and marks it handled', async () => {
    const task = await todaysTask('今日拍照巡检', 'weixiu', ['1号配电房']);
    const weixiu = await signedIn(server.url, 'weixiu');
    const photo = (await uploadFile(weixiu, '/api/file/upload', PNG, 'cabinet.png')).body.data.cdnUrl;
    const qr = (await admin.get('/api/patrol/qr/queryQrCodeByCode', { code: (await pointOf('1号配电房')).code })).body.data.content;
    const standards = (await weixiu.get('/api/patrol/pt/scan', { qr })).body.data.standards as { id: number; name: string; problems: { id: number }[] }[];
    const submitted = await weixiu.post('/api/patrol/tbpRecord/submit', {
      taskId: task.id,
      qr,
      photos: [photo],
      items: standards.map((s) => (s.name === '配电柜指示灯正常' ? { standardId: s.id, result: 'fail', problemIds: [s.problems[0]!.id], photos: [photo], createOrder: true } : { standardId: s.id, result: 'pass' })),
    });
    expect(submitted.body.message).toBe('打卡成功，任务已完成');

    const page = await as('admin');
    await page.goto(`${server.url}/routingInspectionV2/inspectionLog`);
    await choose(page, screen(page), '处理状态', '待处理');
    await screen(page).getByLabel('巡查人').fill('王师傅');
    await search(page);
    const record = row(page, '今日拍照巡检');
    await until(() => record.isVisible()).toBe(true);
    await until(() => record.textContent()).toContain('配电柜指示灯正常：指示灯异常');
    await record.locator('.ant-image').first().click();
    await until(() => page.locator('.ant-image-preview-img').isVisible()).toBe(true);
    expect(await page.locator('.ant-image-preview-operations, .ant-image-preview-footer .ant-image-preview-actions').count()).toBe(0);
    await page.keyboard.press('Escape');

    await record.getByRole('button', { name: '详情' }).click();
    await until(() => drawer(page).getByText(submitted.body.data.workOrders[0]).first().isVisible()).toBe(true);
    await until(() => drawer(page).getByText('待派单').isVisible()).toBe(true);
    await drawer(page).locator('.ant-drawer-close').click();

    await record.getByRole('button', { name: '处理' }).click();
    await modal(page).getByRole('button', { name: /确\s*定/ }).click();
    await until(() => modal(page).getByText('请填写处理说明').isVisible()).toBe(true);
    await modal(page).getByLabel('处理说明').fill('已更换 3 号柜指示灯');
    await modal(page).getByRole('button', { name: /确\s*定/ }).click();
    await until(() => toast(page, '保存成功').isVisible()).toBe(true);
    const stored = await server.app.db.selectFrom('tbp_record').select(['handle_status', 'handle_note']).where('task_id', '=', task.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ handle_status: 'handled', handle_note: '已更换 3 号柜指示灯' });
  });
});

describe('/routingInspectionV2/locationRoutingStatistics', () => {
  it('draws rates per project and per post, and exports them', async () => {
    const page = await as('admin');
    await page.goto(`${server.url}/routingInspectionV2/locationRoutingStatistics`);
    await until(() => row(page, DEMO_PROJECTS.cuihu.name).isVisible()).toBe(true);
    await until(() => screen(page).locator('svg text', { hasText: DEMO_PROJECTS.jinxiu.name }).count()).toBeGreaterThan(0);
    const rate = await screen(page).locator('.ant-statistic', { hasText: '完成率' }).locator('.ant-statistic-content').textContent();
    expect(rate).toMatch(/^\d+(\.\d)?\s*%$/);
    await screen(page).getByText('按岗位').click();
    await until(() => row(page, '巡检员').isVisible()).toBe(true);
    await until(() => row(page, '秩序维护员').isVisible()).toBe(true);
    const file = await downloaded(page, () => screen(page).getByRole('button', { name: /导\s*出/ }).click());
    expect(file.name).toMatch(/^巡查统计_按岗位_/);
  });
});

describe('/routingInspectionV2/qrcode', () => {
  it('previews a point\'s code and prints the chosen labels, counting the prints', async () => {
    const page = await as('admin');
    await page.goto(`${server.url}/routingInspectionV2/qrcode`);
    await choose(page, screen(page), '所属项目', DEMO_PROJECTS.jinxiu.name);
    await search(page);
    await until(() => screen(page).locator('.ant-table-row').count()).toBe(4);
    await rowExact(page, '地下车库').getByRole('button', { name: '查看' }).click();
    await until(() => modal(page).locator('img[alt="地下车库二维码"]').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await until(() => modal(page).getByText(/^PT1:XJ\d{6}:/).isVisible()).toBe(true);
    await modal(page).locator('.ant-modal-close').click();
    await until(() => page.locator('.ant-modal-wrap:visible').count()).toBe(0);
    const all = await downloaded(page, () => screen(page).getByRole('button', { name: '打印项目全部' }).click());
    expect(all.name).toBe(`${DEMO_PROJECTS.jinxiu.name}_巡查点位二维码.pdf`);
    expect(decodeQrPdf(all.bytes)).toHaveLength(4);
    await until(() => rowExact(page, '地下车库').getByRole('cell').nth(6).textContent()).toBe('1');
  });
});

describe('/patrolExport and /locationDownload', () => {
  it('exports tasks, records and statistics over the same filters, with the task list', async () => {
    const page = await as('admin');
    await page.goto(`${server.url}/patrolExport`);
    await until(() => page.title()).toBe('巡查数据导出-PMS');
    await choose(page, screen(page), '所属项目', DEMO_PROJECTS.jinxiu.name);
    await search(page);
    await until(() => screen(page).locator('.ant-table-row').count()).toBeGreaterThan(0);
    expect(new Set(await screen(page).locator('.ant-table-row td:nth-child(2)').allTextContents())).toEqual(new Set([DEMO_PROJECTS.jinxiu.name]));
    expect((await downloaded(page, () => screen(page).getByRole('button', { name: '导出巡查任务' }).click())).name).toMatch(/^巡查任务_/);
    expect((await downloaded(page, () => screen(page).getByRole('button', { name: '导出巡查记录' }).click())).name).toMatch(/^巡查记录_/);
    expect((await downloaded(page, () => screen(page).getByRole('button', { name: '导出巡查统计' }).click())).name).toMatch(/^巡查统计_按项目_/);
  });

  it('downloads a plan\'s labels in its order', async () => {
    const page = await as('admin');
    await page.goto(`${server.url}/locationDownload`);
    await until(() => page.title()).toBe('点位二维码下载-PMS');
    await choose(page, screen(page), '所属项目', DEMO_PROJECTS.cuihu.name);
    await until(() => screen(page).locator('.ant-table-row').count()).toBeGreaterThan(0);
    await choose(page, screen(page), '巡查计划', '翠湖天地设备机房巡检');
    const pdf = await downloaded(page, () => screen(page).getByRole('button', { name: '下载计划点位' }).click());
    expect(pdf.name).toBe('翠湖天地设备机房巡检_二维码.pdf');
    expect(decodeQrPdf(pdf.bytes).map((t) => t.split(':')[1]).sort()).toEqual([(await pointOf('1号配电房')).code, (await pointOf('生活水泵房')).code].sort());
  });
});
