import { beforeAll, describe, expect, it } from 'vitest';
import type { Api } from '../support/api.ts';
import { downloadSheet } from '../support/exports.ts';
import { PNG, uploadFile } from '../support/patrol.ts';
import { setUpApis, setUpServer } from '../support/setup.ts';
import { DEMO_PROJECTS } from '../../server/modules/org/public.ts';

/**
 * The work order lifecycle (schemas/workorder/resources/work_order.json, server/modules/workorder/): every move,
 * its notices and timeline, and its refusals for a wrong state, a wrong person and a missing
 * permission. Demo accounts: kefu (customer service), diaodu (dispatcher), weixiu (technician),
 * xmjl (project manager), all at 翠湖天地.
 */
const server = setUpServer();
const [admin, kefu, diaodu, weixiu, xmjl, colleague] = setUpApis(server, 'admin', 'kefu', 'diaodu', 'weixiu', 'xmjl', 'p1s1');
const T = '/api/mkf/questionTask';
const ids: Record<string, number> = {};
const project = DEMO_PROJECTS.cuihu.id;
let house: { id: number; customer: number };

const db = () => server.app.db;
const idOf = async (account: string) => (await db().selectFrom('staff').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id;
const order = async (id: number) => (await admin.get(`${T}/detail`, { id })).body.data;
const move = (api: Api, id: number, action: string, values?: Record<string, unknown>, note?: string) => api.post(`${T}/transition`, { id, action, values, note });
/** The notices a staff member got about an order: [category, type, content]. */
const notices = async (account: string, id: number) =>
  (await db().selectFrom('staff_message').select(['category', 'type', 'content']).where('staff_id', '=', await idOf(account)).where('function_id', '=', String(id)).orderBy('id').execute()).map((n) => [n.category, n.type, n.content]);
const steps = async (id: number) => (await admin.get(`${T}/timeline`, { id })).body.data.map((t: { action: string; to_state: string; staff_name: string }) => [t.action, t.to_state, t.staff_name]);

async function create(values: Record<string, unknown> = {}): Promise<number> {
  const answer = await kefu.post(`${T}/add`, { project_id: project, kind: 'repair', title: '卫生间水龙头漏水', content: '业主来电：卫生间洗手盆水龙头一直滴水', house_id: house.id, customer_id: house.customer, ...values });
  expect(answer.body.message).toBe('新增成功');
  return answer.body.data.id;
}

/** An order given out to weixiu and accepted by him. */
async function processing(): Promise<number> {
  const id = await create();
  expect((await move(diaodu, id, 'giveOut', { processor_id: ids.weixiu })).http).toBe(200);
  expect((await move(weixiu, id, 'accept')).http).toBe(200);
  return id;
}

beforeAll(async () => {
  for (const a of ['kefu', 'diaodu', 'weixiu', 'xmjl', 'p1s1', 'p2s1']) ids[a] = await idOf(a);
  const c = await db().selectFrom('customer').select(['id', 'house_id']).where('project_id', '=', project).where('house_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
  house = { id: c.house_id!, customer: c.id };
});

describe('work order lifecycle', () => {
  it('creates an order: code, AI classification, location and contact from the house and customer, SLA limits, a notice to the dispatcher', async () => {
    const before = Date.now();
    const id = await create();
    const o = await order(id);
    const customer = await db().selectFrom('customer').select(['name', 'mobile']).where('id', '=', house.customer).executeTakeFirstOrThrow();
    expect(o).toMatchObject({ status: 'pending', service_type_id_label: '水电维修', contact_name: customer.name, contact_phone: `${customer.mobile.slice(0, 3)}****${customer.mobile.slice(-4)}`, sla_state: 'normal', project_name: DEMO_PROJECTS.cuihu.name });
    expect(o.code).toMatch(/^WO\d{8}\d{5}$/);
    expect(o.address).toMatch(/^\d栋 \d单元 \d+$/);
    // 水电维修: respond within 30 minutes, handle within 4 hours.
    expect(o.response_due_at - o.created_at).toBe(30 * 60_000);
    expect(o.finish_due_at - o.created_at).toBe(4 * 3_600_000);
    expect(o.created_at).toBeGreaterThanOrEqual(before);
    // 水电维修 names 王师傅 as its processor: the dispatcher is told so.
    expect(await notices('diaodu', id)).toEqual([['1', '121', `新工单 ${o.code}「卫生间水龙头漏水」待派单（${o.address}），建议派给：王师傅`]]);
    expect(await steps(id)).toEqual([['create', 'pending', '林晓雯']]);
  });

  it('goes from dispatch to evaluation: each step in the timeline, each one who gets work notified', async () => {
    const id = await create({ reserve_at: '2026-12-01 09:30' });
    const code = (await order(id)).code;

    expect((await move(diaodu, id, 'giveOut', { processor_id: ids.weixiu }, '业主下午在家')).body.message).toBe('派单成功');
    expect(await order(id)).toMatchObject({ status: 'dispatched', processor_id: ids.weixiu, dispatcher_id_label: '周建国' });
    expect((await notices('weixiu', id))[0]).toEqual(['1', '121', `工单 ${code}「卫生间水龙头漏水」已派给您，预约 2026-12-01 09:30 上门，请在 30 分钟内接单（${(await order(id)).address}）`]);

    expect((await move(weixiu, id, 'accept')).body.data.state).toBe('processing');
    expect((await order(id)).accepted_at).toBeGreaterThan(0);

    const materials = [{ name: '水龙头阀芯', quantity: 1, price: 35 }];
    const handled = await move(weixiu, id, 'handle', { handle_result: '更换阀芯，试水无渗漏', materials, handle_photos: [(await uploadFile(weixiu, '/api/file/upload', PNG, 'done.png')).body.data.cdnUrl] });
    expect(handled.body.message).toBe('处理完成');
    expect(await order(id)).toMatchObject({ status: 'to_confirm', handle_result: '更换阀芯，试水无渗漏', materials });
    // The order's creator confirms it: the notice goes to her, not to every customer service colleague.
    expect((await notices('kefu', id)).at(-1)).toEqual(['1', '121', `工单 ${code}「卫生间水龙头漏水」已由 王师傅 处理完成，请回访业主并确认`]);
    const inventory = await kefu.get(`${T}/inventory`, { taskCode: code });
    expect(inventory.body.data).toEqual({ taskCode: code, records: [{ ...materials[0], amount: 35 }], total: 35 });

    expect((await move(kefu, id, 'confirm', undefined, '业主确认已修好')).body.data.state).toBe('finished');
    expect((await move(kefu, id, 'evaluate', { evaluation_score: 5, evaluation_content: '师傅很专业' })).body.data.state).toBe('closed');
    expect((await notices('weixiu', id)).at(-1)).toEqual(['2', '154', `业主对工单 ${code}「卫生间水龙头漏水」评价 5 星：师傅很专业`]);
    expect((await move(kefu, id, 'addEvaluate', { add_evaluation: '一周后仍然正常' })).http).toBe(200);
    const twice = await move(kefu, id, 'addEvaluate', { add_evaluation: '再评一次' });
    expect([twice.http, twice.body.message]).toEqual([409, '该工单已追加过评价，每张工单只能追加一次']);
    expect(await order(id)).toMatchObject({ status: 'closed', evaluation_score: 5, add_evaluation: '一周后仍然正常' });

    expect(await steps(id)).toEqual([
      ['create', 'pending', '林晓雯'],
      ['giveOut', 'dispatched', '周建国'],
      ['accept', 'processing', '王师傅'],
      ['handle', 'to_confirm', '王师傅'],
      ['confirm', 'finished', '林晓雯'],
      ['evaluate', 'closed', '林晓雯'],
      ['addEvaluate', 'closed', '林晓雯'],
    ]);
    const timeline = (await admin.get(`${T}/timeline`, { id })).body.data;
    expect(timeline[1]).toMatchObject({ actionText: '派单', stateText: '待接单', note: '业主下午在家' });
  });

  it('refuses a move in the wrong state, by the wrong person, or without the permission, and changes nothing', async () => {
    const id = await create();
    const early = await move(weixiu, id, 'accept');
    // Not yet his: the technician does not even see the order.
    expect([early.http, early.body.message]).toEqual([404, '工单不存在或已被删除']);
    const wrongState = await move(admin, id, 'accept');
    expect([wrongState.http, wrongState.body.message]).toEqual([409, '当前状态为「待派单」，不能接单']);
    const noPermission = await move(kefu, id, 'giveOut', { processor_id: ids.weixiu });
    expect([noPermission.http, noPermission.body.message]).toEqual([403, '没有权限执行该操作（需要「派单、派至抢单池、收回」权限）']);
    const noProcessor = await move(diaodu, id, 'giveOut', {});
    expect([noProcessor.http, noProcessor.body.message]).toEqual([400, '请填写处理人']);
    const elsewhere = await move(diaodu, id, 'giveOut', { processor_id: ids.p2s1 });
    expect([elsewhere.http, elsewhere.body.message]).toEqual([400, '所选处理人不在该工单的项目，或没有处理工单的权限']);
    const notATechnician = await move(diaodu, id, 'giveOut', { processor_id: ids.kefu });
    expect(notATechnician.body.message).toBe('所选处理人不在该工单的项目，或没有处理工单的权限');
    expect((await order(id)).status).toBe('pending');
    expect(await steps(id)).toEqual([['create', 'pending', '林晓雯']]);

    expect((await move(diaodu, id, 'giveOut', { processor_id: ids.weixiu })).http).toBe(200);
    const notHis = await move(admin, id, 'accept');
    expect([notHis.http, notHis.body.message]).toEqual([403, '只有处理人本人可以接单']);
    // Another technician of the project sees neither the order nor its details.
    expect((await colleague.get(`${T}/detail`, { id })).http).toBe(404);
    expect((await move(weixiu, id, 'accept')).http).toBe(200);

    const edit = await kefu.post(`${T}/update`, { id, title: '改个标题' });
    expect([edit.http, edit.body.message]).toEqual([409, '当前状态为「处理中」，不能修改工单']);
    const remove = await kefu.post(`${T}/delete`, { ids: [id] });
    expect([remove.http, remove.body.message]).toEqual([409, '只能删除草稿；当前状态为「处理中」的工单请走异常关闭']);
    const badMaterials = await move(weixiu, id, 'handle', { handle_result: '已修好', materials: [{ name: '阀芯', quantity: 0 }] });
    expect([badMaterials.http, badMaterials.body.message]).toEqual([400, '材料「阀芯」的数量应大于 0']);
    const badPhotos = await move(weixiu, id, 'handle', { handle_result: '已修好', handle_photos: ['https://evil.example.com/x.jpg'] });
    expect(badPhotos.body.message).toBe('处理照片中有文件不是本系统上传的文件，请重新上传');
    const noResult = await move(weixiu, id, 'handle', {});
    expect(noResult.body.message).toBe('请填写处理结果');
    expect(await order(id)).toMatchObject({ status: 'processing', handle_result: null, materials: null });
    const toSelf = await move(weixiu, id, 'transfer', { processor_id: ids.weixiu }, '我自己');
    expect([toSelf.http, toSelf.body.message]).toEqual([400, '不能把工单转给自己']);
    const noReason = await move(weixiu, id, 'transfer', { processor_id: ids.p1s1 });
    expect(noReason.body.message).toBe('请填写转单说明');
  });

  it('gives an order to the seize pool of a post: its members are told, one of them seizes it', async () => {
    const id = await create({ kind: 'home_service', title: '家电清洗预约', content: '油烟机清洗' });
    const post = (await db().selectFrom('post').select('id').where('org_id', '=', project).where('name', '=', '维修工程师').executeTakeFirstOrThrow()).id;
    const managers = (await db().selectFrom('post').select('id').where('org_id', '=', project).where('name', '=', '项目经理').executeTakeFirstOrThrow()).id;
    const nobody = await move(diaodu, id, 'giveOutPost', { post_id: managers });
    expect([nobody.http, nobody.body.message]).toEqual([400, '岗位「项目经理」没有可以抢单的人员，请选择其他岗位或直接派单']);
    expect((await move(diaodu, id, 'giveOutPost', { post_id: post })).body.data.state).toBe('pool');
    const code = (await order(id)).code;
    expect((await notices('weixiu', id))[0]).toEqual(['1', '109', `抢单池有新工单 ${code}「家电清洗预约」（${(await order(id)).address}），先到先得`]);
    const pool = (await weixiu.post(`${T}/list`, { pageSize: 100, filters: { view: 'pool' } })).body.data.records.map((r: { id: number }) => r.id);
    expect(pool).toContain(id);
    // Whoever is not in the post may not seize, whatever their permissions.
    const outsider = await move(admin, id, 'seize');
    expect([outsider.http, outsider.body.message]).toEqual([403, '只有「维修工程师」岗位的人员可以抢这张工单']);
    expect((await move(weixiu, id, 'seize')).body.message).toBe('抢单成功');
    expect(await order(id)).toMatchObject({ status: 'processing', processor_id: ids.weixiu });
    expect((await notices('diaodu', id)).at(-1)).toEqual(['2', 'workorder_progress', `工单 ${code}「家电清洗预约」已被 王师傅 抢单`]);
    const again = await move(colleague, id, 'seize');
    expect(again.http).toBe(404);
    const mine = (await weixiu.post(`${T}/list`, { pageSize: 100, filters: { view: 'mine' } })).body.data.records.map((r: { id: number }) => r.id);
    expect(mine).toContain(id);
  });

  it('suspends and closes abnormally only through the project manager’s approval; a suspension pauses the finish clock', async () => {
    const id = await processing();
    const code = (await order(id)).code;
    expect((await move(weixiu, id, 'hangUp', {})).body.message).toBe('请填写挂起原因');
    expect((await move(weixiu, id, 'hangUp', { hang_reason: '等待配件到货', hang_until: '2026-12-03 10:00' })).body.data.state).toBe('hangup_pending');
    expect((await notices('xmjl', id)).at(-1)).toEqual(['1', '121', `王师傅 申请挂起工单 ${code}「卫生间水龙头漏水」，原因：等待配件到货，请审批`]);
    const approvals = (await xmjl.post(`${T}/list`, { pageSize: 100, filters: { view: 'hangUp', status: ['hangup_pending'] } })).body.data.records.map((r: { id: number }) => r.id);
    expect(approvals).toContain(id);
    const byTechnician = await move(weixiu, id, 'hangUpAgree');
    expect(byTechnician.http).toBe(403);
    expect((await move(xmjl, id, 'hangUpReject')).body.message).toBe('请填写驳回挂起说明');
    expect((await move(xmjl, id, 'hangUpReject', undefined, '配件本地可买到')).body.data.state).toBe('processing');
    expect((await notices('weixiu', id)).at(-1)).toEqual(['1', '103', `工单 ${code}「卫生间水龙头漏水」的挂起申请被驳回，说明：配件本地可买到，请继续处理`]);

    await move(weixiu, id, 'hangUp', { hang_reason: '业主出差一周' });
    expect((await move(xmjl, id, 'hangUpAgree')).body.data.state).toBe('suspended');
    const suspended = await order(id);
    // Ten minutes later the processor resumes: the finish limit moves by the ten minutes.
    await db().updateTable('work_order').set({ suspended_at: suspended.suspended_at - 10 * 60_000 }).where('id', '=', id).execute();
    expect((await move(weixiu, id, 'resume')).body.data.state).toBe('processing');
    const resumed = await order(id);
    expect(resumed.finish_due_at - suspended.finish_due_at).toBeGreaterThanOrEqual(10 * 60_000);
    expect(resumed.finish_due_at - suspended.finish_due_at).toBeLessThan(11 * 60_000);
    expect(resumed.suspended_at).toBeNull();

    expect((await move(weixiu, id, 'improper', { improper_reason: '重复报事' })).body.data.state).toBe('improper_pending');
    expect((await move(xmjl, id, 'improperReject', undefined, '不是重复单')).body.data.state).toBe('processing');
    await move(weixiu, id, 'improper', { improper_reason: '业主撤销报事' });
    expect((await move(xmjl, id, 'improperAgree')).body.data.state).toBe('improper_closed');
    expect((await order(id)).closed_at).toBeGreaterThan(0);

    // A new order from the abnormally closed one, linked to it, waits for dispatch again.
    expect((await move(kefu, id, 'regenerateImproper')).http).toBe(200);
    const fresh = await db().selectFrom('work_order').selectAll().where('source_order_id', '=', id).executeTakeFirstOrThrow();
    expect(fresh).toMatchObject({ status: 'pending', title: '卫生间水龙头漏水', house_id: house.id, customer_id: house.customer, created_by: ids.kefu });
    expect(await steps(fresh.id)).toEqual([['create', 'pending', '林晓雯']]);
    expect((await admin.get(`${T}/timeline`, { id })).body.data.at(-1)).toMatchObject({ actionText: '重新生成', note: `已生成新工单 ${fresh.code}` });
    expect((await notices('diaodu', fresh.id)).at(-1)).toEqual(['1', '121', `新工单 ${fresh.code}「卫生间水龙头漏水」待派单（${fresh.address}，由工单 ${code} 重新生成），建议派给：王师傅`]);
  });

  it('rejects a handled order back to the processor, closes, restarts and regenerates', async () => {
    const id = await processing();
    const code = (await order(id)).code;
    await move(weixiu, id, 'handle', { handle_result: '已处理' });
    expect((await move(kefu, id, 'reject')).body.message).toBe('请填写驳回说明');
    expect((await move(kefu, id, 'reject', undefined, '业主反映仍在滴水')).body.data.state).toBe('processing');
    expect((await order(id)).handled_at).toBeNull();
    expect((await notices('weixiu', id)).at(-1)).toEqual(['1', '103', `工单 ${code}「卫生间水龙头漏水」被驳回，说明：业主反映仍在滴水，请重新处理`]);
    await move(weixiu, id, 'handle', { handle_result: '更换整只水龙头' });
    await move(kefu, id, 'confirm');
    expect((await move(kefu, id, 'close')).body.data.state).toBe('closed');
    const noEvaluation = await move(kefu, id, 'addEvaluate', { add_evaluation: '好' });
    expect([noEvaluation.http, noEvaluation.body.message]).toEqual([409, '该工单尚未评价，不能追加评价']);
    expect((await move(kefu, id, 'restart')).body.message).toBe('请填写重启说明');
    expect((await move(kefu, id, 'restart', undefined, '业主来电：又漏水了')).body.data.state).toBe('dispatched');
    expect(await order(id)).toMatchObject({ processor_id: ids.weixiu, handled_at: null, finished_at: null, accepted_at: null, sla_state: 'normal' });
    expect((await notices('weixiu', id)).at(-1)).toEqual(['1', '103', `工单 ${code}「卫生间水龙头漏水」已重启，说明：业主来电：又漏水了，请在 30 分钟内接单`]);
    const transfer = await move(weixiu, id, 'transfer', { processor_id: ids.p1s1 }, '今天请假');
    expect(transfer.body.data.state).toBe('dispatched');
    expect((await notices('p1s1', id)).at(-1)).toEqual(['1', '103', `王师傅 把工单 ${code}「卫生间水龙头漏水」转给了您，说明：今天请假，请在 30 分钟内接单`]);
    expect((await colleague.get(`${T}/detail`, { id })).body.data.processor_id).toBe(ids.p1s1);
    expect((await weixiu.get(`${T}/detail`, { id })).http).toBe(404);
  });

  it('urges whoever the order waits for, and updates the appointment', async () => {
    const id = await create();
    const code = (await order(id)).code;
    expect((await move(kefu, id, 'urge_pending', undefined, '业主很着急')).body.message).toBe('催办成功');
    expect((await notices('diaodu', id)).at(-1)).toEqual(['1', '121', `林晓雯 第 1 次催办工单 ${code}「卫生间水龙头漏水」：业主很着急，请尽快派单`]);
    await move(diaodu, id, 'giveOut', { processor_id: ids.weixiu });
    await move(weixiu, id, 'accept');
    expect((await move(kefu, id, 'urge_processing')).http).toBe(200);
    expect((await notices('weixiu', id)).at(-1)).toEqual(['1', '103', `林晓雯 第 2 次催办工单 ${code}「卫生间水龙头漏水」，请尽快处理`]);
    expect(await order(id)).toMatchObject({ urge_count: 2, status: 'processing' });
    const noUrge = await move(weixiu, id, 'urge_processing');
    expect(noUrge.http).toBe(403);

    expect((await move(weixiu, id, 'reserve', {})).body.message).toBe('请填写预约时间');
    expect((await move(weixiu, id, 'reserve', { reserve_at: '明天上午' })).body.message).toBe('预约时间：请按 2026-11-30 09:00 的格式填写');
    expect((await move(weixiu, id, 'reserve', { reserve_at: '2026-12-02 14:00' }, '业主改到下午')).body.data.state).toBe('processing');
    expect((await order(id)).reserve_at).toBe('2026-12-02 14:00');
    expect((await notices('kefu', id)).at(-1)).toEqual(['2', 'workorder_progress', `工单 ${code}「卫生间水龙头漏水」的预约时间已改为 2026-12-02 14:00，说明：业主改到下午，请告知业主`]);
  });

  it('exports orders with the names of their states, not the codes', async () => {
    const id = await create({ title: '导出状态名称' });
    await move(diaodu, id, 'giveOut', { processor_id: ids.weixiu });
    const { status, rows } = await downloadSheet(admin, `${T}/export`, { title: '导出状态名称' });
    expect(status).toBe(200);
    const state = (rows[0] as string[]).indexOf('工单状态');
    expect(rows.slice(1).map((r) => r[state])).toEqual(['待接单']);
  });

  it('exports the house and the customer by the names the order form picks them by, not their ids', async () => {
    await create({ title: '导出房屋客户名称' });
    const h = await db().selectFrom('house').select(['building_name', 'unit_no', 'room_no']).where('id', '=', house.id).executeTakeFirstOrThrow();
    const customer = await db().selectFrom('customer').select('name').where('id', '=', house.customer).executeTakeFirstOrThrow();
    const { status, rows } = await downloadSheet(admin, `${T}/export`, { title: '导出房屋客户名称' });
    expect(status).toBe(200);
    const [header, ...orders] = rows as string[][];
    expect(orders.map((r) => [r[header!.indexOf('房屋')], r[header!.indexOf('客户')]])).toEqual([[`${h.building_name} ${h.unit_no}单元 ${h.room_no}`, customer.name]]);
    // The order form's house picker names it the same way.
    const picker = (await kefu.get(`${T}/assets`, { projectId: project })).body.data.flatMap((b: { children: { label: string; value: number }[] }) => b.children);
    expect(picker.find((c: { value: number }) => c.value === house.id).label).toBe(`${h.building_name} ${h.unit_no}单元 ${h.room_no}`);
  });

  it('saves a draft without telling anybody, lists it for its author only, edits, submits and deletes drafts', async () => {
    const id = await create({ save_as_draft: true, title: '阳台推拉门卡滞' });
    expect((await order(id)).status).toBe('draft');
    expect(await notices('diaodu', id)).toEqual([]);
    expect(await steps(id)).toEqual([['create', 'draft', '林晓雯']]);
    const drafts = async (api: Api) => (await api.post(`${T}/list`, { pageSize: 100, filters: { view: 'drafts' } })).body.data.records.map((r: { id: number }) => r.id);
    expect(await drafts(kefu)).toContain(id);
    expect(await drafts(diaodu)).not.toContain(id);
    const all = (await kefu.post(`${T}/list`, { pageSize: 200, filters: { view: 'all' } })).body.data.records.map((r: { id: number }) => r.id);
    expect(all).not.toContain(id);

    expect((await kefu.post(`${T}/update`, { id, title: '阳台推拉门卡住打不开', save_as_draft: false })).body.message).toBe('保存成功');
    expect(await order(id)).toMatchObject({ status: 'draft', title: '阳台推拉门卡住打不开', service_type_id_label: '门窗维修' });
    expect((await move(kefu, id, 'submit')).body.data.state).toBe('pending');
    expect((await order(id)).response_due_at).toBeGreaterThan(0);
    expect((await notices('diaodu', id)).length).toBe(1);

    const other = await create({ save_as_draft: true });
    expect((await kefu.post(`${T}/delete`, { ids: [other] })).body.message).toBe('删除成功');
    expect(await db().selectFrom('resource_timeline').select('id').where('resource', '=', 'work_order').where('record_id', '=', other).execute()).toEqual([]);
  });

  it('checks the order’s place: house and customer of its project, a service type of its kind', async () => {
    const otherProject = DEMO_PROJECTS.jinxiu.id;
    const foreignHouse = (await db().selectFrom('house').innerJoin('building', 'building.id', 'house.building_id').select('house.id').where('building.project_id', '=', otherProject).executeTakeFirstOrThrow()).id;
    const add = (values: Record<string, unknown>) => kefu.post(`${T}/add`, { project_id: project, kind: 'repair', title: '报修', content: '内容', ...values });
    expect((await add({ house_id: foreignHouse })).body.message).toBe('所选房屋不属于该工单的项目');
    expect((await add({ address: null })).body.message).toBe('请选择房屋或填写报事位置');
    const category = (await db().selectFrom('service_type' as never).select('id' as never).where('name' as never, '=', '户内维修' as never).executeTakeFirstOrThrow()) as { id: number };
    expect((await add({ address: '3栋电梯厅', service_type_id: category.id })).body.message).toBe('「户内维修」是服务类别，请选择其下的具体服务类型');
    const complaint = (await db().selectFrom('service_type' as never).select('id' as never).where('name' as never, '=', '噪音扰民' as never).executeTakeFirstOrThrow()) as { id: number };
    expect((await add({ address: '3栋电梯厅', service_type_id: complaint.id })).body.message).toBe('服务类型「噪音扰民」不属于所选的工单类型');
    expect((await add({ address: '3栋电梯厅', contact_phone: '12345' })).body.message).toBe('联系电话：请填写 11 位手机号或带区号的固定电话');
    const outside = await kefu.post(`${T}/add`, { project_id: otherProject, kind: 'repair', title: '报修', content: '内容', address: '1栋' });
    expect([outside.http, outside.body.message]).toEqual([403, '不能在权限范围以外的项目中新增记录']);
    const forged = await kefu.post(`${T}/add`, { project_id: project, kind: 'repair', title: '报修', content: '内容', address: '1栋', processor_id: ids.weixiu });
    expect(forged.body.message).toBe('不允许的字段 processor_id');
  });

  it('recalls an order nobody took within 30 minutes, as 系统, and tells the dispatcher', async () => {
    const id = await create();
    await move(diaodu, id, 'giveOut', { processor_id: ids.weixiu });
    const code = (await order(id)).code;
    await server.app.workflowTimers.run(Date.now() + 29 * 60_000);
    expect((await order(id)).status).toBe('dispatched');
    await server.app.workflowTimers.run(Date.now() + 31 * 60_000);
    expect(await order(id)).toMatchObject({ status: 'pending', processor_id: null });
    const last = (await admin.get(`${T}/timeline`, { id })).body.data.at(-1);
    expect([last.actionText, last.staff_name, last.note]).toEqual(['收回', '系统', '超过 30 分钟未处理，系统自动收回']);
    expect((await notices('diaodu', id)).at(-1)).toEqual(['1', 'pending_receive_msg', `工单 ${code}「卫生间水龙头漏水」超时无人接单，已退回待派单，请重新派单`]);
    expect((await notices('weixiu', id)).at(-1)).toEqual(['2', 'pending_receive_msg', `工单 ${code}「卫生间水龙头漏水」接单超时，已由系统收回`]);
  });

  it('answers each user’s to-dos for the landing page', async () => {
    const todo = (api: Api) => api.get(`${T}/todo`).then((a) => a.body.data);
    const technician = await todo(weixiu);
    expect(technician.items.map((i: { key: string }) => i.key)).toEqual(['handle', 'seize']);
    expect(technician.figures).toBeNull();
    const manager = await todo(xmjl);
    expect(manager.items.map((i: { key: string }) => i.key)).toEqual(['dispatch', 'hangUp', 'improper']);
    const waiting = await db().selectFrom('work_order').select((eb) => eb.fn.countAll<number>().as('n')).where('project_id', '=', project).where('status', '=', 'hangup_pending').executeTakeFirstOrThrow();
    expect(manager.items[1]).toEqual({ key: 'hangUp', title: '挂起申请待审批', route: '/approve-manager/hangUp', count: Number(waiting.n) });
    expect(Object.keys(manager.figures)).toEqual(['reported', 'handled', 'open', 'overdue', 'satisfaction']);
  });
});
