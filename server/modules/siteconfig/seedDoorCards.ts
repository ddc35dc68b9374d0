import type { SeedContext } from '../../engine/module.ts';
import { orgDemo } from '../org/public.ts';

type Rule = [card: string, maxPerHouse: number, days: number, deposit: number, fee: number, tenant: boolean, autoDisable: boolean, remark: string | null];
/** Door cards each project issues: IC cards everywhere, Bluetooth keys and QR codes where the gates take them. */
const RULES: Rule[][] = [
  [['ic', 4, 1095, 50, 20, true, true, '补卡需携带身份证到客服中心办理'], ['ble', 6, 365, 0, 0, true, true, '业主 App 内申领'], ['qr', 10, 1, 0, 0, false, true, '访客临时通行码，当日有效']],
  [['ic', 3, 730, 50, 15, true, true, null], ['qr', 10, 1, 0, 0, false, true, '访客临时通行码，当日有效']],
  [['ic', 4, 1095, 100, 30, false, true, '租户须业主授权后由业主代办'], ['ble', 4, 365, 0, 0, false, true, null]],
  [['id', 2, 1825, 30, 10, true, false, '老旧门禁，迁出后请人工回收']],
];

export async function seedDoorCards(ctx: SeedContext): Promise<void> {
  const { projectIds } = orgDemo(ctx);
  const at = ctx.now - 200 * 86_400_000;
  for (const [p, projectId] of projectIds.entries()) {
    for (const [card_type, max_per_house, validity_days, deposit, fee, tenant, auto, remark] of RULES[p % RULES.length]!) {
      await ctx.trx.insertInto('door_card_rule').values({ project_id: projectId, card_type, max_per_house, validity_days, deposit, fee, tenant_allowed: tenant ? 1 : 0, auto_disable_on_move_out: auto ? 1 : 0, remark, enabled: 1, created_by: null, created_at: at, updated_at: at }).execute();
    }
  }
}
