import type { AnyDB } from '../../engine/hooks.ts';
import { fen } from './money.ts';

/** The business types whose income comes from source orders, and the work-order kind each counts. */
export const SOURCE_KINDS: Record<string, string> = { repair_paid: 'repair', home_service: 'home_service' };

export interface CommissionRule {
  id: number;
  name: string;
  project_id: number | null;
  mode: 'rate' | 'fixed';
  rate: number | null;
  fixed_amount: number | null;
  effective_from: number;
  effective_to: number | null;
}

/** Whether a rule is in force at a moment: from its first day, up to (not including) its end. */
const inForce = (rule: CommissionRule, at: number) => rule.effective_from <= at && (rule.effective_to === null || at < rule.effective_to);

/**
 * The rule that prices one source order: of the rules in force at the order's date, the
 * project's own over the company-wide one; among several of one kind (the save refuses overlaps,
 * so only after a rule's dates were narrowed) the latest to take effect.
 */
export function pickRule(rules: readonly CommissionRule[], projectId: number, at: number): CommissionRule | null {
  const live = rules.filter((r) => inForce(r, at) && (r.project_id === null || r.project_id === projectId));
  live.sort((a, b) => Number(b.project_id !== null) - Number(a.project_id !== null) || b.effective_from - a.effective_from);
  return live[0] ?? null;
}

/** One order's commission in fen under its rule: a share of its charge, or the fixed sum per order. */
export const orderCommissionFen = (rule: CommissionRule, chargeFen: number): number => (rule.mode === 'fixed' ? fen(rule.fixed_amount) : Math.round((chargeFen * Number(rule.rate ?? 0)) / 100));

export async function loadRules(trx: AnyDB, bizType: string): Promise<CommissionRule[]> {
  const rows = await trx.selectFrom('commission_rule').select(['id', 'name', 'scope_project_id as project_id', 'mode', 'rate', 'fixed_amount', 'effective_from', 'effective_to']).where('biz_type', '=', bizType).execute();
  return rows.map((r) => ({ ...r, effective_from: Number(r.effective_from), effective_to: r.effective_to === null ? null : Number(r.effective_to) }) as CommissionRule);
}

/** Two rules of one business type and the same reach (one project, or all projects) may not be in force at once. */
export async function overlappingRule(trx: AnyDB, rule: { id?: number; biz_type: string; project_id: number | null; effective_from: number; effective_to: number | null }): Promise<CommissionRule | null> {
  const others = (await loadRules(trx, rule.biz_type)).filter((r) => r.id !== rule.id && r.project_id === rule.project_id);
  return others.find((r) => r.effective_from < (rule.effective_to ?? Infinity) && rule.effective_from < (r.effective_to ?? Infinity)) ?? null;
}
