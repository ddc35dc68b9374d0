import { describe, expect, it } from 'vitest';
import { signedIn } from '../support/api.ts';
import { setUpServer } from '../support/setup.ts';

const server = setUpServer();
const LIST = '/home_task/taskList';

describe('saved table preferences (issue 42)', () => {
  it('keeps each user\'s own settings of a list screen, and only theirs', async () => {
    const kefu = await signedIn(server.url, 'kefu');
    const diaodu = await signedIn(server.url, 'diaodu');
    const columns = [{ key: 'status' }, { key: 'code', width: 200 }, { key: 'title', hidden: true }];
    const saved = await kefu.post('/api/base/tablePreference/save', { route: LIST, columns, pageSize: 50 });
    expect([saved.http, saved.body.message]).toEqual([200, '列表设置已保存']);
    // Another session of the same user (another browser) reads them; another user does not.
    const again = await signedIn(server.url, 'kefu');
    expect((await again.get('/api/base/tablePreference/mine')).body.data[LIST]).toEqual({ columns, pageSize: 50 });
    expect((await diaodu.get('/api/base/tablePreference/mine')).body.data[LIST]).toBeUndefined();
    // Nobody names another user: the body takes no staff id.
    const other = await diaodu.post('/api/base/tablePreference/save', { route: LIST, pageSize: 10, staff_id: 1 });
    expect(other.http).toBe(400);
    await diaodu.post('/api/base/tablePreference/reset', { route: LIST });
    expect((await kefu.get('/api/base/tablePreference/mine')).body.data[LIST]).toEqual({ columns, pageSize: 50 });
    expect((await kefu.post('/api/base/tablePreference/reset', { route: LIST })).body.message).toBe('已恢复默认设置');
    expect((await kefu.get('/api/base/tablePreference/mine')).body.data[LIST]).toBeUndefined();
  });

  it('refuses settings the screen cannot take, with a clear message, and keeps the saved ones', async () => {
    const kefu = await signedIn(server.url, 'kefu');
    await kefu.post('/api/base/tablePreference/save', { route: LIST, pageSize: 20 });
    const refused = [
      [{ route: '/nowhere', pageSize: 20 }, '没有这个列表页面'],
      [{ route: LIST, pageSize: 33 }, '每页条数只能是 10、20、50、100'],
      [{ route: LIST, columns: [{ key: 'password' }] }, '列设置中有这个列表没有的列'],
      [{ route: LIST, columns: [{ key: 'code' }, { key: 'code' }] }, '列设置中有重复的列'],
      [{ route: LIST, columns: [{ key: 'code', hidden: true }] }, '至少显示一列'],
    ] as const;
    for (const [body, message] of refused) {
      const answer = await kefu.post('/api/base/tablePreference/save', body);
      expect([answer.http, answer.body.message]).toEqual([400, message]);
    }
    expect((await kefu.post('/api/base/tablePreference/save', { route: LIST, columns: [{ key: 'code', width: 5 }] })).http).toBe(400);
    expect((await kefu.get('/api/base/tablePreference/mine')).body.data[LIST]).toEqual({ pageSize: 20 });
  });
});

describe('lateness on the work-order list (issue 42)', () => {
  it('answers which deadline was missed and by how much, and sorts the latest first', async () => {
    const diaodu = await signedIn(server.url, 'diaodu');
    const list = await diaodu.post('/api/mkf/questionTask/list', { pageSize: 50, sortField: 'lateness', sortOrder: 'descend', filters: { view: 'all' } });
    expect(list.http).toBe(200);
    const rows = list.body.data.records as { id: number; status: string; lateness: number; lateness_of: string | null; response_due_at: number; accepted_at: number | null; finish_due_at: number; handled_at: number | null }[];
    const minutes = rows.map((r) => r.lateness);
    expect(minutes).toEqual([...minutes].sort((a, b) => b - a));
    const late = rows[0]!;
    expect(late.lateness).toBeGreaterThan(0);
    // The label names the deadline that was missed by the reported minutes.
    const [due, done] = late.lateness_of === '响应' ? [late.response_due_at, late.accepted_at] : [late.finish_due_at, late.handled_at];
    expect(['响应', '完成']).toContain(late.lateness_of);
    expect(Math.abs(Math.floor(((done ?? Date.now()) - due) / 60000) - late.lateness)).toBeLessThanOrEqual(1);
    // Closed orders and drafts are never late.
    const closed = await diaodu.post('/api/mkf/questionTask/list', { pageSize: 50, filters: { view: 'all', status: ['closed', 'improper_closed'] } });
    expect((closed.body.data.records as { lateness: number }[]).every((r) => r.lateness === 0)).toBe(true);
  });
});

