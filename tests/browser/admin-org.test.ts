import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import ExcelJS from 'exceljs';
import { watchProblems } from '../support/browser.ts';
import { confirmDialog } from '../support/dialogs.ts';
import { setUpBrowser, setUpServer, setUpSignedInPage } from '../support/setup.ts';
import { DEMO_PROJECTS } from '../../server/modules/org/public.ts';

const server = setUpServer();
const browser = setUpBrowser();
const page = setUpSignedInPage(browser, server, 'admin', { acceptDownloads: true, viewport: { width: 1440, height: 900 } });

/** The visible screen (keepAlive keeps others hidden), and inside a tabs page its visible tab. */
const screen = () => page.locator('.pms-page[data-active="true"]');
const tab = () => screen().locator('.ant-tabs-tabpane-active');
const rows = (within: Locator) => within.locator('.ant-table-row');
/** The row whose first cell is exactly this name (other rows may name it as their parent). */
const row = (within: Locator, name: string) => within.locator('.ant-table-row').filter({ has: page.locator('.ant-table-cell:first-child', { hasText: new RegExp(`^${name}$`) }) });
const toast = (text: string) => page.locator('.ant-message-notice', { hasText: text });
const modal = () => page.locator('.ant-modal-content');
const drawer = () => page.locator('.ant-drawer-open');
const db = () => server.app.db as any;

/** Opens a select (tree or plain) by its field name and picks an option by its exact title. */
async function pick(within: Locator, field: string, option: string) {
  const select = within.locator('.ant-select', { has: page.getByRole('combobox', { name: field }) });
  const open = page.locator('.ant-select-dropdown:visible');
  const choice = open.locator(`[title="${option}"]`).first();
  // The dropdown of the previous pick may still be closing: start once it is gone.
  await expect.poll(() => open.count()).toBe(0);
  // A tree select opened before its nodes arrive shows none: close it and open it again. Each
  // click waits for the dropdown to have finished opening or closing, as a user would see it:
  // a click during its animation could close it again with the option about to be clicked.
  for (let attempt = 1; ; attempt++) {
    await select.click();
    await expect.poll(() => open.count()).toBe(1);
    if (await choice.waitFor({ timeout: 3_000 }).then(() => true, () => false)) break;
    if (attempt === 3) throw new Error(`the ${field} select offers no option "${option}"`);
    await select.click();
    await expect.poll(() => open.count()).toBe(0);
  }
  await choice.click();
}

/** Chooses a node of the tree beside the list, or clears the choice (clicking a chosen node again). */
async function treeNode(name: string, chosen: boolean) {
  const node = screen().locator('.ant-tree-node-content-wrapper', { hasText: new RegExp(`^${name}$`) });
  const selected = async () => (await node.getAttribute('class'))!.includes('ant-tree-node-selected');
  if ((await selected()) !== chosen) await node.click();
  await expect.poll(selected).toBe(chosen);
}

async function download(button: Locator): Promise<unknown[][]> {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await file.path())!);
  expect(file.suggestedFilename()).toMatch(/_\d{4}-\d{2}-\d{2}\.xlsx$/);
  // Rows are sparse where a cell is empty: read them as ''.
  return workbook.worksheets[0]!.getSheetValues().slice(1).map((r) => Array.from((r as unknown[]).slice(1), (v) => v ?? ''));
}

