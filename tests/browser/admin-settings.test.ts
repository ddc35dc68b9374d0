import { beforeEach, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import ExcelJS from 'exceljs';
import { Api } from '../support/api.ts';
import { confirmDialog } from '../support/dialogs.ts';
import { setUpBrowser, setUpServer, signedInPage } from '../support/setup.ts';
import { DEMO_PROJECTS } from '../../server/modules/org/public.ts';

const server = setUpServer();
const browser = setUpBrowser();

/** Waits for what the user should see; a busy machine may need a while to load a screen's chunks. */
const poll = <T,>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000 });

// Each test's pages are closed when the next test starts (a failed test's report has read them by then):
// a dozen signed-in apps left open slowed this file's last tests into timeouts.
const opened: Page[] = [];
const as = async (account: string) => {
  const page = await signedInPage(browser, server.url, account, { acceptDownloads: true, viewport: { width: 1600, height: 1000 } });
  opened.push(page);
  return page;
};
beforeEach(async () => {
  await Promise.all(opened.splice(0).map((page) => page.context().close().catch(() => undefined)));
});

/** The visible screen (keepAlive keeps others hidden, and marks them only once React gets to them), and within a tabs screen the open tab. */
const screen = (page: Page) => page.locator('.pms-page[data-active="true"]:visible');
const tab = (page: Page) => screen(page).locator('.ant-tabs-tabpane-active');
const rowIn = (scope: Locator, text: string) => scope.locator('.ant-table-row', { hasText: text });
const drawer = (page: Page) => page.locator('.ant-drawer-open');
const modal = (page: Page) => page.locator('.ant-modal-wrap:visible').last();
const saveButton = (scope: Locator) => scope.getByRole('button', { name: /保\s*存/ });


/**
 * Chooses an option of an antd select, found by the accessible name of its input: typed first
 * when the select searches (its list is virtual), and a multiple select is closed by clicking
 * its label (Tab would pick the active option again).
 */
async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  const input = page.getByRole('combobox', { name: label, exact: true });
  const select = scope.locator('.ant-select', { has: input });
  await select.click();
  if (await select.evaluate((e) => e.classList.contains('ant-select-show-search'))) await scope.locator('.ant-select', { has: input }).getByRole('combobox').fill(option);
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
  // A multiple select stays open after a pick; Escape closes it, as a user would (its list may open over the label, above the field).
  if (await select.evaluate((e) => e.classList.contains('ant-select-multiple'))) {
    await select.getByRole('combobox').press('Escape');
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
  }
}

/** Rows of the first sheet of a downloaded export, header first. */
async function exported(page: Page, scope: Locator, button: string | RegExp): Promise<{ name: string; rows: unknown[][] }> {
  const [file] = await Promise.all([page.waitForEvent('download'), scope.getByRole('button', { name: button }).click()]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await file.path())!);
  const rows = workbook.worksheets[0]!.getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1));
  return { name: file.suggestedFilename(), rows };
}

async function search(scope: Locator): Promise<void> {
  await scope.getByRole('button', { name: /查\s*询/ }).click();
}

