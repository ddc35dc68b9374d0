import { beforeAll, describe, expect, it } from 'vitest';
import { setUpApis, setUpServer } from '../support/setup.ts';
import { DEMO_PROJECTS } from '../../server/modules/org/public.ts';
import { intakeWorkOrder } from '../../server/modules/workorder/public.ts';
import { SYSTEM_ACTOR, type AnyDB } from '../../server/engine/hooks.ts';

/**
 * The work-order intake reads each project's effective parameters (project over company over
 * default: 在线报修, 有偿维修, 报修响应时限) and the service area's default handler, whatever the
 * channel: the add screen, a draft submitted, another module's intake.
 */
const server = setUpServer();
const [admin, yunying] = setUpApis(server, 'admin', 'yunying');
const T = '/api/mkf/questionTask';
const W = '/api/wxmanage';
const { cuihu, jinxiu, binjiang } = DEMO_PROJECTS;
const db = () => server.app.db as unknown as AnyDB;
const order = async (id: number) => (await admin.get(`${T}/detail`, { id })).body.data;
const houseOf = async (projectId: number, building?: number) => {
  let q = db().selectFrom('house').innerJoin('building', 'building.id', 'house.building_id').select(['house.id', 'house.building_id']).where('building.project_id', '=', projectId);
  if (building) q = q.where('house.building_id', '=', building);
  return (await q.orderBy('house.id').executeTakeFirstOrThrow()) as { id: number; building_id: number };
};
const add = (projectId: number, values: Record<string, unknown>) => admin.post(`${T}/add`, { project_id: projectId, kind: 'repair', title: '厨房水管漏水', content: '厨房水槽下水管接口漏水', ...values });
const keyId = async (key: string) => ((await db().selectFrom('config_key').select('id').where('key', '=', key).executeTakeFirstOrThrow()) as { id: number }).id;
let area: { id: number; name: string; handler: number; building: number };

beforeAll(async () => {
  const row = (await db()
    .selectFrom('service_area as a')
    .innerJoin('service_area_building as b', 'b.service_area_id', 'a.id')
    .select(['a.id', 'a.name', 'a.handler_id', 'b.building_id'])
    .where('a.project_id', '=', binjiang.id)
    .where('a.handler_id', 'is not', null)
    .orderBy('a.id')
    .executeTakeFirstOrThrow()) as { id: number; name: string; handler_id: number; building_id: number };
  area = { id: row.id, name: row.name, handler: row.handler_id, building: row.building_id };
});

