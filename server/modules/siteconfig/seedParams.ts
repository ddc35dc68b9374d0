import type { SeedContext } from '../../engine/module.ts';
import { DEMO_PROJECTS, DEMO_STAFF } from '../org/public.ts';

type Key = [group: string, key: string, name: string, type: string, options: string[] | null, defaultValue: string, companyValue: string | null, projectScope: boolean, remark: string];
/** The parameters the owner app and the services read, as the company set them up. */
const KEYS: Key[] = [
  ['app', 'app_enabled', '业主App开通', 'boolean', null, '0', '1', true, '项目是否已开通业主端 App'],
  ['repair', 'online_repair', '在线报修', 'boolean', null, '1', null, true, '业主可在 App 上提交报修'],
  ['repair', 'paid_repair', '有偿维修', 'boolean', null, '0', '1', true, '开放户内有偿维修服务'],
  ['repair', 'repair_response_minutes', '报修响应时限（分钟）', 'number', null, '30', null, true, '报修后须在此时间内接单'],
  ['payment', 'online_payment', '在线缴费', 'boolean', null, '0', '1', true, '业主可在 App 上缴纳物业费'],
  ['payment', 'payment_channel', '默认缴费渠道', 'enum', ['微信支付', '支付宝', '银行代扣'], '微信支付', null, true, '账单默认的支付方式'],
  ['payment', 'bill_day', '账单生成日', 'number', null, '1', '5', false, '每月几号生成物业费账单（全公司统一）'],
  ['visitor', 'visitor_pass', '访客通行', 'boolean', null, '1', null, true, '业主可为访客生成通行码'],
  ['visitor', 'visitor_valid_hours', '访客码有效时长（小时）', 'number', null, '4', null, true, '访客通行码自生成起的有效时长'],
  ['access', 'face_access', '人脸开门', 'boolean', null, '0', null, true, '业主可登记人脸开门'],
  ['service', 'service_hotline', '客服热线', 'string', null, '400-820-6688', null, true, '业主端显示的客服电话'],
  ['service', 'evaluation_open', '工单评价', 'boolean', null, '1', null, true, '工单完成后邀请业主评价'],
];

/** Each project's own values, as its managers changed them (project, key, value, days ago). */
const OVERRIDES: [number, string, string, number][] = [
  [DEMO_PROJECTS.cuihu.id, 'face_access', '1', 62],
  [DEMO_PROJECTS.cuihu.id, 'visitor_valid_hours', '8', 40],
  [DEMO_PROJECTS.cuihu.id, 'service_hotline', '021-6288 1234', 88],
  [DEMO_PROJECTS.jinxiu.id, 'paid_repair', '0', 75],
  [DEMO_PROJECTS.jinxiu.id, 'payment_channel', '银行代扣', 30],
  [DEMO_PROJECTS.binjiang.id, 'face_access', '1', 51],
  [DEMO_PROJECTS.binjiang.id, 'repair_response_minutes', '15', 20],
  [DEMO_PROJECTS.yunqi.id, 'app_enabled', '0', 110],
  [DEMO_PROJECTS.yunqi.id, 'online_payment', '0', 110],
];
const DAY = 24 * 3600_000;

/** Parameter definitions with company values, project overrides, and the change log that led there. */
export async function seedParams(ctx: SeedContext): Promise<void> {
  const { trx, now } = ctx;
  const ids = new Map<string, number>();
  for (const [i, [group_code, key, name, value_type, options, default_value, company_value, scope, remark]] of KEYS.entries()) {
    const at = now - 150 * DAY;
    const row = await trx.insertInto('config_key').values({ group_code, key, name, value_type, options: options ? JSON.stringify(options) : null, default_value, company_value, project_scope: scope ? 1 : 0, sort: (i + 1) * 10, remark, enabled: 1, created_by: DEMO_STAFF.admin, created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
    ids.set(key, row.id as number);
    if (company_value !== null) await log(ctx, null, row.id as number, default_value, company_value, 140);
  }
  for (const [projectId, key, value, daysAgo] of OVERRIDES) {
    const at = now - daysAgo * DAY;
    await trx.insertInto('project_config').values({ project_id: projectId, config_key_id: ids.get(key)!, value, created_by: DEMO_STAFF.admin, created_at: at, updated_at: at }).execute();
    await log(ctx, projectId, ids.get(key)!, null, value, daysAgo);
  }
}

async function log(ctx: SeedContext, projectId: number | null, keyId: number, before: string | null, after: string, daysAgo: number) {
  const at = ctx.now - daysAgo * DAY;
  await ctx.trx.insertInto('config_change').values({ project_ref: projectId, config_key_id: keyId, level: projectId === null ? 'company' : 'project', before_value: before, after_value: after, changed_by: DEMO_STAFF.admin, created_by: DEMO_STAFF.admin, created_at: at, updated_at: at }).execute();
}