describe('privacy agreement', () => {
  it('publishes a new version: users see it at /userPrivateProxy, the previous one is archived, a published version is locked', async () => {
    const page = await as('admin');
    await page.goto(`${server.url}/base-information/privacy-agreement`);
    await screen(page).getByRole('button', { name: '新增版本' }).click();
    await page.waitForURL(/\/privacy-agreement\/form$/);
    // Roles leave out the list kept alive (hidden) behind the form.
    await page.getByRole('radio', { name: '隐私政策' }).check();
    await page.getByRole('textbox', { name: '版本号' }).fill('2.0');
    await page.getByRole('textbox', { name: '标题', exact: true }).fill('悦家物业 PMS 隐私政策（2027 版）');
    await page.getByRole('textbox', { name: '协议正文' }).click();
    await page.keyboard.type('新增访客人脸信息的保存期限：自采集之日起 30 天。');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.waitForURL(/\/base-information\/privacy-agreement$/);

    const draft = rowIn(screen(page), '2027 版');
    await poll(() => draft.getByText('草稿').isVisible()).toBe(true);
    await draft.getByRole('button', { name: '发布' }).click();
    await poll(() => page.getByText('发布后所有用户将看到此版本「悦家物业 PMS 隐私政策（2027 版）」，确定发布吗？').isVisible()).toBe(true);
    await confirmDialog(page);
    await poll(() => draft.getByText('已发布').isVisible()).toBe(true);
    expect(await draft.getByRole('button', { name: '编辑' }).count()).toBe(0);
    expect(await draft.getByRole('button', { name: '删除' }).count()).toBe(0);

    // The version users saw until now is archived.
    await choose(page, screen(page), '状态', '已归档');
    await search(screen(page));
    await poll(() => rowIn(screen(page), '悦家物业 PMS 隐私政策').count()).toBe(1);
    await poll(() => rowIn(screen(page), '悦家物业 PMS 隐私政策').getByText('1.0').isVisible()).toBe(true);

    const token = await page.evaluate(() => localStorage.getItem('token'));
    const api = new Api(server.url, token!);
    const id = (await api.post('/api/base/privacyAgreement/list', { filters: { title: '2027 版' } })).body.data.records[0].id;
    expect((await api.post('/api/base/privacyAgreement/update', { id, title: '改' })).body.message).toBe('已发布或已归档的协议不能修改或删除，请新建版本');
    expect((await api.post('/api/base/privacyAgreement/delete', { ids: [id] })).body.message).toBe('已发布或已归档的协议不能修改或删除，请新建版本');

    const reader = await (await browser.newContext()).newPage();
    await reader.goto(`${server.url}/userPrivateProxy`);
    await reader.getByRole('tab', { name: '隐私政策' }).click();
    await poll(() => reader.getByText('新增访客人脸信息的保存期限：自采集之日起 30 天。').isVisible()).toBe(true);
    await poll(() => reader.getByText(/^版本 2\.0/).isVisible()).toBe(true);
  });
});

