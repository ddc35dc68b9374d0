import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, signIn } from '../support/browser.ts';
import { signedIn, type Api } from '../support/api.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { confirmDialog, opened } from '../support/dialogs.ts';
import { DEMO_PROJECTS } from '../../server/modules/org/demo.ts';
import { choose } from '../support/selects.ts';

/**
 * Honours and cooperation in chromium (issue 36): 刘海燕 nominates 周建国 as 服务之星 of 翠湖天地
 * and submits the nomination; 郑思远 (HR) approves it at /honorApproval and awards it; the award
 * shows on the honour roll. A cooperation request from 翠湖天地 to 锦绣华庭 is sent, accepted,
 * finished and rated, each by its own side.
 */
let server: TestServer;
let browser: Browser;
let renshi: Api;
let xmjlApi: Api;
const pages = new Map<string, Page>();
const H = '/api/honor';
const DAY = 86_400_000;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  [renshi, xmjlApi] = await Promise.all([signedIn(server.url, 'renshi'), signedIn(server.url, 'xmjl')]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** One signed-in page per account, shared by the file's stories. */
async function as(account: string, path: string): Promise<Page> {
  let page = pages.get(account);
  if (!page) {
    page = await (await browser.newContext({ viewport: { width: 1600, height: 1000 } })).newPage();
    await signIn(page, server.url, account);
    pages.set(account, page);
  }
  await page.goto(`${server.url}${path}`);
  return page;
}

const poll = <T,>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000 });
const screen = (page: Page) => page.locator('.pms-page[data-active="true"]');
const row = (page: Page, text: string | RegExp) => screen(page).locator('.ant-table-row', { hasText: text });
const drawer = (page: Page) => page.locator('.ant-drawer-open');
const modal = (page: Page) => page.locator('.ant-modal:visible');
const OK = /保\s*存|提\s*交|确\s*定/;

/** Picks an option of the antd select named `label` within `scope` (typed first when it searches). */
/** Clicks a row's action button (antd spaces two-character labels). */
const act = (r: Locator, label: string) => r.getByRole('button', { name: new RegExp(`^${[...label].join('\\s*')}$`) }).click();

describe('honours', () => {
  it('a nomination is made, approved at /honorApproval, awarded and shown on the honour roll', async () => {
    const round = ((await renshi.post(`${H}/round/list`, { filters: { status: 'open' } })).body.data.records as { id: number; name: string }[])[0]!;
    const page = await as('xmjl', '/employeeHonor/honorSelection');
    await poll(() => page.title()).toBe('荣誉评选-PMS');
    await screen(page).getByRole('button', { name: /^提\s*名$/ }).click();
    const form = drawer(page);
    await opened(form);
    await choose(form, '评选轮次', round.name);
    await choose(form, '荣誉类型', '服务之星');
    await choose(form, '所属项目', DEMO_PROJECTS.cuihu.name);
    // The nominee's option reads 姓名（项目）: searched by the name.
    await choose(form, '被提名人', '周建国（翠湖天地）', { typed: '周建国' });
    await form.getByLabel('岗位').fill('调度员');
    await form.getByLabel('先进事迹').fill('全年调度工单 5,200 余单，派单及时率 99.2%；暴雨夜连续值守，统筹抢修 30 余处积水。');
    await form.getByRole('button', { name: OK }).click();
    const mine = row(page, '周建国');
    await poll(() => mine.filter({ hasText: '已提名' }).count()).toBe(1);

    // HR scores it (the review dialog is the engine's), the manager submits it for approval.
    const id = ((await renshi.post(`${H}/nomination/list`, { filters: { staff_name: '周建国', round_id: round.id } })).body.data.records as { id: number }[])[0]!.id;
    await renshi.post(`${H}/nomination/transition`, { id, action: 'review', values: { review_score: 91 } });
    await page.reload();
    await act(row(page, '周建国'), '提交审批');
    await confirmDialog(page, '确定提交「周建国」的提名审批吗？');
    await poll(() => row(page, '周建国').filter({ hasText: '审批中' }).count()).toBe(1);

    const hr = await as('renshi', '/honorApproval');
    await poll(() => hr.title()).toBe('荣誉审批-PMS');
    const task = row(hr, `${round.name}·服务之星·周建国`);
    await poll(() => task.isVisible()).toBe(true);
    await act(task, '审批');
    await poll(() => drawer(hr).getByText('全年调度工单', { exact: false }).first().isVisible()).toBe(true);
    await drawer(hr).getByRole('button', { name: OK }).click();
    await poll(() => task.count()).toBe(0);

    // Nominations close; HR awards it from the selection list with its citation.
    await renshi.post(`${H}/round/transition`, { id: round.id, action: 'vote' });
    await hr.goto(`${server.url}/employeeHonor/honorSelection`);
    const approved = row(hr, '周建国').filter({ hasText: '已通过' });
    await poll(() => approved.count()).toBe(1);
    await act(approved, '评定获奖');
    await opened(modal(hr));
    await modal(hr).getByLabel('颁奖词').fill('调度中枢，风雨无阻');
    await modal(hr).getByRole('button', { name: OK }).click();
    await poll(() => row(hr, '周建国').filter({ hasText: '已获奖' }).count()).toBe(1);

    const roll = await as('xmjl', '/employeeHonor/staffing');
    await poll(() => roll.title()).toBe('荣誉榜-PMS');
    await poll(() => row(roll, '周建国').filter({ hasText: '调度中枢，风雨无阻' }).isVisible()).toBe(true);
  });
});

describe('cooperation requests', () => {
  it('is sent by 翠湖天地, accepted and finished by 锦绣华庭, and rated by the initiator', async () => {
    const start = Date.now() + 3 * DAY;
    await xmjlApi.post(`${H}/cooperation/add`, { from_org_id: DEMO_PROJECTS.cuihu.id, to_org_id: DEMO_PROJECTS.jinxiu.id, type: 'material', title: '借调移动式照明灯塔', content: '小区夜间管网抢修，借用移动式照明灯塔一台，两天后归还。', expected_start: start, expected_end: start + 2 * DAY });
    const page = await as('xmjl', '/employeeCooperation/list');
    const mine = row(page, '借调移动式照明灯塔');
    await poll(() => mine.filter({ hasText: '草稿' }).count()).toBe(1);
    await act(mine, '提交');
    await confirmDialog(page, '确定把「借调移动式照明灯塔」发给协作部门吗？');
    await poll(() => mine.filter({ hasText: '待接收' }).count()).toBe(1);

    const other = await as('p2s1', '/employeeCooperation/list');
    const theirs = row(other, '借调移动式照明灯塔');
    await poll(() => theirs.isVisible()).toBe(true);
    await act(theirs, '接收');
    if (await other.locator('.ant-modal-confirm:visible').count()) await confirmDialog(other);
    await poll(() => theirs.filter({ hasText: '协作中' }).count()).toBe(1);
    await act(theirs, '完成协作');
    await opened(modal(other));
    await modal(other).getByLabel('协作结果').fill('灯塔已送达并协助架设');
    await modal(other).getByRole('button', { name: OK }).click();
    await poll(() => theirs.filter({ hasText: '待评价' }).count()).toBe(1);

    await page.reload();
    await act(row(page, '借调移动式照明灯塔'), '评价');
    await opened(modal(page));
    await modal(page).getByRole('radio', { name: '5 星' }).check();
    await modal(page).getByRole('button', { name: OK }).click();
    await poll(() => row(page, '借调移动式照明灯塔').filter({ hasText: '已完成' }).count()).toBe(1);
  });
});
