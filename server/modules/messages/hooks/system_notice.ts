import type { FastifyInstance } from 'fastify';
import { badRequest, ok } from '../../../platform/http/envelope.ts';
import { orgSubtree } from '../../../engine/scope.ts';
import type { DB } from '../../../platform/db/index.ts';
import type { AnyDB, ResourceHooks, Row } from '../../../engine/hooks.ts';

type Scope = 'all' | 'org' | 'post' | 'staff';
const LISTS: Record<Exclude<Scope, 'all'>, { field: string; title: string }> = {
  org: { field: 'org_ids', title: '接收组织' },
  post: { field: 'post_ids', title: '接收岗位' },
  staff: { field: 'staff_ids', title: '接收人员' },
};

/** Spec 9: the browser picks the notice's sound from its category and type. */
const SOUND_TYPES: Record<string, string> = { notice: 'system_notice', handle: '121', expire: 'pending_receive_msg', rob: '109', comment: '154' };

const idList = (value: unknown): number[] => {
  const raw = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(raw) ? raw.filter((v): v is number => Number.isInteger(v) && v > 0) : [];
};

/** "2026-11-30 09:00" in the server's time zone, or null. */
function parseSendAt(value: unknown): number | null {
  if (typeof value !== 'string' || !value) return null;
  const at = new Date(value.replace(' ', 'T')).getTime();
  return Number.isNaN(at) ? null : at;
}

/** Enabled staff a notice reaches: everyone, staff of organisations (and below), holders of posts, or named staff. */
export async function recipientsOf(trx: AnyDB, notice: Row): Promise<number[]> {
  const scope = notice.recipient_scope as Scope;
  let query = trx.selectFrom('staff').select('staff.id').where('staff.enabled', '=', 1);
  if (scope === 'org') {
    const orgs = new Set<number>();
    for (const id of idList(notice.org_ids)) for (const o of await orgSubtree(trx as unknown as DB, id)) orgs.add(o);
    if (!orgs.size) return [];
    const viaPosts = trx.selectFrom('staff_post').innerJoin('post', 'post.id', 'staff_post.post_id').select('staff_post.staff_id').where('post.org_id', 'in', [...orgs]).where('post.enabled', '=', 1);
    query = query.where((eb) => eb.or([eb('staff.org_id', 'in', [...orgs]), eb('staff.id', 'in', viaPosts)]));
  } else if (scope === 'post') {
    const posts = idList(notice.post_ids);
    if (!posts.length) return [];
    query = query.where('staff.id', 'in', trx.selectFrom('staff_post').select('staff_id').where('post_id', 'in', posts));
  } else if (scope === 'staff') {
    const staff = idList(notice.staff_ids);
    if (!staff.length) return [];
    query = query.where('staff.id', 'in', staff);
  }
  return ((await query.orderBy('staff.id').execute()) as { id: number }[]).map((r) => r.id);
}

/**
 * Sends a notice: one message per recipient through the push notices of server/push (a popup
 * with its category's sound), or into the message lists only when the category pushes no popup.
 * Answers the number of recipients; refuses a notice that reaches nobody.
 */
export async function deliver(app: FastifyInstance, trx: AnyDB, notice: Row): Promise<number> {
  const category = (await trx.selectFrom('message_category').select(['category', 'sound', 'popup']).where('id', '=', notice.category_id).executeTakeFirst()) as
    | { category: string; sound: string; popup: number }
    | undefined;
  if (!category) throw badRequest('消息分类不存在或已被删除');
  const staffIds = await recipientsOf(trx, notice);
  if (!staffIds.length) throw badRequest('接收范围内没有在职员工，请调整接收范围');
  const message = { category: category.category, type: SOUND_TYPES[category.sound] ?? SOUND_TYPES.notice!, title: String(notice.title), content: String(notice.content), functionId: null };
  if (category.popup) {
    await app.notices.send(trx, { staffIds, ...message });
  } else {
    // published_at 0: listed and counted as unread, never pushed (the outbox skips it).
    const now = Date.now();
    await trx
      .insertInto('staff_message')
      .values(staffIds.map((staffId) => ({ staff_id: staffId, category: message.category, type: message.type, title: message.title, content: message.content, function_id: null, created_at: now, published_at: 0 })))
      .execute();
  }
  await trx.updateTable('system_notice').set({ recipient_count: staffIds.length }).where('id', '=', notice.id).execute();
  return staffIds.length;
}