describe('organisation structure (/base-information/org-structure)', () => {
  it('creates, filters, edits, moves, disables, deletes and exports organisations, keeping the tree valid', async () => {
    await page.goto(`${server.url}/base-information/org-structure`);
    await treeNode('悦家物业服务有限公司', true);
    await expect.poll(() => rows(screen()).count()).toBe(2);

    // Create a region under the chosen company (the form starts with it as parent).
    await screen().getByRole('button', { name: '新增组织' }).click();
    await expect.poll(() => modal().locator('.ant-select-selection-item').first().textContent()).toBe('悦家物业服务有限公司');
    await modal().getByLabel('组织名称').fill('西北区域');
    await modal().getByLabel('组织编码').fill('YJ R3');
    await modal().getByRole('radio', { name: '区域' }).check();
    await modal().getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => modal().getByText('只能包含字母、数字、下划线和连字符').isVisible()).toBe(true);
    await modal().getByLabel('组织编码').fill('YJ-R1');
    await modal().getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => toast('组织编码「YJ-R1」已存在').isVisible()).toBe(true);
    await modal().getByLabel('组织编码').fill('YJ-R3');
    await modal().getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => toast('新增成功').isVisible()).toBe(true);
    await expect.poll(() => row(screen(), '西北区域').getByText('悦家物业服务有限公司').isVisible()).toBe(true);

    // Filter by type and name.
    await treeNode('悦家物业服务有限公司', false);
    await pick(screen(), '组织类型', '区域');
    await screen().getByPlaceholder('请输入组织名称').fill('西北');
    await screen().getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => rows(screen()).count()).toBe(1);

    // Edit.
    await row(screen(), '西北区域').getByRole('button', { name: '编辑' }).click();
    await expect.poll(() => modal().getByLabel('组织名称').inputValue()).toBe('西北区域');
    await modal().getByLabel('组织名称').fill('西北大区');
    await modal().getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => row(screen(), '西北大区').isVisible()).toBe(true);
    await screen().getByRole('button', { name: /重\s*置/ }).click();

    // Move a project under the new region; a project cannot move under the company.
    await row(screen(), DEMO_PROJECTS.yunqi.name).getByRole('button', { name: '调整上级' }).click();
    await pick(modal(), '移到', '悦家物业服务有限公司');
    await modal().getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => toast('项目的上级组织必须是区域').isVisible()).toBe(true);
    await pick(modal(), '移到', '西北大区');
    await modal().getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => row(screen(), DEMO_PROJECTS.yunqi.name).getByText('西北大区').isVisible()).toBe(true);

    // Disabling waits for the children; a region with children is not deleted.
    await row(screen(), '西北大区').getByRole('switch').click();
    await expect.poll(() => toast('该组织下还有 1 个启用的下级组织，请先停用下级组织').isVisible()).toBe(true);
    await expect.poll(() => row(screen(), '西北大区').getByRole('switch').isChecked()).toBe(true);
    await row(screen(), '西北大区').getByRole('button', { name: '删除' }).click();
    await confirmDialog(page, '确定删除组织「西北大区」吗？');
    await expect.poll(() => toast('该组织下还有 1 个下级组织，请先删除或移走下级组织').isVisible()).toBe(true);

    await row(screen(), DEMO_PROJECTS.yunqi.name).getByRole('button', { name: '调整上级' }).click();
    await pick(modal(), '移到', '华南区域');
    await modal().getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => row(screen(), DEMO_PROJECTS.yunqi.name).getByText('华南区域').isVisible()).toBe(true);
    await row(screen(), '西北大区').getByRole('switch').click();
    await expect.poll(() => toast('已停用').isVisible()).toBe(true);
    expect((await db().selectFrom('org').select('enabled').where('code', '=', 'YJ-R3').executeTakeFirstOrThrow()).enabled).toBe(0);
    await row(screen(), '西北大区').getByRole('button', { name: '删除' }).click();
    await confirmDialog(page, '确定删除组织「西北大区」吗？');
    await expect.poll(() => row(screen(), '西北大区').count()).toBe(0);

    const sheet = await download(screen().getByRole('button', { name: /导\s*出/ }));
    expect(sheet[0]).toEqual(['组织名称', '组织编码', '组织类型', '上级组织', '地址', '排序', '状态']);
    expect(sheet).toContainEqual([DEMO_PROJECTS.yunqi.name, 'YJ-P004', '项目', '华南区域', '深圳市南山区科苑南路 2666 号', 3, '启用']);
  });
});

