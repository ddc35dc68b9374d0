import { beforeAll, describe, expect, it } from 'vitest';
import { setUpApis, setUpServer } from '../support/setup.ts';
import { signedIn } from '../support/api.ts';
import { DEMO_PROJECTS } from '../../server/modules/org/public.ts';

/**
 * The late orders beside the warning rules (issue 42, daily work 6): the work-order list's view
 * `late` holds the open orders past a deadline, each with the rule that fired last and when.
 */
const server = setUpServer();
const [kefu, weixiu] = setUpApis(server, 'kefu', 'weixiu');
const T = '/api/mkf/questionTask';
const MIN = 60_000;
let houseId: number;

const late = async (api = kefu) => (await api.post(`${T}/list`, { pageSize: 100, filters: { view: 'late' } })).body;

beforeAll(async () => {
  houseId = (await server.app.db.selectFrom('house').innerJoin('building', 'building.id', 'house.building_id').select('house.id').where('building.project_id', '=', DEMO_PROJECTS.cuihu.id).executeTakeFirstOrThrow()).id;
});

describe('late orders with the rule that fired', () => {
  it('lists the seeded late orders, each naming its rule, and none that is done or on time', async () => {
    const answer = await late();
    expect(answer.code).toBe('200');
    const rows = answer.data.records as Record<string, unknown>[];
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.sla_state).toBe('overdue');
      expect(['pending', 'pool', 'dispatched', 'processing', 'hangup_pending', 'improper_pending']).toContain(r.status);
      expect(Number(r.lateness)).toBeGreaterThan(0);
    }
    expect(rows.filter((r) => r.warned_rule).length).toBeGreaterThan(0);
  });

  it('an order passing its deadline joins the list with its rule when the sweep runs, and leaves it once handled', async () => {
    const added = await kefu.post(`${T}/add`, { project_id: DEMO_PROJECTS.cuihu.id, kind: 'repair', title: '地下车库照明不亮', content: 'B2 层东区三盏灯不亮', house_id: houseId });
    expect(added.body.message).toBe('新增成功');
    const id = added.body.data.id as number;
    const created = (await kefu.get(`${T}/detail`, { id })).body.data;
    const ids = async () => ((await late()).data.records as { id: number }[]).map((r) => r.id);
    expect(await ids()).not.toContain(id);
    await server.app.workflowTimers.run(created.created_at + 31 * MIN);
    const row = ((await late()).data.records as Record<string, unknown>[]).find((r) => r.id === id);
    expect(row?.warned_rule).toBe('响应超时预警');
    expect(row?.warned_at).toBe(created.created_at + 31 * MIN);
    // Closed by the project (an improper order): no longer late in the list.
    await server.app.db.updateTable('work_order').set({ status: 'closed' }).where('id', '=', id).execute();
    expect(await ids()).not.toContain(id);
  });

  it("reaches the screen: 预警管理's buttons include the borrowed work-order view for those who hold it, so its 超时工单 tab shows", async () => {
    const menu = await server.app.db.selectFrom('menu').select('id').where('router', '=', '/home_task/warnManagement').executeTakeFirstOrThrow();
    const codes = async (api: typeof kefu, userId: number) => ((await api.post('/api/auth/login/buttonPermissions', { userId: String(userId), menuId: menu.id })).body.data as { btnCode: string }[]).map((b) => b.btnCode);
    const admin = await signedIn(server.url, 'admin');
    expect(await codes(admin, 1)).toEqual(expect.arrayContaining(['warn:view', 'workorder:view']));
  });

  it('is scoped like every work-order list and refuses an unknown view', async () => {
    const mine = ((await late(weixiu)).data?.records ?? []) as { project_id: number }[];
    for (const r of mine) expect(r.project_id).toBe(DEMO_PROJECTS.cuihu.id);
    const bad = await kefu.post(`${T}/list`, { filters: { view: 'nope' } });
    expect(bad.body.message).toBe('工单列表视图不正确');
  });
});
