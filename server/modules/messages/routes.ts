import type { FastifyInstance } from 'fastify';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { ApiError, notFound, ok } from '../../platform/http/envelope.ts';
import { formatTime } from '../../../src/shared/format.ts';
import { TODO_CATEGORY } from '../../../src/shared/push.ts';

const object = (properties: Record<string, object>, required: string[] = []) => ({ type: 'object', additionalProperties: false, required, properties });
const id = { type: 'integer', minimum: 1 } as const;
/** Spec 3: '1' selects the to-dos; any other category value selects the reminders. */
const filters = { category: { type: 'string', minLength: 1, maxLength: 16 }, isRead: { type: 'integer', enum: [0, 1] } };

interface Filters {
  category?: string;
  isRead?: 0 | 1;
}

type Row = Database['staff_message'];

/** A message as the list and the detail show it. */
function view(m: { id: number; category: string; type: string; title: string | null; content: string; function_id: string | null; is_read: number; read_at: number | null; created_at: number }) {
  return {
    id: m.id,
    category: m.category,
    type: m.type,
    title: m.title,
    content: m.content,
    functionId: m.function_id,
    isRead: m.is_read,
    readTime: formatTime(m.read_at),
    time: formatTime(m.created_at),
  };
}

/**
 * The message calls (spec 7.4, 7.5 "Message"): every staff member reads and marks their own
 * messages only; the push notices of server/platform/push/ are these rows.
 */
export default async function messageService(app: FastifyInstance) {
  const own = (staffId: number, f: Filters = {}) => (eb: ExpressionBuilder<{ staff_message: Row }, 'staff_message'>) => {
    const conditions = [eb('staff_id', '=', staffId)];
    if (f.category !== undefined) conditions.push(eb('category', f.category === TODO_CATEGORY ? '=' : '!=', TODO_CATEGORY));
    if (f.isRead !== undefined) conditions.push(eb('is_read', '=', f.isRead));
    return eb.and(conditions);
  };
  const count = async (staffId: number, f?: Filters) =>
    Number((await app.db.selectFrom('staff_message').select(sql<number>`count(*)`.as('n')).where(own(staffId, f)).executeTakeFirstOrThrow()).n);
  const mine = async (staffId: number, messageId: number) => {
    const m = await app.db.selectFrom('staff_message').selectAll().where('id', '=', messageId).where('staff_id', '=', staffId).executeTakeFirst();
    if (!m) throw notFound('消息不存在或已被删除');
    return m;
  };

  /** Category page: the caller's messages, newest first, by category and read state. */
  app.post(
    '/categoryPage',
    { config: { anyStaff: true }, schema: { body: object({ ...filters, pageNum: { type: 'integer', minimum: 1, default: 1 }, pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 10 } }) } },
    async (request) => {
      const { pageNum, pageSize, ...f } = request.body as Filters & { pageNum: number; pageSize: number };
      const staffId = request.staff!.id;
      const rows = await app.db
        .selectFrom('staff_message')
        .selectAll()
        .where(own(staffId, f))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset((pageNum - 1) * pageSize)
        .execute();
      return ok({ records: rows.map(view), total: await count(staffId, f), pageNum, pageSize });
    },
  );

  /** Page count: how many messages the category page holds for these filters (tab figures). */
  app.post('/pageCount', { config: { anyStaff: true }, schema: { body: object(filters) } }, async (request) =>
    ok({ records: await count(request.staff!.id, request.body as Filters) }),
  );

  /** Mark read by ids (spec 4 rule 5 sends the notice's messageId). Others' ids are not found. */
  app.post(
    '/markRead',
    { config: { anyStaff: true }, schema: { body: object({ ids: { type: 'array', minItems: 1, maxItems: 200, items: id } }, ['ids']) } },
    async (request) => {
      const ids = [...new Set((request.body as { ids: number[] }).ids)];
      const staffId = request.staff!.id;
      const updated = await app.db.transaction().execute(async (trx) => {
        const found = await trx.selectFrom('staff_message').select('id').where('staff_id', '=', staffId).where('id', 'in', ids).execute();
        if (found.length !== ids.length) throw notFound('消息不存在或已被删除');
        const result = await trx.updateTable('staff_message').set({ is_read: 1, read_at: Date.now() }).where('staff_id', '=', staffId).where('id', 'in', ids).where('is_read', '=', 0).executeTakeFirst();
        return Number(result.numUpdatedRows);
      });
      return ok({ updated }, '已标记为已读');
    },
  );

  /** Total count of the caller's messages. */
  app.get('/totalCount', { config: { anyStaff: true } }, async (request) => ok({ records: await count(request.staff!.id) }));

  /** One of the caller's messages. */
  app.get('/detail', { config: { anyStaff: true }, schema: { querystring: object({ id }, ['id']) } }, async (request) =>
    ok(view(await mine(request.staff!.id, (request.query as { id: number }).id))),
  );

  /** Read check (spec 7.4): data.records.isRead, 0 while unread. */
  app.get('/readState', { config: { anyStaff: true }, schema: { querystring: object({ id }, ['id']) } }, async (request) => {
    const m = await mine(request.staff!.id, (request.query as { id: number }).id);
    return ok({ records: { id: m.id, isRead: m.is_read } });
  });

  /** Unread count (spec 7.4): data.records, a number. `account` may only name the caller. */
  app.get('/unreadCount', { config: { anyStaff: true }, schema: { querystring: object({ account: { type: 'string', maxLength: 64 } }) } }, async (request) => {
    const { account } = request.query as { account?: string };
    const staff = request.staff!;
    if (account) {
      const me = await app.db.selectFrom('staff').select(['account', 'business_account_domain']).where('id', '=', staff.id).executeTakeFirstOrThrow();
      if (account !== me.account && account !== me.business_account_domain) throw new ApiError(403, '只能查询本人的消息');
    }
    return ok({ records: await count(staff.id, { isRead: 0 }) });
  });
}