describe('departments (/base-information/dept-manager)', () => {
  it('creates, filters, edits, disables, deletes and exports departments of the tree', async () => {
    await page.goto(`${server.url}/base-information/dept-manager`);
    await treeNode(`${DEMO_PROJECTS.cuihu.name}服务中心`, true);
    await expect.poll(() => rows(screen()).count()).toBe(4);

    // Create under the chosen department: organisation and parent start filled in.
    await screen().getByRole('button', { name: '新增部门' }).click();
    await expect.poll(() => drawer().locator('.ant-select-selection-item').allTextContents()).toEqual([DEMO_PROJECTS.cuihu.name, `${DEMO_PROJECTS.cuihu.name}服务中心`]);
    await drawer().getByLabel('部门名称').fill('绿化组');
    await drawer().getByLabel('部门编码').fill('YJ-P001-LHZ');
    await pick(drawer(), '负责人', '林晓雯（YJ0002）');
    await drawer().getByLabel('联系电话').fill('12345');
    await drawer().getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => drawer().getByText('请填写手机号、座机号（如 021-61234567）或 400 号码').isVisible()).toBe(true);
    await drawer().getByLabel('联系电话').fill('021-61235678');
    await drawer().getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => row(screen(), '绿化组').getByText('林晓雯').isVisible()).toBe(true);

    // Filter by name within the organisation.
    await treeNode(`${DEMO_PROJECTS.cuihu.name}服务中心`, false);
    await screen().getByPlaceholder('请输入部门名称').fill('绿化');
    await pick(screen(), '所属组织', DEMO_PROJECTS.cuihu.name);
    await screen().getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => rows(screen()).count()).toBe(1);

    // Move it under the engineering department.
    await row(screen(), '绿化组').getByRole('button', { name: '编辑' }).click();
    await expect.poll(() => drawer().getByLabel('部门名称').inputValue()).toBe('绿化组');
    await pick(drawer(), '上级部门', '工程部');
    await drawer().getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => row(screen(), '绿化组').getByText('工程部').isVisible()).toBe(true);
    await screen().getByRole('button', { name: /重\s*置/ }).click();

    // Disabling goes from the leaves up.
    await treeNode(`${DEMO_PROJECTS.cuihu.name}服务中心`, true);
    await row(screen(), '工程部').getByRole('switch').click();
    await expect.poll(() => toast('该部门下还有 2 个启用的下级部门，请先停用下级部门').isVisible()).toBe(true);

    // Staff on its posts keep a department; an empty one goes.
    await row(screen(), '客服部').getByRole('button', { name: '删除' }).click();
    await confirmDialog(page, '确定删除部门「客服部」吗？');
    await expect.poll(() => toast('该部门的岗位上还有 3 名员工，请先调整员工岗位再删除').isVisible()).toBe(true);
    await treeNode(`${DEMO_PROJECTS.cuihu.name}服务中心`, false);
    await screen().getByPlaceholder('请输入部门名称').fill('绿化');
    await screen().getByRole('button', { name: /查\s*询/ }).click();
    await row(screen(), '绿化组').getByRole('switch').click();
    await expect.poll(() => toast('已停用').isVisible()).toBe(true);

    const sheet = await download(screen().getByRole('button', { name: /导\s*出/ }));
    expect(sheet[0]).toEqual(['部门名称', '部门编码', '所属组织', '上级部门', '负责人', '联系电话', '排序', '部门职责', '状态']);
    expect(sheet.slice(1)).toEqual([['绿化组', 'YJ-P001-LHZ', DEMO_PROJECTS.cuihu.name, '工程部', '林晓雯', '021-61235678', 0, '', '停用']]);

    await row(screen(), '绿化组').getByRole('button', { name: '删除' }).click();
    await confirmDialog(page, '确定删除部门「绿化组」吗？');
    await expect.poll(() => rows(screen()).count()).toBe(0);
  });
});

