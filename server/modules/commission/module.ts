import type { ServerModule } from '../../engine/module.ts';
import { commissionLogHooks, distributionHooks, poolHooks } from './hooks.ts';
import { commissionRuleHooks } from './ruleHooks.ts';
import { COMMISSION_DEMO_GRANTS, seedCommission } from './seed.ts';

/**
 * The commission platform: pools per project, period and business type (paid repairs computed
 * from the finished work orders' materials), distributions whose lines add up to their total and
 * never exceed the pool's balance, the OA round trip (a signed callback), and payment into each
 * staff member's commission log.
 */
export const commissionModule: ServerModule = {
  name: 'commission',
  dependsOn: ['org', 'workorder', 'transport'],
  hooks: { commission_rule: commissionRuleHooks, commission_pool: poolHooks, commission_distribution: distributionHooks, commission_log: commissionLogHooks },
  demoGrants: COMMISSION_DEMO_GRANTS,
  seed: seedCommission,
};