describe('dispatch (issue 42)', () => {
  const ORDERS = '/api/mkf/questionTask';
  const staffId = async (account: string) => (await server.app.db.selectFrom('staff').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id;

  it('names each technician with their open orders and state', async () => {
    const diaodu = await signedIn(server.url, 'diaodu');
    const tree = (await diaodu.get('/api/mkf/questionTask/processors')).body.data as { children: { label: string; value: number }[] }[];
    const weixiu = tree.flatMap((g) => g.children).find((s) => s.value === 0 || s.label.startsWith('王师傅'))!;
    const open = await server.app.db.selectFrom('work_order').select((eb) => eb.fn.countAll<number>().as('n')).where('processor_id', '=', await staffId('weixiu')).where('status', 'in', ['dispatched', 'processing', 'hangup_pending', 'improper_pending']).executeTakeFirstOrThrow();
    expect(weixiu.label).toMatch(Number(open.n) ? new RegExp(`^王师傅（.+） · 在办 ${open.n} 单，(处理中|待接单)$`) : /^王师傅（.+） · 空闲$/);
  });

  it('dispatches several orders, each through the workflow in its own transaction, saying what became of each', async () => {
    const diaodu = await signedIn(server.url, 'diaodu');
    const pending = (await diaodu.post(`${ORDERS}/list`, { pageSize: 3, filters: { view: 'all', status: ['pending'] } })).body.data.records as { id: number }[];
    const finished = (await diaodu.post(`${ORDERS}/list`, { pageSize: 1, filters: { view: 'all', status: ['finished'] } })).body.data.records as { id: number }[];
    expect(pending).toHaveLength(3);
    const ids = [...pending.map((o) => o.id), finished[0]!.id];
    const weixiu = await staffId('weixiu');

    const kefu = await signedIn(server.url, 'kefu');
    expect((await kefu.post(`${ORDERS}/batchTransition`, { ids, action: 'giveOut', values: { processor_id: weixiu } })).http).toBe(403);
    const invalid = await diaodu.post(`${ORDERS}/batchTransition`, { ids, action: 'giveOut', values: {} });
    expect(invalid.http).toBe(400);
    const still = await server.app.db.selectFrom('work_order').select('status').where('id', 'in', pending.map((o) => o.id)).execute();
    expect(still.every((o) => o.status === 'pending')).toBe(true);

    const answer = await diaodu.post(`${ORDERS}/batchTransition`, { ids, action: 'giveOut', values: { processor_id: weixiu }, note: '批量派单' });
    expect([answer.http, answer.body.message]).toEqual([200, '派单：3 条完成，1 条未完成']);
    const results = answer.body.data as { id: number; ok: boolean; message: string }[];
    expect(results.filter((r) => r.ok).map((r) => r.id)).toEqual(pending.map((o) => o.id));
    expect(results.find((r) => !r.ok)).toEqual({ id: finished[0]!.id, ok: false, message: '当前状态为「已完成」，不能派单' });
    const moved = await server.app.db.selectFrom('work_order').select(['status', 'processor_id']).where('id', 'in', pending.map((o) => o.id)).execute();
    expect(moved.every((o) => o.status === 'dispatched' && o.processor_id === weixiu)).toBe(true);
    // Each move is on the order's timeline, as a single dispatch is.
    const timeline = await diaodu.get(`${ORDERS}/timeline`, { id: pending[0]!.id });
    expect(JSON.stringify(timeline.body.data)).toContain('批量派单');
  });
});
