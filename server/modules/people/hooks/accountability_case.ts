import type { ResourceHooks, Row } from '../../../engine/hooks.ts';
import { badRequest, conflict } from '../../../platform/http/envelope.ts';
import { formatTime } from '../../../../src/shared/format.ts';
import { regrade } from '../grading.ts';
import { closeDueVotes, openVote, type VoteLevel } from '../votes.ts';
import { nextSequenceCode } from '../../../engine/codes.ts';

const SEVERITY: Record<string, string> = { minor: '一般', major: '较重', serious: '严重' };
const PROTECTION: Record<string, string> = { new_hire: '新入职', transfer: '转岗', promotion: '晋升', special: '特殊' };
/** The level each severity is resolved at: a lower level may only hand it on. */
const LEVEL: Record<string, string> = { minor: 'superior', major: 'region', serious: 'group' };
const RANK: Record<string, number> = { superior: 1, region: 2, group: 3 };
const LEVEL_NAME: Record<string, string> = { superior: '上级', region: '区域', group: '集团' };
const RESOLVE: Record<string, string> = { resolveSuperior: 'superior' };
/** Regional and group resolutions are proposed and put to the responsible team's vote (votes.ts). */
const VOTE: Record<string, VoteLevel> = { voteRegion: 'region', voteGroup: 'group' };

/**
 * Accountability cases: numbered when registered, editable until checked, resolved at the level
 * their severity requires (一般 by the superior; 较重 and 严重 by the vote of the region's or the
 * group's evaluation team on the resolver's proposal, votes.ts), and on
 * execution charged to the responsible staff member's sheet of the period they happened in,
 * unless an active protection term covers that day and penalty (the case then says why).
 */
export const accountabilityCaseHooks: ResourceHooks = {
  async beforeSave({ trx, values, current }) {
    if (current && current.status !== 'pending') throw conflict('问责事项已核查，不能再修改');
    const merged = { ...current, ...values };
    if (merged.penalty === 'deduct_score' && !(Number(merged.points) > 0)) throw badRequest('处理方式为扣分时，请填写拟扣分');
    if (merged.penalty === 'deduct_money' && !(Number(merged.amount) > 0)) throw badRequest('处理方式为扣款时，请填写拟扣款金额');
    if (!current) {
      const day = formatTime(Date.now(), 'YYYYMMDD');
      values.code = await nextSequenceCode(trx, 'accountability_case', `WZ${day}`, 3);
    }
  },

  async afterTransition({ trx, id, action, record }) {
    const voting = VOTE[action];
    if (voting) {
      const needed = LEVEL[String(record.severity)]!;
      if (RANK[voting]! < RANK[needed]!) throw conflict(`「${SEVERITY[String(record.severity)]}」问责事项须由${LEVEL_NAME[needed]}决议，请上报`);
      await openVote(trx, { ...record, id }, voting, Date.now());
    }
    const level = RESOLVE[action];
    if (level) {
      const needed = LEVEL[String(record.severity)]!;
      if (RANK[level]! < RANK[needed]!) throw conflict(`「${SEVERITY[String(record.severity)]}」问责事项须由${LEVEL_NAME[needed]}决议，请上报`);
      const exempt = record.decision === 'exempt';
      await trx
        .updateTable('accountability_case')
        .set({
          resolved_level: level,
          final_points: exempt ? 0 : (record.final_points ?? record.points ?? 0),
          final_amount: exempt ? 0 : (record.final_amount ?? record.amount ?? 0),
        })
        .where('id', '=', id)
        .execute();
    }
    if (action === 'execute') await execute(trx, id);
  },

  async routes(app) {
    app.workflowTimers.add((now) => closeDueVotes(app, now));
  },
};

/** Charges a resolved case to its sheet, or records the protection term that exempts it. */
async function execute(trx: Parameters<NonNullable<ResourceHooks['beforeSave']>>[0]['trx'], id: number): Promise<void> {
  const c = (await trx.selectFrom('accountability_case').selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as Row;
  const at = Number(c.occurred_at);
  const covers = c.final_amount && !c.final_points ? ['money', 'all'] : ['points', 'all'];
  const term = (await trx
    .selectFrom('protection_term')
    .selectAll()
    .where('staff_id', '=', c.staff_id as number)
    .where('status', '=', 'active')
    .where('start_date', '<=', at)
    .where('end_date', '>=', at)
    .where('exempt_scope', 'in', covers)
    .executeTakeFirst()) as Row | undefined;
  if (term && (Number(c.final_points) > 0 || Number(c.final_amount) > 0)) {
    const span = `${formatTime(term.start_date as number, 'YYYY-MM-DD')} 至 ${formatTime(term.end_date as number, 'YYYY-MM-DD')}`;
    await trx
      .updateTable('accountability_case')
      .set({ decision: 'exempt', final_points: 0, final_amount: 0, exempt_note: `责任人处于${PROTECTION[String(term.type)]}保护期（${span}），免予扣分扣款` })
      .where('id', '=', id)
      .execute();
    return;
  }
  const sheet = await trx
    .selectFrom('perf_sheet')
    .innerJoin('perf_period', 'perf_period.id', 'perf_sheet.period_id')
    .select(['perf_sheet.id', 'perf_sheet.final_score'])
    .where('perf_sheet.staff_id', '=', c.staff_id as number)
    .where('perf_period.start_date', '<=', at)
    .where('perf_period.end_date', '>=', at)
    .orderBy('perf_period.start_date', 'desc')
    .executeTakeFirst();
  if (!sheet) return; // no sheet for that period: the case stands on its own (a warning, a fine)
  await trx.updateTable('accountability_case').set({ sheet_id: sheet.id }).where('id', '=', id).execute();
  if (sheet.final_score !== null) await regrade(trx, sheet.id as number);
}
