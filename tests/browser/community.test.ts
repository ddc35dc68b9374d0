import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { confirmDialog, opened } from '../support/dialogs.ts';
import { setUpBrowser, setUpServer, signedInPage } from '../support/setup.ts';
import { choose } from '../support/selects.ts';
import { signedIn } from '../support/api.ts';
import { ownerMobiles, ownerSignedIn } from '../support/owners.ts';
import { DEMO_PROJECTS } from '../../server/modules/org/demo.ts';

/**
 * Operations content in chromium (issue 32): the regional operations specialist writes a mass
 * notice, picks its 发送范围 with the scope picker (only her region's projects are offered) and
 * submits it; the administrator approves it at 群发通知审批; she then sees it sent, with its
 * recipients, and its owner-facing preview. A letter to the community mailbox is turned into a
 * work order, which the letter then names. An approved activity takes owners' sign-ups through
 * the owner app's API; she reviews them in its 报名名单 and checks one in, and the counts follow.
 */
const server = setUpServer();
const browser = setUpBrowser();

const poll = <T,>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000 });
// One signed-in page per account for the whole file.
const pages = new Map<string, Promise<Page>>();
const as = (account: string) => {
  if (!pages.has(account)) pages.set(account, signedInPage(browser, server.url, account, { viewport: { width: 1600, height: 1000 } }));
  return pages.get(account)!;
};
const screen = (page: Page) => page.locator('.pms-page[data-active="true"]:visible');
const rowIn = (scope: Locator, text: string) => scope.locator('.ant-table-row', { hasText: text });
const drawer = (page: Page) => page.locator('.ant-drawer-open');
const dialog = (page: Page) => page.locator('.ant-modal:visible');

describe('mass notices', () => {
  it('are written with a scoped audience, approved, sent to the owners and previewed', async () => {
    const page = await as('yunying');
    await page.goto(`${server.url}/opearator-manager/MassNotification`);
    await poll(() => rowIn(screen(page), '冬季消防安全专项检查通知').isVisible()).toBe(true);
    await screen(page).getByRole('button', { name: '新建通知' }).click();
    await page.waitForURL(/\/notification$/);
    const form = screen(page);
    await choose(page, '所属项目', '翠湖天地');
    await choose(page, '通知类型', '小区公告');
    await form.getByLabel('通知标题').fill('中心花园草坪养护通知');
    await form.getByRole('radio', { name: '指定项目' }).check();
    // The picker offers her region's projects only.
    const scopeInput = page.getByRole('combobox', { name: '发送范围指定项目', exact: true });
    await page.locator('.ant-select', { has: scopeInput }).click();
    await poll(() => page.locator('.ant-select-dropdown:visible .ant-select-item-option').allInnerTexts()).toEqual(['翠湖天地', '锦绣华庭']);
    await page.locator('.ant-select-dropdown:visible').getByTitle('翠湖天地', { exact: true }).click();
    // A multiple select stays open after a pick: closed as a user does, and only then the channels below it.
    await scopeInput.press('Escape');
    await poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
    // The group is a controlled field whose tick shows a render later, after the picker's options settle: poll it rather than check().
    const appPush = form.getByRole('checkbox', { name: 'App 推送' });
    await appPush.click();
    await poll(() => appPush.isChecked()).toBe(true);
    await form.getByRole('textbox', { name: '通知内容' }).click();
    await page.keyboard.type('本周四上午中心花园草坪修剪，请看护好儿童与宠物。');
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await poll(() => page.getByText('新增成功').isVisible()).toBe(true);
    await page.waitForURL(/MassNotification/);
    const row = rowIn(screen(page), '中心花园草坪养护通知');
    await poll(() => row.getByText('指定项目：翠湖天地').isVisible()).toBe(true);
    await row.getByRole('button', { name: '提交审核' }).click();
    await confirmDialog(page);
    await poll(() => row.getByText('待审核').isVisible()).toBe(true);

    const approver = await as('admin');
    await approver.goto(`${server.url}/approve-manager/noticeApprove`);
    const task = rowIn(screen(approver), '中心花园草坪养护通知');
    await poll(() => task.isVisible()).toBe(true);
    await task.getByRole('button', { name: '审批' }).click();
    await poll(() => drawer(approver).getByText('中心花园草坪养护通知').first().isVisible()).toBe(true);
    await drawer(approver).getByRole('button', { name: /保\s*存|提\s*交|确\s*定/ }).click();
    await poll(() => task.count()).toBe(0);

    await page.reload();
    await poll(() => row.getByText('已发送').isVisible()).toBe(true);
    await row.getByRole('button', { name: '查看' }).click();
    await page.waitForURL(/notificationDetail\?id=/);
    await poll(() => screen(page).getByText('已记录（通道未配置）').first().isVisible()).toBe(true);
    await poll(() => screen(page).getByRole('cell', { name: '翠湖天地' }).first().isVisible()).toBe(true);
    // The owner-facing preview of the same notice.
    await page.goto(`${server.url}/notificationDetailPage?id=${new URL(page.url()).searchParams.get('id')}`);
    await poll(() => screen(page).getByText('本周四上午中心花园草坪修剪，请看护好儿童与宠物。').isVisible()).toBe(true);
  });
});

