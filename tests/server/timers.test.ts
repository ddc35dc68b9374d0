import mqtt from 'mqtt';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../support/api.ts';
import { setUpApi, setUpServer } from '../support/setup.ts';
import { addDays, dayOf } from '../../server/modules/patrol/common.ts';
import { DEMO_PROJECTS, DEMO_STAFF } from '../../server/modules/org/public.ts';

/**
 * Each background timer fires on its own: nothing here calls workflowTimers.run, runScheduler or
 * checkSessions (the other tests do, with their own clock). PMS_TIMER_INTERVAL_MS makes them
 * tick every 200 ms; each test waits, within a bound, for what only the timer does.
 */
vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
vi.setSystemTime(new Date(new Date().setHours(12, 0, 0, 0)));
afterAll(() => vi.useRealTimers());
const server = setUpServer({ PMS_TIMER_INTERVAL_MS: '200' });
const admin = setUpApi(server);

/** Polls until `check` holds, failing with `what` after 10 s (the timers tick every 200 ms). */
async function eventually(what: string, check: () => Promise<boolean> | boolean): Promise<void> {
  for (const end = Date.now() + 10_000; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
    if (await check()) return;
  }
  throw new Error(`the timer did not fire: ${what}`);
}

describe('background timers', () => {
  it('runs the workflow timers on its own', async () => {
    let passes = 0;
    server.app.workflowTimers.add(async () => {
      passes++;
      return 0;
    });
    await eventually('no workflow timer pass', () => passes >= 2);
  });

  it('runs the patrol scheduler on its own: a plan added after start gets its task for today', async () => {
    const today = dayOf(Date.now());
    const point = await server.app.db.selectFrom('tbp_point').select('id').where('name', '=', '1号配电房').where('project_id', '=', DEMO_PROJECTS.cuihu.id).executeTakeFirstOrThrow();
    const added = await admin.post('/api/patrol/tbpPlan/add', {
      projectId: DEMO_PROJECTS.cuihu.id, name: '定时器巡检', stripeCode: 'ENG', assignType: 'staff', staffIds: [DEMO_STAFF.weixiu],
      freqType: 'daily', startDate: today, endDate: addDays(today, 1), startTime: '00:00', endTime: '23:59', leadMinutes: 0, pointIds: [point.id],
    });
    expect(added.body.message).toBe('新增成功');
    const planId = added.body.data.id as number;
    // Adding a plan makes no task: only the scheduler does.
    await eventually('no task for the new plan', async () => Boolean(await server.app.db.selectFrom('tbp_task').select('id').where('plan_id', '=', planId).where('task_day', '=', today).executeTakeFirst()));
  });

  it('checks push sessions on its own: an expired session loses its connection', async () => {
    const api = await signedIn(server.url, 'xmjl');
    const me = (await api.get('/api/auth/login/findUserInfo')).body.data;
    const client = await mqtt.connectAsync(`${server.url.replace('http', 'ws')}/mqtt`, { username: 'pms', password: api.token, reconnectPeriod: 0, connectTimeout: 4000, clean: true });
    let closed = false;
    client.once('close', () => (closed = true));
    await server.app.db.updateTable('session').set({ expires_at: Date.now() - 1 }).where('staff_id', '=', me.staffId).execute();
    await eventually('the connection of an expired session is still open', () => closed);
    await client.endAsync(true);
  });
});
