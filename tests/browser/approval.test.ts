import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, signIn, watchProblems, type PageProblems } from '../support/browser.ts';
import { signedIn, type Api } from '../support/api.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { DEMO_PROJECTS } from '../../server/modules/org/demo.ts';

/**
 * The approval center in chromium (issue 30): a technician's suspension goes to the project
 * manager under a flow configured for 翠湖天地; the manager rejects it in the drawer (the
 * comment is required), it is resubmitted and approved, and the work order moves each time.
 */
let server: TestServer;
let browser: Browser;
let admin: Api;
let weixiu: Api;
const problems: PageProblems[] = [];
const T = '/api/mkf/questionTask';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await signedIn(server.url, 'admin');
  weixiu = await signedIn(server.url, 'weixiu');
  const flow = await admin.post('/api/approve/flow/add', {
    name: '翠湖天地挂起审批',
    biz_type: 'hangUp',
    scope_org_id: DEMO_PROJECTS.cuihu.id,
    allow_withdraw: true,
    steps: [{ name: '项目经理审批', sign_type: 'single', strategy: 'project_manager' }],
  });
  expect(flow.body.message).toBe('新增成功');
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function as(account: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  problems.push(watchProblems(page));
  await signIn(page, server.url, account);
  return page;
}

const screen = (page: Page) => page.locator('.pms-page[data-active="true"]');
const row = (page: Page, text: string) => screen(page).locator('.ant-table-row', { hasText: text });
const drawer = (page: Page) => page.locator('.ant-drawer-open');
const statusOf = async (id: number) => (await admin.get(`${T}/detail`, { id })).body.data.status;

/** An order of weixiu's in progress, submitted for suspension. */
async function suspension(title: string, reason: string): Promise<number> {
  const weixiuId = (await server.app.db.selectFrom('staff').select('id').where('account', '=', 'weixiu').executeTakeFirstOrThrow()).id;
  const added = await admin.post(`${T}/add`, { project_id: DEMO_PROJECTS.cuihu.id, kind: 'repair', title, content: '卫生间漏水', address: '2栋 1单元 301' });
  const id = added.body.data.id as number;
  expect((await admin.post(`${T}/transition`, { id, action: 'giveOut', values: { processor_id: weixiuId } })).http).toBe(200);
  expect((await weixiu.post(`${T}/transition`, { id, action: 'accept' })).http).toBe(200);
  expect((await weixiu.post(`${T}/transition`, { id, action: 'hangUp', values: { hang_reason: reason } })).body.data.state).toBe('hangup_pending');
  return id;
}