/** Sends every scheduled notice whose time has come; one that cannot be sent goes back to draft with the reason. */
export async function sendDueNotices(app: FastifyInstance, now = Date.now()): Promise<number> {
  const db = app.db as unknown as AnyDB;
  const scheduled = (await db.selectFrom('system_notice').selectAll().where('status', '=', 'scheduled').execute()) as Row[];
  let sent = 0;
  for (const notice of scheduled.filter((n) => (parseSendAt(n.send_at) ?? Infinity) <= now)) {
    const author = (await db.selectFrom('staff').select(['id', 'name']).where('id', '=', notice.created_by).executeTakeFirst()) as { id: number; name: string } | undefined;
    const step = (trx: AnyDB, to: string, note: string) =>
      trx
        .insertInto('resource_timeline')
        .values({ resource: 'system_notice', record_id: notice.id, action: to === 'sent' ? 'send' : 'cancel', from_state: 'scheduled', to_state: to, note, staff_id: author?.id ?? null, staff_name: author?.name ?? '系统', at: Date.now() })
        .execute();
    try {
      await db.transaction().execute(async (trx) => {
        const still = await trx.selectFrom('system_notice').select('id').where('id', '=', notice.id).where('status', '=', 'scheduled').executeTakeFirst();
        if (!still) return;
        await deliver(app, trx, notice);
        await trx.updateTable('system_notice').set({ status: 'sent', sent_at: Date.now(), updated_at: Date.now() }).where('id', '=', notice.id).execute();
        await step(trx, 'sent', '到达定时发送时间，自动发送');
        sent++;
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      app.log.warn({ err: error, noticeId: notice.id }, 'scheduled notice not sent');
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('system_notice').set({ status: 'draft', updated_at: Date.now() }).where('id', '=', notice.id).where('status', '=', 'scheduled').execute();
        await step(trx, 'draft', `定时发送失败：${reason}`);
      });
    }
  }
  return sent;
}

const optionsSchema = { querystring: { type: 'object', additionalProperties: false, properties: { all: { type: 'boolean' } } } };
const FORM_CODES = ['sys-notice:add', 'sys-notice:edit'];

/**
 * System notices (/message-create): recipients by organisation, post or staff member, saved as
 * a draft, then sent at once or at a set time (checked on the workflow timers' clock).
 */
export const systemNoticeHooks: ResourceHooks = {
  async beforeSave({ trx, values, current }) {
    const merged = { ...current, ...values };
    const scope = merged.recipient_scope as Scope;
    for (const [kind, list] of Object.entries(LISTS)) {
      if (kind !== scope) {
        values[list.field] = null;
        continue;
      }
      const ids = idList(merged[list.field]);
      if (!ids.length) throw badRequest(`请选择${list.title}`);
      if (ids.length > 500) throw badRequest(`${list.title}最多选择 500 个`);
      const table = kind === 'org' ? 'org' : kind;
      const found = (await trx.selectFrom(table).select('id').where('id', 'in', ids).execute()) as { id: number }[];
      if (found.length !== new Set(ids).size) throw badRequest(`${list.title}中有不存在的记录，请重新选择`);
      values[list.field] = JSON.stringify([...new Set(ids)]);
    }
    if (merged.send_at && parseSendAt(merged.send_at) === null) throw badRequest('定时发送时间格式不正确');
    const category = (await trx.selectFrom('message_category').select(['name', 'enabled']).where('id', '=', merged.category_id).executeTakeFirst()) as { name: string; enabled: number } | undefined;
    if (category && !category.enabled) throw badRequest(`消息分类「${category.name}」已停用，请选择其他分类`);
  },

  async afterTransition({ app, trx, id, to, record }) {
    if (to === 'sent') {
      await deliver(app, trx, { ...record, id });
    } else if (to === 'scheduled') {
      const at = parseSendAt(record.send_at);
      if (at === null) throw badRequest('请先编辑通知，填写定时发送时间');
      if (at <= Date.now()) throw badRequest('定时发送时间必须晚于当前时间');
      if (!(await recipientsOf(trx, record)).length) throw badRequest('接收范围内没有在职员工，请调整接收范围');
    }
  },

  async routes(app) {
    const db = app.db as unknown as AnyDB;
    app.get('/orgOptions', { config: { btnCode: FORM_CODES }, schema: optionsSchema }, async () => {
      const types: Record<string, string> = { company: '公司', region: '区域', project: '项目' };
      const rows = (await db.selectFrom('org').select(['id', 'name', 'type']).where('enabled', '=', 1).orderBy('sort').orderBy('id').execute()) as { id: number; name: string; type: string }[];
      return ok(rows.map((r) => ({ label: `${r.name}（${types[r.type] ?? r.type}）`, value: r.id })));
    });
    app.get('/postOptions', { config: { btnCode: FORM_CODES }, schema: optionsSchema }, async () => {
      const rows = (await db
        .selectFrom('post')
        .innerJoin('org', 'org.id', 'post.org_id')
        .select(['post.id', 'post.name', 'org.name as org'])
        .where('post.enabled', '=', 1)
        .orderBy('org.sort')
        .orderBy('post.id')
        .execute()) as { id: number; name: string; org: string }[];
      return ok(rows.map((r) => ({ label: `${r.org} · ${r.name}`, value: r.id })));
    });
    app.get('/staffOptions', { config: { btnCode: FORM_CODES }, schema: optionsSchema }, async () => {
      const rows = (await db.selectFrom('staff').select(['id', 'name', 'account']).where('enabled', '=', 1).orderBy('id').execute()) as { id: number; name: string; account: string }[];
      return ok(rows.map((r) => ({ label: `${r.name}（${r.account}）`, value: r.id })));
    });

    // Scheduled notices go out on the workflow timers' clock (every minute; send times are to the minute).
    app.workflowTimers.add((now) => sendDueNotices(app, now));
  },
};