describe('project assets', () => {
  it("keeps an edit form's fields disabled until its record is loaded, so nothing typed is replaced by the load", async () => {
    const page = await as('admin');
    // The record's load held back, as on a slow network.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/building/detail?**', async (route) => (await held, route.continue()));
    await page.goto(`${server.url}/base-information/project-assets`);
    await rowIn(tab(page), '2栋').first().getByRole('button', { name: '编辑' }).click();
    const floors = drawer(page).getByLabel('总层数');
    await poll(() => floors.isDisabled()).toBe(true);
    release();
    await poll(() => floors.isEnabled()).toBe(true);
    await poll(() => drawer(page).getByLabel('楼栋名称').inputValue()).toBe('2栋');
    await drawer(page).getByRole('button', { name: /取\s*消/ }).click();
    await poll(() => drawer(page).count()).toBe(0);
    await page.close();
  });

  it('adds, finds, edits, exports and deletes a building and its house; a house with customers stays', async () => {
    const page = await as('admin');
    await page.goto(`${server.url}/base-information/project-assets`);
    await poll(() => rowIn(tab(page), '1栋').count()).toBe(4);

    await tab(page).getByRole('button', { name: '新增楼栋' }).click();
    await choose(page, drawer(page), '所属项目', DEMO_PROJECTS.cuihu.name);
    await drawer(page).getByLabel('楼栋名称').fill('8栋');
    await drawer(page).getByLabel('总层数').fill('18');
    await drawer(page).getByLabel('单元数').fill('2');
    await saveButton(drawer(page)).click();
    await poll(() => page.getByText('新增成功').isVisible()).toBe(true);

    await tab(page).getByPlaceholder('请输入楼栋名称').fill('8栋');
    await search(tab(page));
    await poll(() => tab(page).locator('.ant-table-row').count()).toBe(1);
    await rowIn(tab(page), '8栋').getByRole('button', { name: '编辑' }).click();
    await poll(() => drawer(page).getByLabel('楼栋名称').inputValue()).toBe('8栋');
    await drawer(page).getByLabel('总层数').fill('24');
    await saveButton(drawer(page)).click();
    await poll(() => rowIn(tab(page), '8栋').getByText('24', { exact: true }).isVisible()).toBe(true);
    const buildings = await exported(page, tab(page), '导出楼栋');
    expect(buildings.name).toMatch(/^楼栋_\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(buildings.rows[0]).toEqual(['所属项目', '楼栋名称', '总层数', '单元数', '备注']);
    expect(buildings.rows.map((r) => r.slice(0, 4))).toContainEqual([DEMO_PROJECTS.cuihu.name, '8栋', 24, 2]);

    await screen(page).getByRole('tab', { name: '房屋' }).click();
    await tab(page).getByRole('button', { name: '新增房屋' }).click();
    await choose(page, drawer(page), '所属项目', DEMO_PROJECTS.cuihu.name);
    await choose(page, drawer(page), '所属楼栋', `${DEMO_PROJECTS.cuihu.name} 8栋`);
    await drawer(page).getByLabel('单元').fill('3');
    await drawer(page).getByLabel('楼层').fill('12');
    await drawer(page).getByLabel('房号').fill('1201');
    await drawer(page).getByLabel('建筑面积（㎡）').fill('89.5');
    await saveButton(drawer(page)).click();
    await poll(() => page.getByText('「8栋」只有 2 个单元，单元不能大于 2').isVisible()).toBe(true);
    await drawer(page).getByLabel('单元').fill('2');
    await saveButton(drawer(page)).click();
    await poll(() => drawer(page).count()).toBe(0);

    await choose(page, tab(page), '楼栋', `${DEMO_PROJECTS.cuihu.name} 8栋`);
    await search(tab(page));
    await poll(() => tab(page).locator('.ant-table-row').count()).toBe(1);
    const house = rowIn(tab(page), '1201');
    await poll(() => house.textContent()).toContain('8栋');
    await poll(() => house.getByText('空置').isVisible()).toBe(true);
    await house.getByRole('button', { name: '编辑' }).click();
    await poll(() => drawer(page).getByLabel('房号').inputValue()).toBe('1201');
    await choose(page, drawer(page), '房屋状态', '装修中');
    await saveButton(drawer(page)).click();
    await poll(() => house.getByText('装修中').isVisible()).toBe(true);
    await house.getByRole('button', { name: '删除' }).click();
    await confirmDialog(page);
    await poll(() => tab(page).locator('.ant-table-row').count()).toBe(0);

    // A seeded house where a customer lives cannot be deleted.
    const lived = await server.app.db
      .selectFrom('house')
      .innerJoin('customer', 'customer.house_id', 'house.id')
      .innerJoin('building', 'building.id', 'house.building_id')
      .innerJoin('org', 'org.id', 'building.project_id')
      .select(['org.name as project', 'building.name as building', 'house.unit_no', 'house.room_no'])
      .executeTakeFirstOrThrow();
    await choose(page, tab(page), '楼栋', `${lived.project} ${lived.building}`);
    await tab(page).getByRole('spinbutton', { name: '单元' }).fill(String(lived.unit_no));
    await tab(page).getByPlaceholder('请输入房号').fill(lived.room_no);
    await search(tab(page));
    await poll(() => tab(page).locator('.ant-table-row').count()).toBe(1);
    await tab(page).locator('.ant-table-row').getByRole('button', { name: '删除' }).click();
    await confirmDialog(page);
    await poll(() => page.getByText(new RegExp(`房屋「${lived.building} ${lived.unit_no} 单元 ${lived.room_no}」下还有 \\d+ 位客户，不能删除`)).isVisible()).toBe(true);
    expect(await tab(page).locator('.ant-table-row').count()).toBe(1);

    await screen(page).getByRole('tab', { name: '楼栋' }).click();
    await rowIn(tab(page), '8栋').getByRole('button', { name: '删除' }).click();
    await confirmDialog(page);
    await poll(() => tab(page).locator('.ant-table-row').count()).toBe(0);
  });

  it('edits, disables and re-enables a parking yard in the parking tab', async () => {
    const page = await as('admin');
    await page.goto(`${server.url}/base-information/project-assets`);
    await screen(page).getByRole('tab', { name: '停车场' }).click();
    await choose(page, tab(page), '所属项目', DEMO_PROJECTS.jinxiu.name);
    await search(tab(page));
    await poll(() => tab(page).locator('.ant-table-row').count()).toBe(2);
    const yard = rowIn(tab(page), '东门地面停车场');
    await yard.getByRole('button', { name: '编辑' }).click();
    await poll(() => drawer(page).getByLabel('车位总数').inputValue()).toBe('90');
    await drawer(page).getByLabel('车位总数').fill('96');
    await saveButton(drawer(page)).click();
    await poll(() => yard.getByText('96', { exact: true }).isVisible()).toBe(true);
    await yard.getByRole('switch').click();
    await poll(() => page.getByText('已停用').first().isVisible()).toBe(true);
    await poll(() => yard.getByRole('switch').getAttribute('aria-checked')).toBe('false');
    await yard.getByRole('switch').click();
    await poll(() => yard.getByRole('switch').getAttribute('aria-checked')).toBe('true');
  });
});

describe('project opening', () => {
  it('fills in a project being prepared, opens it, suspends it with a reason, filters and exports', async () => {
    const page = await as('admin');
    await page.goto(`${server.url}/base-information/opening-manager`);
    const planned = rowIn(screen(page), DEMO_PROJECTS.yunqi.name);
    await poll(() => planned.getByText('筹备中').isVisible()).toBe(true);
    await planned.getByRole('button', { name: '开通' }).click();
    await confirmDialog(page);
    await poll(() => page.getByText('开通前请填写上线日期').isVisible()).toBe(true);

    await planned.getByRole('button', { name: '编辑' }).click();
    await poll(() => drawer(page).getByLabel('交付日期').inputValue()).toBe('2027-03-31');
    await drawer(page).getByLabel('上线日期').click();
    await drawer(page).getByLabel('上线日期').fill('2027-03-01');
    await drawer(page).getByLabel('上线日期').press('Enter');
    await drawer(page).getByLabel('服务热线').fill('0755-8888');
    await saveButton(drawer(page)).click();
    await poll(() => drawer(page).getByText('请填写手机号、座机号（如 021-12345678）或 400 热线').isVisible()).toBe(true);
    await drawer(page).getByLabel('服务热线').fill('0755-86668888');
    await drawer(page).getByRole('switch', { name: '开通访客通行' }).click();
    await saveButton(drawer(page)).click();
    await poll(() => drawer(page).count()).toBe(0);
    await poll(() => planned.getByText('0755-86668888').isVisible()).toBe(true);

    await planned.getByRole('button', { name: '开通' }).click();
    await poll(() => page.getByText(`开通后「${DEMO_PROJECTS.yunqi.name}」的住户即可使用已勾选的服务，确定开通吗？`).isVisible()).toBe(true);
    await confirmDialog(page);
    await poll(() => planned.getByRole('button', { name: '暂停' }).isVisible()).toBe(true);
    await poll(() => planned.locator('.ant-tag', { hasText: '已开通' }).count()).toBe(1);
    expect(await planned.getByRole('button', { name: '删除' }).count()).toBe(0);

    await planned.getByRole('button', { name: '暂停' }).click();
    await page.getByRole('textbox', { name: '说明' }).fill('物业交接，暂停线上服务一周');
    await confirmDialog(page);
    await poll(() => planned.getByText('已暂停').isVisible()).toBe(true);

    await choose(page, screen(page), '开通状态', '已暂停');
    await search(screen(page));
    await poll(() => screen(page).locator('.ant-table-row').count()).toBe(2);
    const sheet = await exported(page, screen(page), /导\s*出/);
    expect(sheet.name).toMatch(/^项目开通设置_/);
    expect(sheet.rows.slice(1).map((r) => r[1]).sort()).toEqual(['已暂停', '已暂停']);
    const row = sheet.rows.find((r) => r.includes('0755-86668888'))!;
    expect(row.slice(4, 10)).toEqual(['是', '是', '否', '是', '否', '是']);
  });
});

describe('customer portrait levels', () => {
  it('refuses an overlapping score range, then creates, filters, edits, disables, exports and deletes a level', async () => {
    const page = await as('admin');
    await page.goto(`${server.url}/business-settings/portrayLevel-management`);
    await poll(() => screen(page).locator('.ant-table-row').count()).toBe(4);
    await screen(page).getByRole('button', { name: '新增等级' }).click();
    await drawer(page).getByLabel('等级名称').fill('黑金客户');
    await drawer(page).getByLabel('等级编码').fill('BLACK');
    await drawer(page).getByLabel('等级顺序').fill('50');
    await drawer(page).locator('.ant-select', { has: page.getByRole('combobox', { name: '等级颜色' }) }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '金色' }).click();
    await drawer(page).getByLabel('最低分').fill('98');
    await drawer(page).getByLabel('最高分').fill('120');
    await drawer(page).getByLabel('权益说明').fill('私人管家，全年免费家电清洗');
    await saveButton(drawer(page)).click();
    await poll(() => page.getByText('分值区间 98-120 与等级「钻石客户」（95-100）重叠').isVisible()).toBe(true);
    await drawer(page).getByLabel('最低分').fill('101');
    await saveButton(drawer(page)).click();
    await poll(() => drawer(page).count()).toBe(0);

    await screen(page).getByPlaceholder('请输入等级名称').fill('黑金');
    await search(screen(page));
    await poll(() => screen(page).locator('.ant-table-row').count()).toBe(1);
    const level = rowIn(screen(page), '黑金客户');
    await level.getByRole('button', { name: '编辑' }).click();
    await poll(() => drawer(page).getByLabel('等级编码').inputValue()).toBe('BLACK');
    await drawer(page).getByLabel('最高分').fill('150');
    await saveButton(drawer(page)).click();
    await poll(() => level.getByText('150', { exact: true }).isVisible()).toBe(true);
    await level.getByRole('switch').click();
    await poll(() => level.getByRole('switch').getAttribute('aria-checked')).toBe('false');

    const sheet = await exported(page, screen(page), /导\s*出/);
    expect(sheet.rows[0]).toEqual(['等级名称', '等级编码', '等级顺序', '最低分', '最高分', '等级颜色', '权益说明', '状态']);
    expect(sheet.rows[1]).toEqual(['黑金客户', 'BLACK', 50, 101, 150, 'gold', '私人管家，全年免费家电清洗', '停用']);

    await level.getByRole('button', { name: '删除' }).click();
    await confirmDialog(page);
    await poll(() => screen(page).locator('.ant-table-row').count()).toBe(0);
  });
});

