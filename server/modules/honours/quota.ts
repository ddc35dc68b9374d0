import type { AnyDB, Row } from '../../engine/hooks.ts';
import { conflict } from '../../platform/http/envelope.ts';
import { lockedRows } from '../../platform/db/dialect.ts';
import { HOLDING_QUOTA, HONOR_TYPES, parseJson, type Quota } from './honorTypes.ts';
import { orgAncestors, orgBelow } from './orgs.ts';

/**
 * Refuses a nomination that takes its organisation beyond the round's quota. Run inside the
 * write's transaction after the nomination is stored (SQLite serialises writers, so two
 * simultaneous nominations for the last place are counted one after the other and the second is
 * refused). Every quota entry of the project or an organisation above it for the honour type
 * must hold; a project with no entry has no place.
 */
export async function checkQuota(trx: AnyDB, nominationId: number): Promise<void> {
  const n = (await trx.selectFrom('honor_nomination').select(['round_id', 'project_id', 'honor_type']).where('id', '=', nominationId).executeTakeFirstOrThrow()) as Row;
  // On PostgreSQL the round stays locked until the write commits, so nominations of one round are counted one after the other there too.
  const round = (await lockedRows(trx.selectFrom('honor_round').select(['quotas']).where('id', '=', n.round_id as number)).executeTakeFirstOrThrow()) as Row;
  const chain = await orgAncestors(trx, n.project_id as number);
  const entries = parseJson<Quota[]>(round.quotas, []).filter((q) => q.honor_type === n.honor_type && chain.includes(q.org_id));
  const type = HONOR_TYPES[String(n.honor_type)] ?? String(n.honor_type);
  if (!entries.length) {
    const project = await orgName(trx, n.project_id as number);
    throw conflict(`本轮评选未给「${project}」分配「${type}」名额，不能提名`);
  }
  for (const entry of entries) {
    const used = (await trx
      .selectFrom('honor_nomination')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('round_id', '=', n.round_id as number)
      .where('honor_type', '=', n.honor_type as string)
      .where('status', 'in', HOLDING_QUOTA)
      .where('project_id', 'in', await orgBelow(trx, entry.org_id))
      .executeTakeFirstOrThrow()) as { n: number };
    if (Number(used.n) > entry.quota) {
      throw conflict(`「${await orgName(trx, entry.org_id)}」本轮「${type}」名额为 ${entry.quota} 人，已全部提名，不能再提名`);
    }
  }
}

async function orgName(q: AnyDB, id: number): Promise<string> {
  return ((await q.selectFrom('org').select('name').where('id', '=', id).executeTakeFirst()) as { name: string } | undefined)?.name ?? String(id);
}
