// Push latency (issue 11): from a server event to the notice on screen, in headless chromium.
// A technician (weixiu) is signed in with the push connection up; two kinds of real events
// reach him: a notice sent in-process through app.notices.send (what every module calls), and
// a work order the dispatcher gives out to him through the signed API. The event is
// timestamped just before it starts, the notice when it enters the page's DOM (in the page).
import type { VerifyRow } from '../../scripts/verify/rows.ts';
import { Api, signedIn } from '../../tests/support/api.ts';
import { signIn } from '../../tests/support/browser.ts';
import { clock, watchNotices } from '../../tests/support/noticeWatch.ts';
import { benchApp } from '../support/benchApp.ts';
import { median, ms, p95, VIEWPORT } from '../support/measure.ts';

const SAMPLES = Number(process.env.BENCH_PUSH_SAMPLES ?? 40);
const WARMUP = 3;
const TARGET_MS = 200;

const pause = (millis: number) => new Promise((resolve) => setTimeout(resolve, millis));

export default async function pushLatency(): Promise<VerifyRow[]> {
  const { server, browser } = await benchApp();
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const db = server.app.db;
    const staffId = async (account: string) => (await db.selectFrom('staff').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id;
    const weixiu = await staffId('weixiu');
    const [kefu, diaodu] = await Promise.all([signedIn(server.url, 'kefu'), signedIn(server.url, 'diaodu')]);
    const project = (await db.selectFrom('org').select('id').where('name', '=', '翠湖天地').executeTakeFirstOrThrow()).id;
    const house = await db.selectFrom('customer').select(['id', 'house_id']).where('project_id', '=', project).where('house_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow();

    /** Work orders waiting for dispatch, made beforehand: creating one is not the measured event. */
    async function newOrder(api: Api): Promise<{ id: number; code: string }> {
      const answer = await api.post('/api/mkf/questionTask/add', { project_id: project, kind: 'repair', title: '压测：水龙头漏水', content: '推送延迟压测', house_id: house.house_id, customer_id: house.id });
      if (answer.http !== 200) throw new Error(`creating a work order failed: ${JSON.stringify(answer.body)}`);
      const { id } = answer.body.data;
      return { id, code: (await db.selectFrom('work_order').select('code').where('id', '=', id).executeTakeFirstOrThrow()).code as string };
    }

    const page = await context.newPage();
    await signIn(page, server.url, 'weixiu');
    await page.getByTitle('消息通知（实时推送已连接）').waitFor({ timeout: 30_000 });
    const notices = await watchNotices(page);

    const events = {
      'app.notices.send': async (i: number) => {
        const marker = `压测通知 #${i}#`;
        const at = clock();
        await server.app.notices.send(db, { staffIds: [weixiu], category: '1', type: '121', content: marker, functionId: null });
        return { at, marker };
      },
      'work order given out (API)': async () => {
        const order = await newOrder(kefu);
        const at = clock();
        const answer = await diaodu.post('/api/mkf/questionTask/transition', { id: order.id, action: 'giveOut', values: { processor_id: weixiu } });
        if (answer.http !== 200) throw new Error(`dispatch failed: ${JSON.stringify(answer.body)}`);
        return { at, marker: order.code };
      },
    };
    const rows: VerifyRow[] = [];
    let n = 0;
    for (const [name, event] of Object.entries(events)) {
      const latencies: number[] = [];
      for (let i = 0; i < WARMUP + SAMPLES; i++) {
        const { at, marker } = await event(n++);
        const shown = await notices.appeared(marker);
        if (i >= WARMUP) latencies.push(shown - at);
        // A person gets notices seconds apart, not back to back.
        await pause(50 + Math.random() * 100);
      }
      const area = `push latency, ${name}`;
      rows.push(
        { area, figure: 'samples', value: latencies.length, target: '≥ 30', ok: latencies.length >= 30 },
        { area, figure: 'event → notice in the DOM, median (ms)', value: ms(median(latencies)) },
        { area, figure: 'event → notice in the DOM, p95 (ms)', value: ms(p95(latencies)), target: `< ${TARGET_MS}`, ok: p95(latencies) < TARGET_MS },
        { area, figure: 'event → notice in the DOM, max (ms)', value: ms(Math.max(...latencies)) },
      );
    }
    return rows;
  } finally {
    await context.close();
  }
}