describe('knowledge tables and columns', () => {
  it('adds a table, gives it a dictionary column beside the table tree, and keeps a table with columns', async () => {
    const page = await as('admin');
    await page.goto(`${server.url}/business-settings/knowledge-management`);
    await tab(page).getByRole('button', { name: '新增知识表' }).click();
    await modal(page).getByLabel('知识表名称').fill('家电信息');
    await modal(page).getByLabel('知识表编码').fill('Home Appliance');
    await saveButton(modal(page)).click();
    await poll(() => modal(page).getByText('只能包含小写字母、数字和下划线，且以字母开头').isVisible()).toBe(true);
    await modal(page).getByLabel('知识表编码').fill('customer_appliance');
    await modal(page).getByLabel('说明').fill('业主家电品牌与购买年份，用于家电清洗推荐');
    await saveButton(modal(page)).click();
    await poll(() => rowIn(tab(page), '家电信息').isVisible()).toBe(true);

    await screen(page).getByRole('tab', { name: '字段定义' }).click();
    await tab(page).locator('.ant-tree').getByText('家电信息').click();
    await poll(() => tab(page).locator('.ant-table-row').count()).toBe(0);
    await tab(page).getByRole('button', { name: '新增字段' }).click();
    await poll(() => drawer(page).locator('.ant-select-selection-item').first().innerText()).toBe('家电信息');
    await drawer(page).getByLabel('字段名称').fill('家电类型');
    await drawer(page).getByLabel('字段编码').fill('appliance_kind');
    expect(await drawer(page).getByRole('combobox', { name: '字典编码' }).count()).toBe(0);
    await choose(page, drawer(page), '数据类型', '字典选项');
    await choose(page, drawer(page), '字典编码', '房屋状态（house_status）');
    await drawer(page).getByRole('switch', { name: '是否必填' }).click();
    await saveButton(drawer(page)).click();
    const column = rowIn(tab(page), '家电类型');
    await poll(() => column.getByText('house_status').isVisible()).toBe(true);
    await poll(() => column.getByText('必填').isVisible()).toBe(true);

    await column.getByRole('button', { name: '编辑' }).click();
    await poll(() => drawer(page).getByLabel('字段名称').inputValue()).toBe('家电类型');
    await choose(page, drawer(page), '数据类型', '文本');
    await saveButton(drawer(page)).click();
    await poll(() => column.getByText('house_status').count()).toBe(0);

    await tab(page).getByPlaceholder('请输入字段名称').fill('家电');
    await search(tab(page));
    await poll(() => tab(page).locator('.ant-table-row').count()).toBe(1);
    const sheet = await exported(page, tab(page), '导出字段');
    expect(sheet.rows[0]).toEqual(['所属知识表', '字段名称', '字段编码', '数据类型', '是否必填', '字典编码', '排序', '说明']);
    expect(sheet.rows[1]!.slice(0, 5)).toEqual(['家电信息', '家电类型', 'appliance_kind', '文本', '是']);

    await screen(page).getByRole('tab', { name: '知识表' }).click();
    await rowIn(tab(page), '家电信息').getByRole('button', { name: '删除' }).click();
    await confirmDialog(page);
    await poll(() => page.getByText('该知识表下还有字段，请先删除字段').isVisible()).toBe(true);
    await rowIn(tab(page), '家电信息').getByRole('switch').click();
    await poll(() => rowIn(tab(page), '家电信息').getByRole('switch').getAttribute('aria-checked')).toBe('false');

    await screen(page).getByRole('tab', { name: '字段定义' }).click();
    await rowIn(tab(page), '家电类型').getByRole('button', { name: '删除' }).click();
    await confirmDialog(page);
    await poll(() => rowIn(tab(page), '家电类型').count()).toBe(0);
    await screen(page).getByRole('tab', { name: '知识表' }).click();
    await rowIn(tab(page), '家电信息').getByRole('button', { name: '删除' }).click();
    await confirmDialog(page);
    await poll(() => rowIn(tab(page), '家电信息').count()).toBe(0);
  });
});

