import type { ResourceHooks, Row } from '../../../engine/hooks.ts';
import { badRequest, conflict } from '../../../platform/http/envelope.ts';
import { HONOR_TYPES, parseJson } from '../honorTypes.ts';
import { belongsTo } from '../orgs.ts';
import { checkQuota } from '../quota.ts';

/**
 * Nominations: made while their round takes nominations, for an honour type the round offers and
 * a staff member of the nominating project, within the organisation's quota (checked again when a
 * rejected nomination is reviewed anew); awarded only while the round is being judged.
 */
export const honorNominationHooks: ResourceHooks = {
  /** The nominations of the projects the caller's data scope reaches, and their own: the honours they hold and the nominations they made. */
  visibleRows: ({ staff, projects }) => (eb) =>
    eb.or([
      ...(projects.length ? [eb('honor_nomination.project_id', 'in', projects)] : []),
      eb('honor_nomination.staff_id', '=', staff.id),
      eb('honor_nomination.nominated_by', '=', staff.id),
    ]),

  async beforeSave({ trx, staff, values, current }) {
    const merged = { ...current, ...values };
    const round = (await trx.selectFrom('honor_round').select(['name', 'status', 'honor_types', 'nominate_start', 'nominate_end']).where('id', '=', merged.round_id as number).executeTakeFirst()) as Row | undefined;
    if (!round) throw badRequest('评选轮次不存在');
    if (round.status !== 'open') throw conflict(`「${String(round.name)}」当前不在提名阶段，不能提名`);
    const now = Date.now();
    if (now < Number(round.nominate_start) || now > Number(round.nominate_end)) throw conflict(`「${String(round.name)}」不在提名时间内，不能提名`);
    if (!parseJson<string[]>(round.honor_types, []).includes(String(merged.honor_type))) throw badRequest(`「${String(round.name)}」未设「${HONOR_TYPES[String(merged.honor_type)] ?? ''}」奖项`);
    if (!(await belongsTo(trx, merged.staff_id as number, merged.project_id as number))) throw badRequest('被提名人不属于所选项目');
    const person = (await trx.selectFrom('staff').select('name').where('id', '=', merged.staff_id as number).executeTakeFirstOrThrow()) as { name: string };
    values.staff_name = person.name;
    values.title = `${String(round.name)}·${HONOR_TYPES[String(merged.honor_type)]}·${person.name}`;
    if (!current) values.nominated_by = staff.id;
  },

  async afterSave({ trx, id, created }) {
    if (created) await checkQuota(trx, id);
  },

  async afterTransition({ trx, id, action, from, record }) {
    // A rejected nomination holds no place: reviewing it again takes one back, if one is free.
    if (action === 'review' && from === 'rejected') await checkQuota(trx, id);
    if (action === 'award' || action === 'notAward') {
      const round = (await trx.selectFrom('honor_round').select(['name', 'status']).where('id', '=', record.round_id as number).executeTakeFirstOrThrow()) as Row;
      if (round.status !== 'voting') throw conflict(`「${String(round.name)}」不在评审阶段，不能评定获奖`);
    }
  },
};