describe('the approval center', () => {
  it('shows the manager the suspension to approve; reject needs a comment; approve moves the order', async () => {
    const order = await suspension('三楼走廊灯不亮', '等待灯具到货');
    const page = await as('xmjl');
    // The landing page's to-dos count it.
    await expect.poll(() => screen(page).getByText('待审批', { exact: true }).isVisible()).toBe(true);
    await page.goto(`${server.url}/approve-manager/center`);
    await expect.poll(() => page.title()).toBe('审批中心-PMS');
    await expect.poll(() => row(page, '三楼走廊灯不亮').isVisible(), { timeout: 15_000 }).toBe(true);

    await row(page, '三楼走廊灯不亮').getByRole('button', { name: '审批' }).click();
    await expect.poll(() => drawer(page).getByText('等待灯具到货').isVisible()).toBe(true);
    await drawer(page).getByText('驳回', { exact: true }).click();
    await drawer(page).getByRole('button', { name: /保\s*存|提\s*交|确\s*定/ }).click();
    await expect.poll(() => drawer(page).getByText(/请填写审批意见|审批意见.*必填|该字段是必填字段/).first().isVisible()).toBe(true);
    await drawer(page).getByLabel('审批意见').fill('灯具物业仓库有备货');
    await drawer(page).getByRole('button', { name: /保\s*存|提\s*交|确\s*定/ }).click();
    await expect.poll(() => row(page, '三楼走廊灯不亮').count()).toBe(0);
    expect(await statusOf(order)).toBe('processing');

    const again = await suspension('地下车库闸机故障', '厂家周五上门');
    await page.reload();
    await expect.poll(() => row(page, '地下车库闸机故障').isVisible(), { timeout: 15_000 }).toBe(true);
    await row(page, '地下车库闸机故障').getByRole('button', { name: '审批' }).click();
    await expect.poll(() => drawer(page).getByText('厂家周五上门').isVisible()).toBe(true);
    await drawer(page).getByRole('button', { name: /保\s*存|提\s*交|确\s*定/ }).click();
    await expect.poll(() => row(page, '地下车库闸机故障').count()).toBe(0);
    expect(await statusOf(again)).toBe('suspended');

    // 我已审批 lists both decisions.
    await screen(page).getByRole('tab', { name: '我已审批' }).click();
    await expect.poll(() => row(page, '地下车库闸机故障').isVisible()).toBe(true);
    await expect.poll(() => row(page, '三楼走廊灯不亮').getByText('不通过').isVisible()).toBe(true);
  });

  it('counts every tab; 全部 only with approval:all; 抄送我的 lists the approvals copied to one', async () => {
    const xuncha = await signedIn(server.url, 'xuncha');
    const counts = (await xuncha.get('/api/approve/counts')).body.data;
    expect(counts.copied).toBeGreaterThan(0);
    const page = await as('xuncha');
    await page.goto(`${server.url}/approve-manager/center`);
    const tab = (name: string | RegExp) => screen(page).getByRole('tab', { name });
    await expect.poll(() => tab(`抄送我的（${counts.copied}）`).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => tab(`待我审批（${counts.todo}）`).isVisible()).toBe(true);
    expect(await tab(/^全部/).count()).toBe(0);
    await tab(/^抄送我的/).click();
    await expect.poll(() => screen(page).locator('.ant-table-row').count()).toBe(Math.min(counts.copied, 10));
    await expect.poll(() => screen(page).getByText('审批通过').first().isVisible()).toBe(true);

    const manager = await as('xmjl');
    await manager.goto(`${server.url}/approve-manager/center`);
    const all = (await (await signedIn(server.url, 'xmjl')).get('/api/approve/counts')).body.data.all as number;
    await expect.poll(() => screen(manager).getByRole('tab', { name: `全部（${all}）` }).isVisible(), { timeout: 15_000 }).toBe(true);
    await screen(manager).getByRole('tab', { name: /^全部/ }).click();
    await expect.poll(() => screen(manager).locator('.ant-tabs-tabpane-active .ant-table-row').count()).toBeGreaterThan(0);
  });

  it('对外回复审批: the manager publishes a waiting reply, which decides his approval task', async () => {
    const page = await as('xmjl');
    await page.goto(`${server.url}/approve-manager/reply`);
    await expect.poll(() => page.title()).toBe('对外回复审批-PMS');
    await expect.poll(() => row(page, '楼道照明更换说明').isVisible(), { timeout: 15_000 }).toBe(true);
    await row(page, '楼道照明更换说明').getByRole('button', { name: '同意发布' }).click();
    await page.locator('.ant-modal-confirm, .ant-popconfirm, .ant-modal').getByRole('button', { name: /确\s*定|确\s*认/ }).last().click();
    await expect.poll(() => row(page, '楼道照明更换说明').getByText('已发布').isVisible()).toBe(true);
    const reply = await server.app.db.selectFrom('approval_instance' as never).select(['status'] as never).where('title' as never, '=', '楼道照明更换说明' as never).executeTakeFirstOrThrow();
    expect(reply).toEqual({ status: 'approved' });
    // The customer-service colleague drafts and submits replies but has no 同意发布 of her own.
    const kefu = await as('kefu');
    await kefu.goto(`${server.url}/approve-manager/reply`);
    await expect.poll(() => row(kefu, '停车费调整咨询').getByRole('button', { name: '提交审批' }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await screen(kefu).getByRole('button', { name: '同意发布' }).count()).toBe(0);
  });

  it('审批记录 lists finished approvals with their deciders and exports them', async () => {
    const page = await as('xmjl');
    await page.goto(`${server.url}/approve-report/outAccApproveRecords`);
    await expect.poll(() => page.title()).toBe('审批记录-PMS');
    await expect.poll(() => row(page, '关于增设快递柜的建议').first().isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => row(page, '关于增设快递柜的建议').getByText('回复过于笼统，请写明计划时间').isVisible()).toBe(true);
    const exportButton = screen(page).getByRole('button', { name: /导\s*出/ });
    await expect.poll(() => exportButton.isVisible()).toBe(true);
    const [download] = await Promise.all([page.waitForEvent('download'), exportButton.click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  });

  it('lists the flows on the configuration screen', async () => {
    const page = await as('admin');
    await page.goto(`${server.url}/opearator-manager/approvalconfiguration`);
    await expect.poll(() => page.title()).toBe('审批流程配置-PMS');
    await expect.poll(() => row(page, '锦绣华庭挂起审批').isVisible()).toBe(true);
    await expect.poll(() => row(page, '翠湖天地挂起审批').isVisible()).toBe(true);
    await row(page, '翠湖天地挂起审批').getByRole('button', { name: '编辑' }).click();
    await expect.poll(() => drawer(page).getByLabel('流程名称').inputValue()).toBe('翠湖天地挂起审批');
    await expect.poll(() => drawer(page).locator('input[value="项目经理审批"]').count()).toBe(1);
    // Each step says what a reject does and how long it may wait; the flow names its copy-to staff.
    for (const label of ['驳回时', '超时（小时）', '抄送人']) expect(await drawer(page).getByText(label, { exact: true }).count()).toBeGreaterThan(0);
    expect(problems.flatMap((p) => p.consoleErrors)).toEqual([]);
  });
});
