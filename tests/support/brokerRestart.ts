import type { Browser, Page } from 'playwright-core';
import { signIn } from './browser.ts';
import { clock, inPage, watchNotices } from './noticeWatch.ts';
import type { TestServer } from './server.ts';

export interface BrokerRestartFigures {
  restarts: number;
  /** Restarts after which the page's push connection came back (subscribed again). */
  reconnected: number;
  /** From the broker accepting connections again to the page's bell saying 已连接, per restart. */
  reconnectMs: number[];
  /** Restarts after which the unread badge did not match the server's count within UNREAD_WAIT_MS. */
  unreadWrong: number;
  /** Restarts after which the next notice was shown on the page. */
  shownAfter: number;
}

const ONLINE = '消息通知（实时推送已连接）';
const CONNECTING = '消息通知（实时推送连接中…）';
/** The page reconnects every 2 s: it has this long after the broker is back. */
const RECONNECT_WAIT_MS = 15_000;
/** Once connected, the page asks for the unread count: it has this long to show the right one. */
const UNREAD_WAIT_MS = 3000;
/** Notices stored while the broker is away: the unread count must include them afterwards. */
const SENT_WHILE_DOWN = 2;

/**
 * Restarts the embedded broker `restarts` times under a signed-in page (issue 10): each time,
 * notices arrive while it is away, then the page must reconnect by itself, show the unread
 * count the server has (those notices included), and show the next notice.
 */
export async function brokerRestarts(server: TestServer, browser: Browser, restarts: number, account = 'weixiu'): Promise<BrokerRestartFigures> {
  const app = server.app;
  const staffId = (await app.db.selectFrom('staff').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id;
  const context = await browser.newContext();
  const figures: BrokerRestartFigures = { restarts: 0, reconnected: 0, reconnectMs: [], unreadWrong: 0, shownAfter: 0 };
  try {
    const page = await context.newPage();
    await signIn(page, server.url, account);
    await page.getByTitle(ONLINE).waitFor({ timeout: RECONNECT_WAIT_MS });
    const notices = await watchNotices(page);
    const send = (content: string) => app.notices.send(app.db, { staffIds: [staffId], category: '2', type: 'system_notice', content, functionId: null });
    const unread = async () => Number((await app.db.selectFrom('staff_message').select((eb) => eb.fn.countAll<number>().as('n')).where('staff_id', '=', staffId).where('is_read', '=', 0).executeTakeFirstOrThrow()).n);

    for (let i = 0; i < restarts; i++) {
      await app.pushBroker!.stop();
      figures.restarts++;
      await page.getByTitle(CONNECTING).waitFor({ timeout: RECONNECT_WAIT_MS });
      for (let k = 0; k < SENT_WHILE_DOWN; k++) await send(`代理重启 ${i} 期间的通知 ${k}`);
      await watchOnline(page);
      const back = clock();
      await app.pushBroker!.start();
      const online = await inPage<number>(page, 'window.__pushOnlineAt', RECONNECT_WAIT_MS).catch(() => null);
      if (online === null) continue;
      figures.reconnected++;
      figures.reconnectMs.push(online - back);
      const expected = await unread();
      const badge = `Number(document.querySelector('.ant-layout-header .ant-badge-count')?.getAttribute('title') ?? 0) === ${expected}`;
      const shownRight = await inPage(page, badge, UNREAD_WAIT_MS).then(() => true, () => false);
      if (!shownRight) figures.unreadWrong++;
      const marker = `代理重启 ${i} 之后的通知`;
      await send(marker);
      if (await notices.appeared(marker, RECONNECT_WAIT_MS).then(() => true, () => false)) figures.shownAfter++;
    }
  } finally {
    await context.close();
  }
  return figures;
}

/** Notes in the page (window.__pushOnlineAt) the moment the bell next says 已连接. */
async function watchOnline(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    window.__pushOnlineAt = undefined;
    const observer = new MutationObserver(() => {
      if (!document.querySelector('[title=${JSON.stringify(ONLINE)}]')) return;
      window.__pushOnlineAt = performance.timeOrigin + performance.now();
      observer.disconnect();
    });
    observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['title'] });
  })()`);
}
