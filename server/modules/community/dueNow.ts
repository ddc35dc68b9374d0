import type { AnyDB, Row } from '../../engine/hooks.ts';
import { writeTimeline } from '../../engine/resources/workflow.ts';

/**
 * An approved notice or activity whose planned time is empty or already past goes out at once,
 * as 系统, in the approving transaction: the date timer (`timers` in its JSON) would only catch it
 * at its next pass. The same move the timer makes: the state, its stamp, the timeline.
 */
export async function moveIfDue(
  trx: AnyDB,
  table: 'mass_notice' | 'activity',
  record: Row & { id: number },
  move: { at: string; from: string; to: string; action: string; stamp: string; note: string },
  now: number,
): Promise<boolean> {
  const at = record[move.at] as number | null;
  if (at !== null && at !== undefined && at > now) return false;
  const done = await trx
    .updateTable(table)
    .set({ status: move.to, [move.stamp]: now, [move.at]: at ?? now, state_at: now, updated_at: now })
    .where('id', '=', record.id)
    .where('status', '=', move.from)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) return false;
  await writeTimeline(trx, table, { id: record.id, action: move.action, from: move.from, to: move.to, note: move.note }, null);
  return true;
}