describe('the community mailbox', () => {
  it('turns a letter into a work order, which the letter names', async () => {
    const page = await as('yunying');
    await page.goto(`${server.url}/opearator-manager/communityMailbox`);
    const convertible = screen(page).locator('.ant-table-row').filter({ has: page.getByRole('button', { name: '转工单' }) }).first();
    await poll(() => convertible.isVisible()).toBe(true);
    // The letter's code (XX + date + sequence) names its row from here on.
    const code = /XX\d{12}/.exec((await convertible.textContent()) ?? '')![0];
    await convertible.getByRole('button', { name: '转工单' }).click();
    await choose(dialog(page), '工单类型', '报修', { typed: false });
    await dialog(page).getByRole('button', { name: /确\s*定/ }).click();
    await poll(() => page.getByText('已转为工单').isVisible()).toBe(true);
    await poll(() => rowIn(screen(page), code).textContent()).toMatch(/WO\d{13}/);
    await poll(() => rowIn(screen(page), code).getByText('已转工单').isVisible()).toBe(true);
  });
});

describe('activities', () => {
  it('take owners\' sign-ups from the app, which the operator reviews and checks in', async () => {
    // 赵雅琪 adds and submits a sign-up activity with review; the administrator approves it: online at once.
    const DAY = 86_400_000;
    const title = '亲子手工灯笼制作';
    const staff = await signedIn(server.url, 'yunying');
    const added = await staff.post('/api/wxmanage/activity/add', {
      project_id: DEMO_PROJECTS.cuihu.id, activity_type: 'signup', title, content: '<p>和孩子一起做灯笼，材料由物业提供。</p>', participants: { mode: 'project', ids: [DEMO_PROJECTS.cuihu.id] },
      start_time: Date.now() + 5 * DAY, end_time: Date.now() + 5 * DAY + 3 * 3_600_000, signup_start: Date.now() - DAY, signup_end: Date.now() + 4 * DAY, quota: 10, need_signup_audit: true,
    });
    const id = added.body.data.id as number;
    await staff.post('/api/wxmanage/activity/transition', { id, action: 'submit' });
    const admin = await signedIn(server.url, 'admin');
    const task = ((await admin.post('/api/approve/task/list', { pageSize: 50, filters: { view: 'todo', biz_type: 'activity' } })).body.data.records as { id: number; title: string }[]).find((t) => t.title === title)!;
    await admin.post('/api/approve/task/approve', { id: task.id });
    // Three owners sign up in the app (over the owner-side API), two people each.
    const names = ['王小雨', '陈思远', '李梓涵'];
    for (const [i, mobile] of (await ownerMobiles(server, DEMO_PROJECTS.cuihu.id, true, 3)).entries()) {
      const owner = await ownerSignedIn(server, mobile);
      const houseId = (await owner.get('/api/owner/me')).body.data.houses[0].houseId as number;
      expect((await owner.post('/api/owner/activity/signup', { activityId: id, houseId, persons: 2, name: names[i] })).body.message).toBe('报名已提交，等待审核');
    }

    const page = await as('yunying');
    await page.goto(`${server.url}/opearator-manager/ActivityManagement`);
    const activity = rowIn(screen(page), title);
    await poll(() => activity.getByText('进行中').isVisible()).toBe(true);
    await poll(() => activity.getByRole('cell', { name: '6', exact: true }).isVisible()).toBe(true);
    await activity.getByRole('button', { name: '报名名单' }).click();
    await page.waitForURL(/activityDetails\?activity_id=/);
    const signups = screen(page);
    await poll(() => rowIn(signups, '待审核').count()).toBe(3);
    // One passes review and is checked in on the day; one is refused, which frees its places.
    await rowIn(signups, names[0]!).getByRole('button', { name: '通过' }).click();
    await poll(() => rowIn(signups, names[0]!).getByText('报名成功').isVisible()).toBe(true);
    await rowIn(signups, names[0]!).getByRole('button', { name: '签到' }).click();
    await poll(() => rowIn(signups, names[0]!).getByText('已签到').isVisible()).toBe(true);
    await rowIn(signups, names[1]!).getByRole('button', { name: '拒绝' }).click();
    const note = page.locator('.ant-modal-confirm:visible');
    await opened(note);
    await note.getByLabel('说明').fill('本场名额优先给本楼栋住户，请报名下一场');
    await confirmDialog(page);
    await poll(() => rowIn(signups, names[1]!).getByText('未通过').isVisible()).toBe(true);
    await poll(() => rowIn(signups, '待审核').count()).toBe(1);
    await page.goto(`${server.url}/opearator-manager/ActivityManagement`);
    await poll(() => rowIn(screen(page), title).getByRole('cell', { name: '4', exact: true }).isVisible()).toBe(true);
  });
});