describe('message manager and /message-create', () => {
  it('adds and disables a message category, composes a notice to a post, sends it, and the staff member receives it', async () => {
    const page = await as('admin');
    await page.goto(`${server.url}/business-settings/message-manager`);
    await screen(page).getByRole('tab', { name: '消息分类' }).click();
    await tab(page).getByRole('button', { name: '新增分类' }).click();
    await modal(page).getByLabel('分类名称').fill('停水停电');
    await modal(page).getByLabel('分类编码').fill('outage');
    await choose(page, modal(page), '提示音', '超时提示音');
    await saveButton(modal(page)).click();
    await poll(() => rowIn(tab(page), '停水停电').isVisible()).toBe(true);
    await rowIn(tab(page), '停水停电').getByRole('button', { name: '编辑' }).click();
    await poll(() => modal(page).getByLabel('分类编码').inputValue()).toBe('outage');
    await modal(page).getByLabel('说明').fill('计划停水停电与抢修通知');
    await saveButton(modal(page)).click();
    await poll(() => modal(page).count()).toBe(0);
    await rowIn(tab(page), '活动通知').getByRole('switch').click();
    await poll(() => rowIn(tab(page), '活动通知').getByRole('switch').getAttribute('aria-checked')).toBe('false');
    const categories = await exported(page, tab(page), '导出分类');
    expect(categories.rows).toContainEqual(['停水停电', 'outage', '提醒', '是', '超时提示音', 0, '计划停水停电与抢修通知', '启用']);

    await screen(page).getByRole('tab', { name: '系统通知' }).click();
    await tab(page).getByRole('button', { name: '新建通知' }).click();
    await page.waitForURL(/\/message-create$/);
    await poll(() => page.title()).toBe('新建系统通知-PMS');
    await page.getByRole('textbox', { name: '通知标题' }).fill('明日 9:00-12:00 计划停水');
    await choose(page, screen(page), '消息分类', '停水停电');
    await page.getByRole('textbox', { name: '通知内容' }).fill('因市政管网检修，翠湖天地明日 9:00-12:00 停水，请客服管家提前通知业主。');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await poll(() => page.getByText('该字段是必填字段').isVisible()).toBe(true);
    await choose(page, screen(page), '接收岗位', `${DEMO_PROJECTS.cuihu.name} · 客服管家`);
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.waitForURL(/\/business-settings\/message-manager$/);

    const notice = rowIn(tab(page), '计划停水');
    await poll(() => notice.getByText('草稿').isVisible()).toBe(true);
    await notice.getByRole('button', { name: '立即发送' }).click();
    await poll(() => page.getByText('确定立即发送通知「明日 9:00-12:00 计划停水」吗？发送后不能撤回。').isVisible()).toBe(true);
    await confirmDialog(page);
    await poll(() => notice.getByText('已发送').isVisible()).toBe(true);
    await poll(() => notice.textContent()).toContain('按岗位');
    expect(await notice.getByRole('button', { name: '编辑' }).count()).toBe(0);

    await choose(page, tab(page), '状态', '已发送');
    await tab(page).getByPlaceholder('请输入通知标题').fill('停水');
    await search(tab(page));
    await poll(() => tab(page).locator('.ant-table-row').count()).toBe(1);
    const sheet = await exported(page, tab(page), /导\s*出/);
    expect(sheet.rows[0]).toEqual(['通知标题', '消息分类', '通知内容', '接收范围', '定时发送时间', '状态', '发送时间', '接收人数']);
    expect(sheet.rows[1]!.slice(0, 2)).toEqual(['明日 9:00-12:00 计划停水', '停水停电']);
    expect(sheet.rows[1]![7]).toBe(2);

    await notice.getByRole('button', { name: '查看' }).click();
    await page.waitForURL(/\/business-settings\/message-manager\/notice\/\d+$/);
    await poll(() => screen(page).getByText('因市政管网检修').isVisible()).toBe(true);
    await poll(() => screen(page).locator('.ant-timeline-item').count()).toBe(2);

    const kefu = await (await import('../support/api.ts')).signedIn(server.url, 'kefu');
    const inbox = (await kefu.post('/api/message/categoryPage', { category: '2' })).body.data.records;
    expect(inbox[0]).toMatchObject({ title: '明日 9:00-12:00 计划停水', type: 'pending_receive_msg', isRead: 0 });
  });

  it('edits and deletes a draft notice', async () => {
    const page = await as('admin');
    await page.goto(`${server.url}/business-settings/message-manager`);
    const draft = rowIn(tab(page), '元旦假期客服值班安排');
    await draft.getByRole('button', { name: '编辑' }).click();
    await page.waitForURL(/\/message-create\?id=\d+$/);
    await poll(() => page.getByRole('textbox', { name: '通知标题' }).inputValue()).toBe('元旦假期客服值班安排');
    await page.getByRole('radio', { name: '指定人员' }).check();
    await choose(page, screen(page), '接收人员', '林晓雯（kefu）');
    await page.getByRole('textbox', { name: '通知标题' }).fill('元旦假期客服值班安排（修订）');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.waitForURL(/\/business-settings\/message-manager$/);
    const edited = rowIn(tab(page), '值班安排（修订）');
    await poll(() => edited.getByText('指定人员').isVisible()).toBe(true);
    await edited.getByRole('button', { name: '删除' }).click();
    await confirmDialog(page);
    await poll(() => edited.count()).toBe(0);
  });
});

