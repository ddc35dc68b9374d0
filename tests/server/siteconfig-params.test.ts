import { describe, expect, it } from 'vitest';
import { setUpApis, setUpServer } from '../support/setup.ts';
import { DEMO_PROJECTS } from '../../server/modules/org/demo.ts';
import { effectiveConfig } from '../../server/modules/siteconfig/public.ts';
import type { AnyDB } from '../../server/engine/hooks.ts';

/**
 * Parameters defined at run time (/opearator-manager/configuration, GlobalConfiguration,
 * projectConfiguration, /setProject, projectConfigurations): a project's value over the
 * company's over the default, read through one function; values of the key's type; batch
 * setting all or nothing within the caller's data scope; every change logged with before and after.
 */
const server = setUpServer();
const [admin, yunying, kefu] = setUpApis(server, 'admin', 'yunying', 'kefu');
const W = '/api/wxmanage';
const { cuihu, jinxiu, binjiang } = DEMO_PROJECTS;

const keyId = async (key: string) => ((await admin.post(`${W}/configKey/list`, { pageSize: 100 })).body.data.records as Record<string, any>[]).find((r) => r.key === key)!.id as number;
const effective = async (projectId: number, key: string) => (await yunying.get(`${W}/projectConfig/effective`, { projectId, key })).body.data as { value: unknown; source: string };
const log = async (key: number) => (await admin.post(`${W}/configChange/list`, { pageSize: 50, filters: { config_key_id: key } })).body.data.records as Record<string, any>[];