describe('posts and post groups (/base-information/post-manager)', () => {
  it('creates, filters, edits, grants roles to, disables, deletes and exports posts', async () => {
    await page.goto(`${server.url}/base-information/post-manager`);
    await pick(tab(), '所属组织', DEMO_PROJECTS.cuihu.name);
    await tab().getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => rows(tab()).count()).toBe(7);
    await pick(tab(), '岗位分组', '工程类');
    await tab().getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => rows(tab()).count()).toBe(2);

    await tab().getByRole('button', { name: '新增岗位' }).click();
    await pick(drawer(), '所属组织', DEMO_PROJECTS.cuihu.name);
    await drawer().getByLabel('岗位名称').fill('工程主管');
    await drawer().getByLabel('岗位编码').fill('YJ-P001-GCZG');
    await pick(drawer(), '岗位分组', '工程类');
    await pick(drawer(), '所属部门', '工程部');
    await drawer().getByLabel('岗位职责').fill('带班维修，审核维修工单');
    await drawer().getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => row(tab(), '工程主管').getByText('工程部').isVisible()).toBe(true);
    await expect.poll(() => rows(tab()).count()).toBe(3);

    await row(tab(), '工程主管').getByRole('button', { name: '编辑' }).click();
    await expect.poll(() => drawer().getByLabel('岗位名称').inputValue()).toBe('工程主管');
    await drawer().getByLabel('岗位名称').fill('工程经理');
    await drawer().getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => row(tab(), '工程经理').isVisible()).toBe(true);

    // Post authority: the roles whoever holds the post gets.
    await row(tab(), '工程经理').getByRole('button', { name: '岗位权限' }).click();
    await expect.poll(() => modal().getByText(DEMO_PROJECTS.cuihu.name).isVisible()).toBe(true);
    await pick(modal(), '岗位角色', '巡查员');
    await modal().locator('.ant-modal-title').click(); // closes the multiple select's dropdown
    await modal().getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => toast('岗位角色已保存').isVisible()).toBe(true);
    const post = await db().selectFrom('post').select('id').where('code', '=', 'YJ-P001-GCZG').executeTakeFirstOrThrow();
    const roles = await db().selectFrom('post_role').innerJoin('role', 'role.id', 'post_role.role_id').select('role.code').where('post_id', '=', post.id).execute();
    expect(roles).toEqual([{ code: 'inspector' }]);

    await row(tab(), '工程经理').getByRole('switch').click();
    await expect.poll(() => toast('已停用').isVisible()).toBe(true);
    const sheet = await download(tab().getByRole('button', { name: /导\s*出/ }));
    expect(sheet[0]).toEqual(['岗位名称', '岗位编码', '所属组织', '岗位分组', '所属部门', '排序', '岗位职责', '状态']);
    expect(sheet).toContainEqual(['工程经理', 'YJ-P001-GCZG', DEMO_PROJECTS.cuihu.name, '工程类', '工程部', 0, '带班维修，审核维修工单', '停用']);
    expect(sheet.length).toBe(4);

    await row(tab(), '维修工程师').getByRole('button', { name: '删除' }).click();
    await confirmDialog(page, '确定删除岗位「维修工程师」吗？');
    await expect.poll(() => toast('该岗位仍有员工在岗，请先调整这些员工的岗位再删除').isVisible()).toBe(true);
    await row(tab(), '工程经理').getByRole('button', { name: '删除' }).click();
    await confirmDialog(page, '确定删除岗位「工程经理」吗？');
    await expect.poll(() => rows(tab()).count()).toBe(2);
  });

  it('manages post groups in their tab', async () => {
    await page.goto(`${server.url}/base-information/post-manager`);
    await screen().getByRole('tab', { name: '岗位分组' }).click();
    await expect.poll(() => rows(tab()).count()).toBe(5);

    await tab().getByRole('button', { name: '新增分组' }).click();
    await modal().getByLabel('分组名称').fill('工程类');
    await modal().getByLabel('分组编码').fill('finance');
    await modal().getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => toast('分组名称「工程类」已存在').isVisible()).toBe(true);
    await modal().getByLabel('分组名称').fill('财务类');
    await modal().getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => row(tab(), '财务类').isVisible()).toBe(true);

    await tab().getByPlaceholder('请输入分组名称').fill('财务');
    await tab().getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => rows(tab()).count()).toBe(1);
    await row(tab(), '财务类').getByRole('button', { name: '编辑' }).click();
    await expect.poll(() => modal().getByLabel('分组名称').inputValue()).toBe('财务类');
    await modal().getByLabel('说明').fill('出纳、会计等财务岗位');
    await modal().getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => row(tab(), '财务类').getByText('出纳、会计等财务岗位').isVisible()).toBe(true);
    await row(tab(), '财务类').getByRole('switch').click();
    await expect.poll(() => toast('已停用').isVisible()).toBe(true);

    const sheet = await download(tab().getByRole('button', { name: /导\s*出/ }));
    expect(sheet.slice(1)).toEqual([['财务类', 'finance', 0, '出纳、会计等财务岗位', '停用']]);
    await row(tab(), '财务类').getByRole('button', { name: '删除' }).click();
    await confirmDialog(page, '确定删除岗位分组「财务类」吗？');
    await expect.poll(() => rows(tab()).count()).toBe(0);

    await tab().getByRole('button', { name: /重\s*置/ }).click();
    await row(tab(), '客服类').getByRole('button', { name: '删除' }).click();
    await confirmDialog(page, '确定删除岗位分组「客服类」吗？');
    await expect.poll(() => toast('该分组下还有岗位，请先把岗位移出该分组再删除').isVisible()).toBe(true);
  });
});

describe('the screens hold together', () => {
  it('open every route of this issue part without console errors or failed requests', async () => {
    for (const path of ['/base-information/org-structure', '/base-information/org-structure/form', '/base-information/org-structure/move', '/base-information/dept-manager', '/base-information/dept-manager/form', '/base-information/post-manager', '/base-information/post-manager/posts', '/base-information/post-manager/groups', '/base-information/post-manager/form', '/base-information/post-manager/group-form', '/base-information/post-manager/authority']) {
      const problems = watchProblems(page);
      await page.goto(server.url + path, { waitUntil: 'networkidle' });
      expect(await page.locator('#root').innerText()).not.toBe('');
      expect(problems, path).toEqual({ consoleErrors: [], failedRequests: [] });
      page.removeAllListeners('console');
      page.removeAllListeners('pageerror');
      page.removeAllListeners('requestfailed');
      page.removeAllListeners('response');
    }
  });
});
