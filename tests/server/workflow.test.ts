import { describe, expect, it } from 'vitest';
import { signedIn } from '../support/api.ts';
import { setUpApi, setUpFixtureServer } from '../support/setup.ts';
import { DEMO_PROJECTS, DEMO_STAFF } from '../../server/modules/org/public.ts';

/** A workflow declared in JSON (tests/fixtures/workflow) drives the server's checks and the timeline. */
const server = setUpFixtureServer();
const admin = setUpApi(server);

const base = '/api/workorder/repairRequest';

describe('workflow declared as data', () => {
  it('starts a record in the initial state whatever is sent, and moves only along declared transitions', async () => {
    const added = await admin.post(`${base}/add`, { title: '厨房漏水', project_id: DEMO_PROJECTS.cuihu.id });
    const id = added.body.data.id;
    expect((await admin.get(`${base}/detail`, { id })).body.data.status).toBe('pending');
    expect((await admin.post(`${base}/add`, { title: 'x', project_id: DEMO_PROJECTS.cuihu.id, status: 'finished' })).body.message).toBe('不允许的字段 status');
    expect((await admin.post(`${base}/update`, { id, status: 'finished' })).body.message).toBe('不允许的字段 status');

    const early = await admin.post(`${base}/transition`, { id, action: 'finish', note: '已修好' });
    expect([early.http, early.body.message]).toEqual([409, '当前状态为「待派单」，不能完成']);
    const noHandler = await admin.post(`${base}/transition`, { id, action: 'dispatch' });
    expect([noHandler.http, noHandler.body.message]).toEqual([400, '请填写维修人员']);
    expect((await admin.post(`${base}/transition`, { id, action: 'dispatch', values: { handler: '王师傅', status: 'finished' } })).http).toBe(400);
    expect((await admin.post(`${base}/transition`, { id, action: 'dispatch', values: { handler: '王师傅' } })).body.message).toBe('派单成功');
    expect((await admin.get(`${base}/detail`, { id })).body.data).toMatchObject({ status: 'dispatched', handler: '王师傅' });
    expect((await admin.post(`${base}/transition`, { id, action: 'finish' })).body.message).toBe('请填写完成说明');
    expect((await admin.post(`${base}/transition`, { id, action: 'finish', note: '更换阀门，已试水' })).body.data.state).toBe('finished');
    expect((await admin.post(`${base}/transition`, { id, action: 'teleport' })).http).toBe(400);

    const timeline = await admin.get(`${base}/timeline`, { id });
    expect(timeline.body.data.map((t: { actionText: string; stateText: string; staff_name: string }) => [t.actionText, t.stateText, t.staff_name])).toEqual([
      ['创建', '待派单', '系统管理员'],
      ['派单', '已派单', '系统管理员'],
      ['完成', '已完成', '系统管理员'],
    ]);
    expect(timeline.body.data[2].note).toBe('更换阀门，已试水');
  });

  it('checks the permission of each transition, not only of the endpoint', async () => {
    const added = await admin.post(`${base}/add`, { title: '门禁故障', project_id: DEMO_PROJECTS.cuihu.id });
    const role = await server.app.db.selectFrom('role').select('id').where('code', '=', 'dispatcher').executeTakeFirstOrThrow();
    await admin.post('/api/base/role/addPermission', { id: role.id, grants: ['b:repair:view', 'b:repair:dispatch'] });
    const diaodu = await signedIn(server.url, 'diaodu');
    expect((await diaodu.post(`${base}/transition`, { id: added.body.data.id, action: 'dispatch', values: { handler: '周师傅' } })).http).toBe(200);
    const close = await diaodu.post(`${base}/transition`, { id: added.body.data.id, action: 'close' });
    expect([close.http, close.body.message]).toEqual([403, '没有权限执行该操作（需要「关闭维修申请」权限）']);
  });

  it('lets only the staff member named by the record make an actor-bound move, and records who claimed it', async () => {
    const id = (await admin.post(`${base}/add`, { title: '消防栓漏水', project_id: DEMO_PROJECTS.cuihu.id })).body.data.id;
    expect((await admin.post(`${base}/transition`, { id, action: 'claim' })).http).toBe(200);
    expect((await admin.get(`${base}/detail`, { id })).body.data.handler_id).toBe(DEMO_STAFF.admin);
    const diaodu = await signedIn(server.url, 'diaodu');
    const other = await diaodu.post(`${base}/transition`, { id, action: 'giveBack', note: '不是我的' });
    expect([other.http, other.body.message]).toEqual([403, '只有认领人本人可以退回']);
    expect((await admin.post(`${base}/transition`, { id, action: 'giveBack', note: '配件不足，退回重派' })).body.data.state).toBe('pending');
  });

  it('moves records by timer after their time in a state, as 系统, and leaves younger ones alone', async () => {
    const old = (await admin.post(`${base}/add`, { title: '车库照明', project_id: DEMO_PROJECTS.cuihu.id })).body.data.id;
    const young = (await admin.post(`${base}/add`, { title: '单元门闭门器', project_id: DEMO_PROJECTS.cuihu.id })).body.data.id;
    for (const id of [old, young]) {
      await admin.post(`${base}/transition`, { id, action: 'dispatch', values: { handler: '李师傅' } });
      await admin.post(`${base}/transition`, { id, action: 'finish', note: '已处理' });
    }
    const now = Date.now();
    // What the demo data has due already moves first (as the server's first tick would move it).
    await server.app.workflowTimers.run(now);
    await server.app.db.updateTable('repair_request' as never).set({ state_at: now - 4321 * 60_000 } as never).where('id' as never, '=', old as never).execute();
    expect(await server.app.workflowTimers.run(now)).toBe(1);
    expect((await admin.get(`${base}/detail`, { id: old })).body.data.status).toBe('closed');
    expect((await admin.get(`${base}/detail`, { id: young })).body.data.status).toBe('finished');
    const last = (await admin.get(`${base}/timeline`, { id: old })).body.data.at(-1);
    expect([last.actionText, last.staff_name, last.note]).toEqual(['归档', '系统', '超过 4320 分钟未处理，系统自动归档']);
    // A second pass finds nothing more to do.
    expect(await server.app.workflowTimers.run(now)).toBe(0);
  });
});