describe('project parameters', () => {
  it('resolve project over company over default, through the one server function and over HTTP', async () => {
    const db = server.app.db as unknown as AnyDB;
    await admin.post(`${W}/configKey/add`, { group_code: 'visitor', key: 'visitor_max_per_day', name: '每户每日访客上限', value_type: 'number', default_value: '10', project_scope: true });
    const id = await keyId('visitor_max_per_day');
    expect(await effectiveConfig(db, cuihu.id, 'visitor_max_per_day')).toEqual({ value: 10, source: 'default' });
    expect((await admin.post(`${W}/configKey/update`, { id, company_value: '20' })).body.message).toBe('保存成功');
    expect(await effectiveConfig(db, cuihu.id, 'visitor_max_per_day')).toEqual({ value: 20, source: 'company' });
    const set = await yunying.post(`${W}/projectConfig/add`, { project_id: cuihu.id, config_key_id: id, value: '30' });
    expect(set.body.message).toBe('新增成功');
    expect(await effectiveConfig(db, cuihu.id, 'visitor_max_per_day')).toEqual({ value: 30, source: 'project' });
    expect(await effectiveConfig(db, jinxiu.id, 'visitor_max_per_day')).toEqual({ value: 20, source: 'company' });
    expect(await effective(cuihu.id, 'visitor_max_per_day')).toEqual({ key: 'visitor_max_per_day', value: 30, source: 'project' });
    // A disabled parameter is absent for every reader.
    await admin.post(`${W}/configKey/enable`, { id, enabled: 0 });
    expect(await effectiveConfig(db, cuihu.id, 'visitor_max_per_day')).toBeUndefined();
    await admin.post(`${W}/configKey/enable`, { id, enabled: 1 });
    // Removing the project's value falls back to the company's; the log has every step with before and after.
    await yunying.post(`${W}/projectConfig/delete`, { ids: [set.body.data.id] });
    expect(await effectiveConfig(db, cuihu.id, 'visitor_max_per_day')).toEqual({ value: 20, source: 'company' });
    const steps = (await log(id)).map((r) => [r.level, r.project_ref ?? null, r.before_value ?? null, r.after_value ?? null]);
    expect(steps).toEqual(expect.arrayContaining([['company', null, null, '20'], ['project', cuihu.id, null, '30'], ['project', cuihu.id, '30', null]]));
    expect((await log(id)).find((r) => r.after_value === '30')!.changed_by_label).toBe('赵雅琪');
  });

  it('refuse a value not of the parameter\'s type or allowed values, and a company-only parameter per project', async () => {
    const channel = await keyId('payment_channel');
    const bad = await yunying.post(`${W}/projectConfig/add`, { project_id: cuihu.id, config_key_id: channel, value: '现金' });
    expect([bad.http, bad.body.message]).toEqual([400, '参数「默认缴费渠道」只能是：微信支付、支付宝、银行代扣']);
    const hours = await keyId('visitor_valid_hours');
    expect((await yunying.post(`${W}/projectConfig/update`, { id: 1, value: 'abc' })).http).toBeGreaterThanOrEqual(400);
    const notNumber = await yunying.post(`${W}/projectConfig/batchSet`, { configKeyId: hours, projectIds: [cuihu.id, jinxiu.id], value: '八小时' });
    expect([notNumber.http, notNumber.body.message]).toEqual([400, '参数「访客码有效时长（小时）」须是数字']);
    const billDay = await keyId('bill_day');
    const global = await yunying.post(`${W}/projectConfig/add`, { project_id: cuihu.id, config_key_id: billDay, value: '3' });
    expect([global.http, global.body.message]).toEqual([400, '参数「账单生成日」为全局参数，不能按项目设置']);
    const enumNoOptions = await admin.post(`${W}/configKey/add`, { group_code: 'app', key: 'app_theme', name: '主题色', value_type: 'enum', default_value: '蓝' });
    expect([enumNoOptions.http, enumNoOptions.body.message]).toEqual([400, '选项类型的参数须填写可选值']);
    // Narrowing the options under a project's value is refused, naming the project.
    const narrowed = await admin.post(`${W}/configKey/update`, { id: channel, options: ['微信支付', '支付宝'] });
    expect([narrowed.http, narrowed.body.message]).toEqual([400, '项目「锦绣华庭」的值「银行代扣」不符合修改后的类型或可选值，请先调整该项目的值']);
  });

  it('/setProject: a form generated from the parameters, saving only what differs from the inherited value', async () => {
    const sheet = (await yunying.get(`${W}/projectConfig/projectForm`, { projectId: jinxiu.id })).body.data;
    expect(sheet.project.name).toBe('锦绣华庭');
    const items = sheet.form.items as { key: string; component: string; options?: string[] }[];
    expect(items.find((i) => i.key === 'online_repair')!.component).toBe('Switch');
    expect(items.find((i) => i.key === 'payment_channel')!.options).toEqual(['微信支付', '支付宝', '银行代扣']);
    expect(items.some((i) => i.key === 'bill_day')).toBe(false);
    expect(sheet.values.paid_repair).toBe(false);
    expect(sheet.sources.paid_repair.source).toBe('project');
    const saved = await yunying.post(`${W}/projectConfig/saveProject`, { projectId: jinxiu.id, values: { ...sheet.values, online_repair: false, paid_repair: true } });
    expect(saved.body.message).toBe('已保存 2 项参数');
    expect(await effective(jinxiu.id, 'online_repair')).toEqual({ key: 'online_repair', value: false, source: 'project' });
    // paid_repair back to what the company gives: the project's own value is gone.
    expect(await effective(jinxiu.id, 'paid_repair')).toEqual({ key: 'paid_repair', value: true, source: 'company' });
    const bad = await yunying.post(`${W}/projectConfig/saveProject`, { projectId: jinxiu.id, values: { online_repair: true, visitor_valid_hours: 'x' } });
    expect([bad.http, bad.body.message]).toEqual([400, '参数「访客码有效时长（小时）」须是数字']);
    expect((await effective(jinxiu.id, 'online_repair')).value).toBe(false);
  });

  it('batch-sets one parameter for many projects, all or none, only within the caller\'s data scope', async () => {
    const face = await keyId('face_access');
    const outside = await yunying.post(`${W}/projectConfig/batchSet`, { configKeyId: face, projectIds: [jinxiu.id, binjiang.id], value: true });
    expect([outside.http, outside.body.message]).toEqual([404, '项目不存在或不在您的数据范围内']);
    expect((await effective(jinxiu.id, 'face_access')).value).toBe(false);
    const done = await yunying.post(`${W}/projectConfig/batchSet`, { configKeyId: face, projectIds: [cuihu.id, jinxiu.id], value: true });
    expect(done.body.message).toBe('已为 2 个项目设置参数');
    const overview = (await yunying.get(`${W}/projectConfig/overview`)).body.data;
    expect(overview.rows.map((r: any) => r.name)).toEqual(['翠湖天地', '锦绣华庭']);
    expect(overview.rows.map((r: any) => r.cells.face_access.value)).toEqual([true, true]);
    expect((await log(face)).filter((r) => r.project_ref === jinxiu.id && r.after_value === '1').length).toBe(1);
    // The regional specialist sees no other region's project values nor their log.
    const values = (await yunying.post(`${W}/projectConfig/list`, { pageSize: 100 })).body.data.records as Record<string, any>[];
    expect(values.every((r) => [cuihu.id, jinxiu.id].includes(r.project_id))).toBe(true);
    const changes = (await yunying.post(`${W}/configChange/list`, { pageSize: 200 })).body.data.records as Record<string, any>[];
    expect(changes.some((r) => r.project_ref === binjiang.id)).toBe(false);
    expect(changes.some((r) => r.level === 'company')).toBe(true);
    // Customer service holds none of it.
    expect((await kefu.post(`${W}/projectConfig/batchSet`, { configKeyId: face, projectIds: [cuihu.id], value: false })).http).toBe(403);
  });

  it('repair price list: the unit price is labour plus material, priced per service type', async () => {
    const types = (await yunying.get(`${W}/repairItem/serviceTypes`)).body.data as { label: string; value: number }[];
    const plumbing = types.find((t) => t.label === '户内维修 / 水电维修')!;
    const demo = (await yunying.post(`${W}/repairItem/list`, { pageSize: 50, filters: { service_type_id: plumbing.value } })).body.data.records as Record<string, any>[];
    expect(demo.find((r) => r.item_name === '更换水龙头')!.total_price).toBe(75);
    const item = { service_type_id: plumbing.value, item_name: '更换角阀', unit: 'piece', labour_fee: 25, material_fee: 18.5, warranty_days: 180 };
    expect((await yunying.post(`${W}/repairItem/add`, { ...item, total_price: 1 })).body.message).toBe('不允许的字段 total_price');
    const added = await yunying.post(`${W}/repairItem/add`, item);
    expect(added.body.message).toBe('新增成功');
    expect((await yunying.get(`${W}/repairItem/detail`, { id: added.body.data.id })).body.data.total_price).toBe(43.5);
    await yunying.post(`${W}/repairItem/update`, { id: added.body.data.id, material_fee: 30 });
    expect((await yunying.get(`${W}/repairItem/detail`, { id: added.body.data.id })).body.data.total_price).toBe(55);
    const twice = await yunying.post(`${W}/repairItem/add`, { service_type_id: plumbing.value, item_name: '更换角阀', unit: 'piece', labour_fee: 25, material_fee: 0, warranty_days: 0 });
    expect(twice.http).toBe(409);
    expect((await kefu.get(`${W}/repairItem/serviceTypes`)).http).toBe(403);
  });

  it('door-card rules: one per card type and project, within the caller\'s projects', async () => {
    const mine = (await yunying.post(`${W}/doorCardRule/list`, { pageSize: 50 })).body.data.records as Record<string, any>[];
    expect(new Set(mine.map((r) => r.project_id))).toEqual(new Set([cuihu.id, jinxiu.id]));
    const twice = await yunying.post(`${W}/doorCardRule/add`, { project_id: cuihu.id, card_type: 'ic', max_per_house: 2, validity_days: 365, deposit: 0, fee: 0 });
    expect(twice.http).toBe(409);
    expect((await yunying.post(`${W}/doorCardRule/add`, { project_id: jinxiu.id, card_type: 'ble', max_per_house: 2, validity_days: 365, deposit: 0, fee: 0 })).body.message).toBe('新增成功');
    expect((await yunying.post(`${W}/doorCardRule/add`, { project_id: binjiang.id, card_type: 'qr', max_per_house: 2, validity_days: 1, deposit: 0, fee: 0 })).http).toBe(403);
  });
});