describe('work-order intake and project parameters', () => {
  it('takes an owner\'s app repair only where 在线报修 is open for the project', async () => {
    const house = await houseOf(jinxiu.id);
    expect((await add(jinxiu.id, { house_id: house.id, source: 'owner_app' })).body.message).toBe('新增成功');
    await yunying.post(`${W}/projectConfig/add`, { project_id: jinxiu.id, config_key_id: await keyId('online_repair'), value: '0' });
    const refused = await add(jinxiu.id, { house_id: house.id, source: 'owner_app' });
    expect([refused.http, refused.body.message]).toEqual([400, '项目「锦绣华庭」未开通在线报修，不能受理业主 App 报修']);
    // Staff taking the call for the owner is still open.
    expect((await add(jinxiu.id, { house_id: house.id, source: 'staff' })).body.message).toBe('新增成功');
  });

  it('charges a repair only where 有偿维修 is open; home services anywhere', async () => {
    const item = async (name: string) => ((await db().selectFrom('repair_item').select('id').where('item_name', '=', name).executeTakeFirstOrThrow()) as { id: number }).id;
    const house = await houseOf(jinxiu.id);
    const refused = await add(jinxiu.id, { house_id: house.id, fee_items: [{ item_id: await item('更换水龙头'), quantity: 1 }] });
    expect([refused.http, refused.body.message]).toEqual([400, '项目「锦绣华庭」未开放有偿维修，不能选择收费项目']);
    const home = await add(jinxiu.id, { house_id: house.id, kind: 'home_service', title: '油烟机清洗', content: '油烟机深度清洗', fee_items: [{ item_id: await item('油烟机深度清洗'), quantity: 1 }] });
    expect((await order(home.body.data.id)).amount).toBe(170);
    const open = await add(cuihu.id, { house_id: (await houseOf(cuihu.id)).id, fee_items: [{ item_id: await item('更换水龙头'), quantity: 1 }] });
    expect((await order(open.body.data.id)).amount).toBe(75);
  });

  it('a repair must be answered within the project\'s 报修响应时限 when it is stricter than the service type\'s', async () => {
    // 水电维修 gives 30 minutes; 滨江一号 set 15 for its repairs.
    const fast = await order((await add(binjiang.id, { address: '3栋地下室水泵房' })).body.data.id);
    expect(fast.response_due_at - fast.created_at).toBe(15 * 60_000);
    const usual = await order((await add(cuihu.id, { address: '1栋大堂' })).body.data.id);
    expect(usual.response_due_at - usual.created_at).toBe(30 * 60_000);
    // The company value now applies wherever a project has none of its own.
    await admin.post(`${W}/configKey/update`, { id: await keyId('repair_response_minutes'), company_value: '20' });
    const company = await order((await add(cuihu.id, { address: '1栋大堂' })).body.data.id);
    expect(company.response_due_at - company.created_at).toBe(20 * 60_000);
    // Not a repair: the service type's limit alone.
    const complaint = await order((await add(cuihu.id, { kind: 'complaint', title: '楼上装修噪音', content: '晚上十点后仍在装修', address: '2栋' })).body.data.id);
    expect(complaint.response_due_at - complaint.created_at).toBe(30 * 60_000);
  });

  it('gives an order inside a service area to the area\'s default handler at once, in every channel', async () => {
    const house = await houseOf(binjiang.id, area.building);
    const added = await order((await add(binjiang.id, { house_id: house.id })).body.data.id);
    expect([added.status, added.processor_id]).toEqual(['dispatched', area.handler]);
    const steps = (await admin.get(`${T}/timeline`, { id: added.id })).body.data.map((t: { action: string; staff_name: string; note: string }) => [t.action, t.staff_name, t.note]);
    expect(steps[1]).toEqual(['giveOut', '系统', `按服务区域「${area.name}」的默认处理人自动派单`]);
    const notice = await db().selectFrom('staff_message').select('content').where('staff_id', '=', area.handler).where('function_id', '=', String(added.id)).executeTakeFirstOrThrow();
    expect(String(notice.content)).toContain('已派给您');
    // A draft, once submitted.
    const draft = (await add(binjiang.id, { house_id: house.id, save_as_draft: true })).body.data.id;
    expect((await order(draft)).status).toBe('draft');
    await admin.post(`${T}/transition`, { id: draft, action: 'submit' });
    expect([(await order(draft)).status, (await order(draft)).processor_id]).toEqual(['dispatched', area.handler]);
    // Another module's intake (an event converted, a complaint from a call-back).
    const converted = await db().transaction().execute((trx) => intakeWorkOrder(server.app, trx, SYSTEM_ACTOR, { project_id: binjiang.id, kind: 'repair', title: '巡查发现入户门禁故障', content: '单元门禁无法刷卡', source: 'patrol', priority: 'normal', house_id: house.id, origin: '由事件转入' }));
    expect([(await order(converted.id)).status, (await order(converted.id)).processor_id]).toEqual(['dispatched', area.handler]);
    // Outside any area with a handler: waits for the dispatcher.
    expect((await order((await add(binjiang.id, { address: '东门岗亭' })).body.data.id)).status).toBe('pending');
  });

  it('keeps a default handler to someone who may handle orders at the area\'s project', async () => {
    const kefu = ((await db().selectFrom('staff').select('id').where('account', '=', 'kefu').executeTakeFirstOrThrow()) as { id: number }).id;
    const refused = await admin.post('/api/community/serviceArea/update', { id: area.id, handler_id: kefu });
    expect([refused.http, refused.body.message]).toEqual([400, '默认处理人须为本区域所属项目可处理工单的员工']);
    const listed = (await admin.post('/api/community/serviceArea/list', { pageSize: 50, filters: { handler_id: area.handler } })).body.data.records;
    expect(listed.some((r: { id: number; handler_id_label: string }) => r.id === area.id && r.handler_id_label)).toBe(true);
  });
});
