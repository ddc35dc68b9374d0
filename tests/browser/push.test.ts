import { type BrowserContext, type Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { payloadOf } from '../../server/platform/push/notices.ts';
import { brokerRestarts } from '../support/brokerRestart.ts';
import { launchBrowser, signIn, watchProblems } from '../support/browser.ts';
import { setUpBrowser, setUpServer } from '../support/setup.ts';

const server = setUpServer();
const browser = setUpBrowser();
let staffId: number;

/** Records every sound the page plays (what the user would hear), by file. */
const RECORD_SOUNDS = () => {
  const played: string[] = [];
  (window as unknown as { __played: string[] }).__played = played;
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    const result = play.call(this);
    result.then(() => played.push(new URL(this.src).pathname)).catch(() => {});
    return result;
  };
};
const played = (page: Page) => page.evaluate(() => (window as unknown as { __played: string[] }).__played);

const send = (content: string, extra: { category?: string; type?: string; functionId?: string | null } = {}) =>
  server.app.notices.send(server.app.db, { staffIds: [staffId], category: '1', type: '121', content, functionId: null, ...extra });

/** antd spaces out a two-character button label: 查 看. */
const VIEW = /^查\s*看$/;
/** Waits (the push connection reconnects every 2 s) without asserting on time. */
const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

const notice = (page: Page, content: string) => page.locator('.ant-notification-notice').filter({ hasText: content });
const bell = (page: Page, state: string) => page.getByTitle(`消息通知（${state}）`);

async function unreadOf(staff: number): Promise<number> {
  const { n } = await server.app.db.selectFrom('staff_message').select((eb) => eb.fn.countAll<number>().as('n')).where('staff_id', '=', staff).where('is_read', '=', 0).executeTakeFirstOrThrow();
  return Number(n);
}

async function signedInPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await signIn(page, server.url, 'weixiu');
  await eventually(() => bell(page, '实时推送已连接').isVisible()).toBe(true);
  return page;
}

beforeAll(async () => {
  staffId = (await server.app.db.selectFrom('staff').select('id').where('account', '=', 'weixiu').executeTakeFirstOrThrow()).id;
});

