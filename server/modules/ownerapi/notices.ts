import type { AnyDB, Row } from '../../engine/hooks.ts';
import type { FastifyInstance } from 'fastify';
import { notFound, ok } from '../../platform/http/envelope.ts';
import { countRecipients } from '../community/public.ts';
import { ownerOf, type OwnerContext } from './context.ts';
import { idQuery, pageQuery } from './input.ts';

const mine = (owner: OwnerContext) => owner.houses.map((h) => h.customerId);

/**
 * Mass notices sent to the owner (any of their customer records, any channel): the list, and one
 * notice read, which records the read receipt once (later reads change nothing) and recounts the
 * notice's 已读人数 that the staff detail shows.
 */
export default async function noticeRoutes(app: FastifyInstance) {
  const db = app.db as unknown as AnyDB;
  app.get('/notice/list', { config: { owner: true }, schema: { querystring: pageQuery } }, async (request) => {
    const { pageNum = 1, pageSize = 20 } = request.query as { pageNum?: number; pageSize?: number };
    const now = Date.now();
    const rows = await db
      .selectFrom('notice_recipient as r')
      .innerJoin('mass_notice as n', 'n.id', 'r.notice_id')
      .select(['n.id', 'n.title', 'n.notice_type', 'n.sent_at'])
      .select((eb) => eb.fn.max('r.read_at').as('read_at'))
      .where('r.customer_id', 'in', mine(ownerOf(request)))
      .where('n.status', '=', 'sent')
      .where((eb) => eb.or([eb('n.display_end', 'is', null), eb('n.display_end', '>', now)]))
      .groupBy(['n.id', 'n.title', 'n.notice_type', 'n.sent_at'])
      .orderBy('n.sent_at', 'desc')
      .orderBy('n.id', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute();
    return ok((rows as Row[]).map((r) => ({ ...r, read: r.read_at !== null })));
  });

  app.get('/notice/detail', { config: { owner: true }, schema: { querystring: idQuery } }, async (request) => {
    const { id } = request.query as { id: number };
    const customers = mine(ownerOf(request));
    const now = Date.now();
    const notice = await db
      .selectFrom('mass_notice as n')
      .select(['n.id', 'n.title', 'n.notice_type', 'n.content', 'n.cover', 'n.sent_at'])
      .where('n.id', '=', id)
      .where('n.status', '=', 'sent')
      .where((eb) => eb.exists(eb.selectFrom('notice_recipient as r').select('r.id').whereRef('r.notice_id', '=', 'n.id').where('r.customer_id', 'in', customers)))
      .executeTakeFirst();
    if (!notice) throw notFound('通知不存在或未发送给您');
    await db.transaction().execute(async (trx) => {
      const marked = await trx.updateTable('notice_recipient').set({ read_at: now }).where('notice_id', '=', id).where('customer_id', 'in', customers).where('read_at', 'is', null).executeTakeFirst();
      if (Number(marked.numUpdatedRows) > 0) await countRecipients(trx, id);
    });
    return ok(notice);
  });
}