describe('category manager', () => {
  it('adds a category with an icon and a child under it, disables the parent with its child, refuses deleting a parent, exports', async () => {
    const page = await as('admin');
    await page.goto(`${server.url}/business-settings/category-manager`);
    await screen(page).getByRole('button', { name: '新增分类' }).click();
    await drawer(page).getByLabel('分类名称').fill('社区养老');
    await drawer(page).getByLabel('分类编码').fill('elderly_care');
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    await drawer(page).locator('input[type=file]').setInputFiles({ name: 'elderly.png', mimeType: 'image/png', buffer: png });
    await poll(() => drawer(page).locator('.ant-upload-list-item-done').count()).toBe(1);
    await saveButton(drawer(page)).click();
    await poll(() => drawer(page).count()).toBe(0);

    const tree = screen(page).locator('.ant-tree');
    await tree.getByText('社区养老').click();
    await poll(() => screen(page).locator('.ant-table-row').count()).toBe(0);
    await screen(page).getByRole('button', { name: '新增分类' }).click();
    await poll(() => drawer(page).locator('.ant-select-selection-item').innerText()).toBe('社区养老');
    await drawer(page).getByLabel('分类名称').fill('助餐服务');
    await drawer(page).getByLabel('分类编码').fill('elderly_meal');
    await saveButton(drawer(page)).click();
    await poll(() => rowIn(screen(page), '助餐服务').isVisible()).toBe(true);

    await tree.getByText('社区养老').click();
    await screen(page).getByPlaceholder('请输入分类名称').fill('社区养老');
    await search(screen(page));
    const parent = rowIn(screen(page), '社区养老');
    await poll(() => parent.locator('img').count()).toBe(1);
    await parent.getByRole('switch').click();
    await poll(() => parent.getByRole('switch').getAttribute('aria-checked')).toBe('false');
    await parent.getByRole('button', { name: '删除' }).click();
    await confirmDialog(page);
    await poll(() => page.getByText('该分类下还有子分类，请先删除子分类').isVisible()).toBe(true);

    await screen(page).getByPlaceholder('请输入分类名称').fill('助餐');
    await search(screen(page));
    const child = rowIn(screen(page), '助餐服务');
    await poll(() => child.getByRole('switch').getAttribute('aria-checked')).toBe('false');
    await child.getByRole('switch').click();
    await poll(() => page.getByText('上级分类「社区养老」已停用，请先启用上级分类').isVisible()).toBe(true);
    await child.getByRole('button', { name: '编辑' }).click();
    await poll(() => drawer(page).getByLabel('分类名称').inputValue()).toBe('助餐服务');
    await drawer(page).getByLabel('排序').fill('3');
    await saveButton(drawer(page)).click();
    await poll(() => child.getByText('3', { exact: true }).isVisible()).toBe(true);

    const sheet = await exported(page, screen(page), /导\s*出/);
    expect(sheet.rows[0]).toEqual(['分类类型', '上级分类', '分类名称', '分类编码', '排序', '说明', '状态']);
    expect(sheet.rows[1]).toEqual(['服务分类', '社区养老', '助餐服务', 'elderly_meal', 3, undefined, '停用']);

    await child.getByRole('button', { name: '删除' }).click();
    await confirmDialog(page);
    await poll(() => child.count()).toBe(0);
  });
});