describe('push notices in the browser (spec 4, 9)', () => {
  it('shows a to-do with its tag and sound, drops a repeated messageId, and opens the task detail tab from 查看', async () => {
    const context = await browser.newContext();
    await context.addInitScript(RECORD_SOUNDS);
    const page = await signedInPage(context);
    const problems = watchProblems(page);
    // Unread before this test's notices: on some weekdays and hours the patrol scheduler has
    // already given him a task at start, with its notice.
    const unread = await unreadOf(staffId);

    const [messageId] = await send('工单 WO-2026-0001 已派发给您，请及时处理', { functionId: 'WO-2026-0001' });
    const todo = notice(page, '工单 WO-2026-0001 已派发给您');
    await eventually(() => todo.isVisible()).toBe(true);
    await eventually(() => todo.locator('.ant-tag').innerText()).toBe('待办');
    expect(await todo.locator('.ant-tag').getAttribute('class')).toContain('ant-tag-warning');
    await eventually(() => played(page)).toEqual(['/sounds/handle.wav']);
    await eventually(() => page.locator('.ant-layout-header .ant-badge-count').innerText()).toBe(String(unread + 1));

    // The broker delivers the same message again (a redelivery): rule 2 drops it. The next
    // notice is the barrier: once it shows, the repeat has been handled, and it played nothing.
    const row = await server.app.db.selectFrom('staff_message').selectAll().where('id', '=', messageId).executeTakeFirstOrThrow();
    await server.app.pushBroker!.publish('push/yj_weixiu', JSON.stringify(payloadOf(row)));
    await send('您的工单收到一条新评价', { category: '2', type: '154' });
    await eventually(() => notice(page, '您的工单收到一条新评价').isVisible()).toBe(true);
    await eventually(() => played(page)).toEqual(['/sounds/handle.wav', '/sounds/notice.wav']);
    expect(await page.locator('.ant-notification-notice').filter({ hasText: 'WO-2026-0001' }).count()).toBe(1);

    // 查看 marks the message read and opens /newTaskDetail in a new tab.
    const [detail] = await Promise.all([context.waitForEvent('page'), todo.getByRole('button', { name: VIEW }).click()]);
    await detail.waitForURL(/\/newTaskDetail/);
    expect(new URL(detail.url()).pathname + new URL(detail.url()).search).toBe('/newTaskDetail?quesTaskId=WO-2026-0001');
    const read = await server.app.db.selectFrom('staff_message').select('is_read').where('id', '=', messageId).executeTakeFirstOrThrow();
    expect(read.is_read).toBe(1);
    await eventually(() => todo.count()).toBe(0);
    await eventually(() => page.locator('.ant-layout-header .ant-badge-count').innerText()).toBe(String(unread + 1));
    expect(problems).toEqual({ consoleErrors: [], failedRequests: [] });
    await context.close();
  });

  it('tags reminders 提醒 and picks each sound of spec 9; no 查看 without a functionId', async () => {
    const context = await browser.newContext();
    await context.addInitScript(RECORD_SOUNDS);
    const page = await signedInPage(context);
    const cases = [
      { content: '巡查任务即将超时', category: '2', type: 'pending_receive_msg', sound: '/sounds/expire.wav', tag: '提醒' },
      { content: '有新的工单可以抢单', category: '1', type: '109', sound: '/sounds/rob-order.wav', tag: '待办' },
      { content: '工单已转派给您', category: '1', type: '103', sound: '/sounds/handle.wav', tag: '待办' },
      { content: '业主对工单发表了评论', category: '3', type: '154', sound: '/sounds/comment.wav', tag: '提醒' },
      { content: '请注意查收通知公告', category: '2', type: '200', sound: '/sounds/notice.wav', tag: '提醒' },
    ];
    for (const [i, c] of cases.entries()) {
      await send(c.content, { category: c.category, type: c.type });
      const shown = notice(page, c.content);
      await eventually(() => shown.isVisible()).toBe(true);
      expect(await shown.locator('.ant-tag').innerText()).toBe(c.tag);
      expect(await shown.locator('.ant-tag').getAttribute('class')).toContain(c.tag === '待办' ? 'ant-tag-warning' : 'ant-tag-processing');
      expect(await shown.getByRole('button', { name: VIEW }).count()).toBe(0);
      await eventually(async () => (await played(page))[i]).toBe(c.sound);
    }
    await context.close();
  });

  it('asks with 无法播放提示音 when the browser blocks audio, and plays once the user confirms', async () => {
    const strict = await launchBrowser({
      args: ['--autoplay-policy=user-gesture-required'],
      // Playwright lets every page play sound by default; this browser behaves like a user's.
      ignoreDefaultArgs: ['--autoplay-policy=no-user-gesture-required'],
    });
    try {
      const context = await strict.newContext();
      await context.addInitScript(RECORD_SOUNDS);
      // The session is signed in from another tab: this one has had no user gesture, so the
      // browser refuses to play sounds in it. Playwright's DOM queries count as gestures, so
      // the test waits for the broker's SUBACK on the wire instead of looking at the bell.
      await (await signedInPage(context)).close();
      const page = await context.newPage();
      const subscribed = new Promise<void>((resolve) =>
        page.on('websocket', (ws) => ws.on('framereceived', ({ payload }) => Buffer.from(payload)[0] === 0x90 && resolve())),
      );
      await page.goto(`${server.url}/index/home_index`);
      await subscribed;
      // The sound file is requested in the same task as play(): after that, looking is safe.
      const attempted = page.waitForRequest((r) => r.url().endsWith('/sounds/handle.wav'));
      await send('新的待办需要处理', { type: '121', functionId: 'WO-7' });
      await attempted;
      const dialog = page.getByRole('dialog').filter({ hasText: '无法播放提示音' });
      await eventually(() => dialog.isVisible()).toBe(true);
      expect(await dialog.innerText()).toContain('点击确认后开启');
      expect(await played(page)).toEqual([]);
      await dialog.getByRole('button', { name: /确\s*认/ }).click();
      await eventually(() => played(page)).toEqual(['/sounds/handle.wav']);
      await eventually(() => notice(page, '新的待办需要处理').isVisible()).toBe(true);
    } finally {
      await strict.close();
    }
  });

  it('leads from the bell to /notice/list, where the user reads and marks messages', async () => {
    const context = await browser.newContext();
    const page = await signedInPage(context);
    const problems = watchProblems(page);
    await send('列表中的待办消息', { functionId: 'WO-LIST-1' });
    await send('列表中的提醒消息', { category: '2', type: '300' });
    await eventually(() => notice(page, '列表中的提醒消息').isVisible()).toBe(true);
    const unreadBefore = Number(await page.locator('.ant-layout-header .ant-badge-count').innerText());

    await page.getByRole('button', { name: '消息通知' }).click();
    await page.waitForURL((u) => u.pathname === '/notice/list');
    await eventually(() => page.title()).toBe('消息通知-PMS');
    const row = (text: string) => page.locator('.ant-table-row').filter({ hasText: text });
    await eventually(() => row('列表中的提醒消息').isVisible()).toBe(true);
    // The notices that were showing are in the list now: opening it put them away.
    await eventually(() => page.locator('.ant-notification-notice').count()).toBe(0);
    expect(await row('列表中的提醒消息').locator('.ant-tag').innerText()).toBe('提醒');
    expect(await row('列表中的待办消息').getByRole('button', { name: VIEW }).count()).toBe(1);

    // The 提醒 tab holds only reminders; reading one opens it and marks it read.
    await page.getByRole('tab', { name: /提醒/ }).click();
    await eventually(() => row('列表中的待办消息').count()).toBe(0);
    await row('列表中的提醒消息').getByText('列表中的提醒消息').click();
    const detail = page.getByRole('dialog').filter({ hasText: '消息详情' });
    await eventually(() => detail.isVisible()).toBe(true);
    expect(await detail.innerText()).toContain('列表中的提醒消息');
    await detail.getByRole('button', { name: 'Close' }).click();
    await eventually(() => detail.isVisible()).toBe(false);
    await eventually(() => row('列表中的提醒消息').innerText()).toContain('已读');

    // Marking from the list: the unread filter, then 标为已读 on a row.
    await page.getByRole('tab', { name: /待办/ }).click();
    await eventually(() => page.getByRole('tab', { name: /待办/ }).getAttribute('aria-selected')).toBe('true');
    await page.locator('.ant-radio-button-wrapper', { hasText: '未读' }).click();
    await eventually(() => row('列表中的待办消息').isVisible()).toBe(true);
    await row('列表中的待办消息').getByRole('button', { name: '标为已读' }).click();
    await eventually(() => row('列表中的待办消息').count()).toBe(0);
    await eventually(async () => Number((await page.locator('.ant-layout-header .ant-badge-count').allInnerTexts())[0] ?? 0)).toBe(unreadBefore - 2);
    expect(problems).toEqual({ consoleErrors: [], failedRequests: [] });
    await context.close();
  });

  it('reconnects after the broker restarts mid-session, shows the unread count with what came meanwhile, and the next notice', async () => {
    const figures = await brokerRestarts(server, browser, 2);
    expect(figures).toMatchObject({ restarts: 2, reconnected: 2, unreadWrong: 0, shownAfter: 2 });
  });
});
