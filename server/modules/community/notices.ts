import type { AnyDB, Row } from '../../engine/hooks.ts';
import { resolveAudience } from '../../engine/audience.ts';
import { badRequest } from '../../platform/http/envelope.ts';
import { deliver } from './channels.ts';

/**
 * Sends a mass notice: its audience resolved to the customers there now, one recipient row per
 * customer and channel (a second send of the same notice records nobody twice), and the count
 * of customers reached on the notice. Runs inside the approving transaction.
 */
export async function publishNotice(trx: AnyDB, notice: Row, now = Date.now()): Promise<number> {
  const recipients = await resolveAudience(trx, 'owner', notice.audience);
  if (!recipients.length) throw badRequest('发送范围内没有业主，无法发送；请修改发送范围');
  const channels = JSON.parse(String(notice.channels ?? '[]')) as string[];
  const rows = recipients.flatMap((r) => channels.map((channel) => ({ notice_id: notice.id as number, customer_id: r.customerId!, house_id: r.houseId ?? null, project_id: r.projectId ?? null, channel, delivery: deliver(channel), sent_at: now, read_at: null })));
  // SQLite binds at most 32766 values a statement: 9 columns, so 1000 rows a batch.
  for (let i = 0; i < rows.length; i += 1000) {
    await trx.insertInto('notice_recipient').values(rows.slice(i, i + 1000)).onConflict((oc) => oc.columns(['notice_id', 'customer_id', 'channel']).doNothing()).execute();
  }
  return countRecipients(trx, notice.id as number);
}

/** Customers reached and those who read it, written on the notice. */
export async function countRecipients(trx: AnyDB, noticeId: number): Promise<number> {
  const count = (read: boolean) => {
    let q = trx.selectFrom('notice_recipient').select((eb) => eb.fn.count<number>('customer_id').distinct().as('n')).where('notice_id', '=', noticeId);
    if (read) q = q.where('read_at', 'is not', null);
    return q.executeTakeFirstOrThrow().then((r) => Number((r as { n: number }).n));
  };
  const [reached, read] = [await count(false), await count(true)];
  await trx.updateTable('mass_notice').set({ recipient_count: reached, read_count: read }).where('id', '=', noticeId).execute();
  return reached;
}
